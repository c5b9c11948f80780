import { type BodyArgsOf, type CodeCategory, codeEndpoints as ep } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';

// Code calls (SPEC §7 /code; POST /code/cateogry is the spec's spelling). Code lists are cached in the store by
// category, so every change here refreshes that cache as well as the queries.
export type CategoryValues = BodyArgsOf<typeof ep.createCategory>;
/** The code form: the create body without the category, which is the one chosen on the screen. */
export type CodeValues = Omit<BodyArgsOf<typeof ep.create>, 'categoryId'>;

export const codeKeys = {
  all: ['code'] as const,
  categories: ['code', 'categories'] as const,
  allCodes: ['code', 'codes'] as const,
  ofCategory: (category: string) => ['code', 'codes', category] as const,
};

export function useCategories() {
  return useQuery({
    queryKey: codeKeys.categories,
    queryFn: ({ signal }) => call(ep.categories, { signal }),
  });
}

export function useCodesOf(category: string | undefined) {
  return useQuery({
    queryKey: codeKeys.ofCategory(category ?? ''),
    queryFn: ({ signal }) => call(ep.ofCategory, { params: { category: category ?? '' }, signal }),
    enabled: !!category,
  });
}

/** Every code, for choosing a parent (which may be in another category). */
export function useAllCodes() {
  return useQuery({ queryKey: codeKeys.allCodes, queryFn: ({ signal }) => call(ep.list, { signal }) });
}

export function useCodeApi() {
  const qc = useQueryClient();
  /** Refreshes the queries and the store's cache of the categories whose codes changed. */
  const refresh = async (...categories: string[]) => {
    await qc.invalidateQueries({ queryKey: codeKeys.all });
    const store = useAppStore.getState();
    for (const category of new Set(categories.filter(Boolean))) {
      const items = await qc.fetchQuery({
        queryKey: codeKeys.ofCategory(category),
        queryFn: () => call(ep.ofCategory, { params: { category } }),
      });
      store.setCodes(category, items);
    }
  };
  const category = (v: CategoryValues) => ({
    category: v.category.trim(),
    name: v.name,
    description: v.description || null,
    sort: v.sort ?? 0,
  });
  const code = (categoryId: number, v: CodeValues) => ({
    categoryId,
    code: v.code.trim(),
    codeName: v.codeName,
    codeNameEn: v.codeNameEn || null,
    parentId: v.parentId ?? null,
    sort: v.sort ?? 0,
    enabled: v.enabled,
  });
  return {
    createCategory: async (v: CategoryValues) => {
      const saved = await call(ep.createCategory, { body: category(v), silent: true });
      await refresh(saved.category);
      return saved;
    },
    updateCategory: async (old: CodeCategory, v: CategoryValues) => {
      const saved = await call(ep.updateCategory, { body: { ...category(v), id: old.id }, silent: true });
      if (old.category !== saved.category) useAppStore.getState().setCodes(old.category, []);
      await refresh(saved.category);
      return saved;
    },
    /** A category with codes answers 409 with the codes; the API client opens the related-data dialog. */
    removeCategory: async (c: CodeCategory) => {
      await call(ep.removeCategory, { params: { id: c.id } });
      useAppStore.getState().setCodes(c.category, []);
      await refresh();
    },
    createCode: async (c: CodeCategory, v: CodeValues) => {
      const saved = await call(ep.create, { body: code(c.id, v), silent: true });
      await refresh(c.category);
      return saved;
    },
    updateCode: async (c: CodeCategory, id: number, v: CodeValues) => {
      const saved = await call(ep.update, { body: { ...code(c.id, v), id }, silent: true });
      await refresh(c.category);
      return saved;
    },
    removeCode: async (c: CodeCategory, id: number) => {
      await call(ep.remove, { params: { id } });
      await refresh(c.category);
    },
  };
}
