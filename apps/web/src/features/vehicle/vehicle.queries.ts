import {
  type BodyArgsOf,
  type VehicleTreeNode,
  partEndpoints,
  partHistoryEndpoints,
  vehicleEndpoints,
} from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// Vehicle, part and part-history calls (SPEC §7). Every write refreshes the whole `vehicle` family: a replacement
// changes the part's schedule, the vehicle's mileage and alert count, the tree's badges and the alert list.
export type VehicleFormValues = BodyArgsOf<typeof vehicleEndpoints.create>;
export type PartFormValues = BodyArgsOf<typeof partEndpoints.create>;
export type ReplacementFormValues = Omit<BodyArgsOf<typeof partHistoryEndpoints.create>, 'partId'>;

export const vehicleKeys = {
  all: ['vehicle'] as const,
  list: ['vehicle', 'list'] as const,
  tree: ['vehicle', 'tree'] as const,
  parts: (vehicleId: number | null) => ['vehicle', 'parts', vehicleId] as const,
  histories: (vehicleId: number) => ['vehicle', 'histories', vehicleId] as const,
  alerts: ['vehicle', 'alerts'] as const,
};

export function useVehicles() {
  return useQuery({ queryKey: vehicleKeys.list, queryFn: ({ signal }) => call(vehicleEndpoints.list, { signal }) });
}

export function useVehicleTree() {
  return useQuery({ queryKey: vehicleKeys.tree, queryFn: ({ signal }) => call(vehicleEndpoints.tree, { signal }) });
}

/** Parts of one vehicle, or of all (null). */
export function useParts(vehicleId: number | null, enabled = true) {
  return useQuery({
    queryKey: vehicleKeys.parts(vehicleId),
    queryFn: ({ signal }) => call(partEndpoints.list, { query: { vehicleId: vehicleId ?? undefined }, signal }),
    enabled,
  });
}

/** A vehicle's replacements, all parts, newest first. */
export function useVehicleHistories(vehicleId: number | null, enabled = true) {
  return useQuery({
    queryKey: vehicleKeys.histories(vehicleId ?? 0),
    queryFn: ({ signal }) => call(partHistoryEndpoints.byVehicle, { params: { id: vehicleId! }, signal }),
    enabled: enabled && vehicleId != null,
  });
}

export function vehicleIdsUnder(node: VehicleTreeNode): number[] {
  if (node.kind === 'vehicle') return [node.id];
  return node.children.flatMap(vehicleIdsUnder);
}

export function findVehicleNode(nodes: VehicleTreeNode[], key: string): VehicleTreeNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = findVehicleNode(n.children, key);
    if (inner) return inner;
  }
  return undefined;
}

const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

const vehicleBody = (v: VehicleFormValues) => ({
  plateNumber: v.plateNumber?.trim(),
  name: v.name,
  model: v.model || null,
  year: num(v.year),
  mileage: num(v.mileage) ?? 0,
  locationId: v.locationId,
  description: v.description || null,
});

const partBody = (v: Omit<PartFormValues, 'vehicleId'>) => ({
  name: v.name,
  intervalDays: num(v.intervalDays),
  intervalKm: num(v.intervalKm),
  fittedDate: v.fittedDate,
  fittedMileage: num(v.fittedMileage) ?? 0,
  note: v.note || null,
});

const replacementBody = (v: ReplacementFormValues) => ({
  replacedDate: v.replacedDate,
  mileage: num(v.mileage) ?? 0,
  cost: num(v.cost),
  note: v.note || null,
});

export function useVehicleApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: vehicleKeys.all });
  return {
    create: async (v: VehicleFormValues) => {
      const saved = await call(vehicleEndpoints.create, { body: vehicleBody(v), silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: VehicleFormValues) => {
      const saved = await call(vehicleEndpoints.update, { params: { id }, body: vehicleBody(v), silent: true });
      await refresh();
      return saved;
    },
    /** Blocked by parts: the API client opens the related-data dialog. */
    remove: async (ids: number[]) => {
      await call(vehicleEndpoints.remove, { query: { ids } });
      await refresh();
    },
    createPart: async (v: PartFormValues) => {
      const saved = await call(partEndpoints.create, {
        body: { ...partBody(v), vehicleId: v.vehicleId },
        silent: true,
      });
      await refresh();
      return saved;
    },
    updatePart: async (id: number, v: Omit<PartFormValues, 'vehicleId'>) => {
      const saved = await call(partEndpoints.update, { params: { id }, body: partBody(v), silent: true });
      await refresh();
      return saved;
    },
    removeParts: async (ids: number[]) => {
      if (ids.length === 1) await call(partEndpoints.remove, { params: { id: ids[0] } });
      else await call(partEndpoints.removeBulk, { params: { ids } });
      await refresh();
    },
    createReplacement: async (partId: number, v: ReplacementFormValues) => {
      const saved = await call(partHistoryEndpoints.create, { body: { ...replacementBody(v), partId }, silent: true });
      await refresh();
      return saved;
    },
    updateReplacement: async (id: number, v: ReplacementFormValues) => {
      const saved = await call(partHistoryEndpoints.update, { params: { id }, body: replacementBody(v), silent: true });
      await refresh();
      return saved;
    },
    removeReplacements: async (ids: number[]) => {
      if (ids.length === 1) await call(partHistoryEndpoints.remove, { params: { id: ids[0] } });
      else await call(partHistoryEndpoints.removeBulk, { params: { ids } });
      await refresh();
    },
  };
}
