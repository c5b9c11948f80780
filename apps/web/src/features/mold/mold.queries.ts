import { type BodyArgsOf, type Mold, moldEndpoints as ep, productEndpoints } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, callBlob, callPage } from '../../api/http.ts';

// Mold calls (SPEC §7 "Mold"): the list, the trees and place cascader, a mold's in/out history and design image,
// and the writes. Every write refreshes everything under moldKeys.all (list, trees, history).

export type MoldSaveValues = BodyArgsOf<typeof ep.save>;
export type MoldInoutValues = BodyArgsOf<typeof ep.addInout>;
export type MoldListArgs = {
  q?: string;
  productId?: number;
  due?: 'true' | '';
  mounted?: 'true' | 'false' | '';
};
/** A tree node chosen beside the list: a location (and below), a tool, or a product. */
export type MoldScope = { locationId?: number; toolId?: number; productId?: number; moldId?: number };

export const moldKeys = { all: ['mold'] as const };

export function scopeOfKey(key: string | undefined): MoldScope {
  if (!key) return {};
  let m = /^L(\d+)$/.exec(key);
  if (m) return { locationId: Number(m[1]) };
  m = /^T(\d+)$/.exec(key);
  if (m) return { toolId: Number(m[1]) };
  m = /^P(\d+)-M(\d+)$/.exec(key);
  if (m) return { moldId: Number(m[2]) };
  m = /^P(\d+)$/.exec(key);
  if (m) return { productId: Number(m[1]) };
  return {};
}

/** The list: the tree's location or tool (their own paths), else the filtered and paged list. */
export function useMolds(scope: MoldScope, args: MoldListArgs, page: number, size: number) {
  return useQuery({
    queryKey: [...moldKeys.all, 'list', scope, args, page, size],
    queryFn: async ({ signal }) => {
      if (scope.locationId || scope.toolId) {
        const data = scope.locationId
          ? await call(ep.locationMolds, { params: { id: scope.locationId }, signal })
          : await call(ep.toolMolds, { params: { id: scope.toolId! }, signal });
        const filtered = data.filter(
          (m) =>
            (!args.due || m.dueForMaintenance) &&
            (!args.mounted || String(m.mounted) === args.mounted) &&
            (!args.productId || m.products.some((p) => p.id === args.productId)) &&
            (!args.q ||
              [m.code, m.name, ...m.products.flatMap((p) => [p.code, p.name])]
                .join('\u0001')
                .toLowerCase()
                .includes(args.q.toLowerCase())),
        );
        return { data: filtered.slice((page - 1) * size, page * size), total: filtered.length };
      }
      return callPage(ep.list, {
        query: {
          q: args.q || undefined,
          productId: scope.productId || args.productId || undefined,
          due: args.due || undefined,
          mounted: args.mounted || undefined,
          ids: scope.moldId ? [scope.moldId] : undefined,
          page,
          size,
        },
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

export function useMoldTree(kind: 'location' | 'mold', containEmpty: boolean) {
  return useQuery({
    queryKey: [...moldKeys.all, 'tree', kind, containEmpty],
    queryFn: ({ signal }) =>
      kind === 'location'
        ? call(ep.locationTree, { query: { containEmpty: containEmpty ? 'true' : undefined }, signal })
        : call(ep.moldTree, { signal }),
  });
}

export function usePlaceOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...moldKeys.all, 'cascader'],
    queryFn: ({ signal }) => call(ep.cascader, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useMoldInouts(moldId: number | null) {
  return useQuery({
    queryKey: [...moldKeys.all, 'inouts', moldId],
    queryFn: ({ signal }) => call(ep.inouts, { params: { id: moldId! }, signal }),
    enabled: moldId != null,
  });
}

/** Every product for the form's multi-select (demo scale: tens; a factory: hundreds). */
export function useProductOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['product', 'options', 'mold'],
    queryFn: ({ signal }) => callPage(productEndpoints.list, { query: { page: 1, size: 1000 }, signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The design image as an object URL (the path needs the bearer token). */
export function useMoldImage(mold: Pick<Mold, 'id' | 'designImageId'> | null) {
  const query = useQuery({
    queryKey: [...moldKeys.all, 'image', mold?.id ?? 0, mold?.designImageId ?? null],
    queryFn: ({ signal }) => callBlob(ep.designImage, { params: { id: mold!.id }, signal }),
    enabled: !!mold?.designImageId,
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

export function useMoldApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: moldKeys.all });
  const after = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } finally {
      await refresh();
    }
  };
  return {
    save: async (body: MoldSaveValues) => {
      const saved = await call(ep.save, { body, silent: true });
      await refresh();
      return saved;
    },
    addInout: async (body: MoldInoutValues) => {
      const saved = await call(ep.addInout, { body, silent: true });
      await refresh();
      return saved;
    },
    remove: (id: number) => after(() => call(ep.remove, { params: { id } })),
    removeInout: (id: number) => after(() => call(ep.removeInout, { params: { id } })),
    setImage: (id: number, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return after(() => call(ep.setDesignImage, { params: { id }, body: form }));
    },
    removeImage: (id: number) => after(() => call(ep.removeDesignImage, { params: { id } })),
  };
}
