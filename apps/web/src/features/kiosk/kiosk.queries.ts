import {
  type KioskWorks,
  type ProductionResult,
  productionResultEndpoints as ep,
  type ResultSave,
} from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '../../api/http.ts';
import { KIOSK_REFRESH_MS, type KioskPlace } from './kiosk-rules.ts';

// Kiosk calls (SPEC §7 "Kiosk"): the factories with their lines, a line's works of the factory's today (read again
// every 30 s), and the save of results. Every call is `silent`: the kiosk shows its errors on the screen itself
// (a shortage table, a message in the dialog), not as a passing toast.

export const kioskKeys = {
  all: ['kiosk'] as const,
  locations: ['kiosk', 'locations'] as const,
  works: (place: KioskPlace) => ['kiosk', 'works', place.fabId, place.lineId] as const,
};

export function useKioskLocations() {
  return useQuery({
    queryKey: kioskKeys.locations,
    queryFn: ({ signal }) => call(ep.kioskLocations, { signal, silent: true }),
    staleTime: 5 * 60_000,
  });
}

const fetchWorks = (place: KioskPlace, signal?: AbortSignal) =>
  call(ep.kioskWorks, { query: { fabId: place.fabId, lineId: place.lineId }, signal, silent: true });

export function useKioskWorks(place: KioskPlace | null) {
  return useQuery({
    queryKey: kioskKeys.works(place ?? { fabId: 0, lineId: 0 }),
    queryFn: ({ signal }) => fetchWorks(place!, signal),
    enabled: !!place,
    refetchInterval: KIOSK_REFRESH_MS,
    // A kiosk is a wall screen: it keeps reading while another window has the focus.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}

/** The saved results in place of their old rows. */
export function withSaved(works: KioskWorks, saved: ProductionResult[]): KioskWorks {
  const byId = new Map(saved.map((r) => [r.id, r]));
  return { ...works, dailyPlans: works.dailyPlans.map((d) => byId.get(d.id) ?? d) };
}

/**
 * The kiosk's writes for one line: `fresh` reads a work as the server has it now (a result entry adds to the latest
 * totals, not to what the screen showed up to 30 s ago); `save` sends results and refreshes the line's works.
 */
export function useKioskApi(place: KioskPlace | null) {
  const qc = useQueryClient();
  const fresh = useCallback(
    async (id: number): Promise<ProductionResult | undefined> => {
      if (!place) return undefined;
      const works = await fetchWorks(place);
      qc.setQueryData(kioskKeys.works(place), works);
      return works.dailyPlans.find((d) => d.id === id);
    },
    [place, qc],
  );
  const save = useCallback(
    async (items: ResultSave[]) => {
      const saved = await call(ep.kioskSave, { body: { dailyPlans: items }, silent: true });
      if (place) {
        qc.setQueryData<KioskWorks>(kioskKeys.works(place), (old) => (old ? withSaved(old, saved) : old));
        void qc.invalidateQueries({ queryKey: kioskKeys.works(place) });
      }
      return saved;
    },
    [place, qc],
  );
  return { fresh, save };
}
