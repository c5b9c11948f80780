import { type BodyArgsOf, type VisualResult, visualEndpoints as ep } from '@eqms/contract';
import type { PageArgs } from './haccp.queries.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callBlob, callPage } from '../../api/http.ts';

// Visual inspection calls (SPEC §7 "HACCP and records" — Visual inspection): the period's inspections, one with its
// amendment chain and photos, the LOT ID look-up, and the writes (sign, review and amend re-send the user's password).

export type VisualValues = BodyArgsOf<typeof ep.create>;
export type VisualAmendValues = BodyArgsOf<typeof ep.amend>;
export type VisualListArgs = { startDt: string; endDt: string; result?: VisualResult; lotId?: string };

export const visualKeys = { all: ['haccp-visual'] as const };

export function useVisualList(args: VisualListArgs | null, page: PageArgs) {
  return useQuery({
    queryKey: [...visualKeys.all, 'list', args, page],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, ...page }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useVisualDetail(id: number | null) {
  return useQuery({
    queryKey: [...visualKeys.all, 'detail', id],
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

/** A photo as an object URL (the file path needs the bearer token, so an <img src> cannot fetch it itself). */
export function useVisualPhotoUrl(id: number) {
  const query = useQuery({
    queryKey: [...visualKeys.all, 'photo', id],
    queryFn: ({ signal }) => callBlob(ep.photo, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return url;
}

/** The LOT ID look-up: silent, the form says "no such lot" on the field itself. */
export const lookupVisualLot = (lotId: string) => call(ep.lot, { query: { lotId }, silent: true });

export function useVisualApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: visualKeys.all });
  const after = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } finally {
      await refresh();
    }
  };
  return {
    create: (body: VisualValues) => after(() => call(ep.create, { body, silent: true })),
    update: (body: VisualValues & { id: number }) => after(() => call(ep.update, { body, silent: true })),
    remove: (id: number) => after(() => call(ep.remove, { params: { id } })),
    sign: (id: number, password: string) =>
      after(() => call(ep.sign, { params: { id }, body: { password }, silent: true })),
    review: (id: number, password: string) =>
      after(() => call(ep.review, { params: { id }, body: { password }, silent: true })),
    amend: (id: number, body: VisualAmendValues) => after(() => call(ep.amend, { params: { id }, body, silent: true })),
    addPhoto: (id: number, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return after(() => call(ep.addPhoto, { params: { id }, body: form }));
    },
    removePhoto: (id: number) => after(() => call(ep.removePhoto, { params: { id } })),
  };
}
