import { type BodyArgsOf, type ClaimStatus, claimEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callBlob, callPage } from '../../api/http.ts';

// Claim calls (SPEC §7 "Claim"): the list of a period, one claim's photos, the LOT ID look-up, and the writes.

export type ClaimCreateValues = BodyArgsOf<typeof ep.create>;
export type ClaimUpdateValues = BodyArgsOf<typeof ep.update>;
export type ClaimListArgs = {
  startDt?: string;
  endDt?: string;
  bizPartnerId?: number;
  status?: ClaimStatus;
  q?: string;
};

export const claimKeys = { all: ['claim'] as const };

export function useClaims(args: ClaimListArgs | null, page: number, size: number) {
  return useQuery({
    queryKey: [...claimKeys.all, 'list', args, page, size],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, q: args!.q || undefined, page, size }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useClaimPhotos(claimId: number | null) {
  return useQuery({
    queryKey: [...claimKeys.all, 'photos', claimId],
    queryFn: ({ signal }) => call(ep.photos, { params: { claimId: claimId! }, signal }),
    enabled: claimId != null,
  });
}

/** A photo as an object URL (the file path needs the bearer token, so an <img src> cannot fetch it itself). */
export function usePhotoUrl(id: number) {
  const query = useQuery({
    queryKey: [...claimKeys.all, 'photo', id],
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
export const lookupLot = (lotId: string) => call(ep.lot, { query: { lotId }, silent: true });

export function useClaimApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: claimKeys.all });
  return {
    create: async (body: ClaimCreateValues) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    update: async (body: ClaimUpdateValues) => {
      const saved = await call(ep.update, { body, silent: true });
      await refresh();
      return saved;
    },
    remove: async (claimId: number) => {
      try {
        await call(ep.remove, { params: { claimId } });
      } finally {
        await refresh();
      }
    },
    addPhoto: async (claimId: number, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        return await call(ep.addPhoto, { params: { claimId }, body: form });
      } finally {
        await refresh();
      }
    },
    removePhoto: async (id: number) => {
      try {
        await call(ep.removePhoto, { params: { id } });
      } finally {
        await refresh();
      }
    },
  };
}
