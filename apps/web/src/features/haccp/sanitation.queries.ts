import { type BodyArgsOf, sanitationEndpoints as ep } from '@eqms/contract';
import type { PageArgs } from './haccp.queries.ts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callPage } from '../../api/http.ts';

// Sanitation check list calls (SPEC §7 "HACCP and records" — Sanitation check list): the period's check lists, one
// with its amendment chain, the template items of the areas, and the writes (sign, review and amend re-send the
// user's password).

export type CheckListCreateValues = BodyArgsOf<typeof ep.create>;
export type CheckListUpdateValues = BodyArgsOf<typeof ep.update>;
export type CheckListAmendValues = BodyArgsOf<typeof ep.amend>;
export type TemplateItemValues = BodyArgsOf<typeof ep.createTemplateItem>;
export type CheckListArgs = { startDt: string; endDt: string; locationId?: number };

export const sanitationKeys = { all: ['haccp', 'sanitation'] as const };

export function useCheckLists(args: CheckListArgs | null, page: PageArgs) {
  return useQuery({
    queryKey: [...sanitationKeys.all, 'list', args, page],
    queryFn: ({ signal }) => callPage(ep.list, { query: { ...args!, ...page }, signal }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

export function useTemplateItems() {
  return useQuery({
    queryKey: [...sanitationKeys.all, 'template'],
    queryFn: ({ signal }) => call(ep.templateItems, { query: {}, signal }),
  });
}

/** The areas that have template items (the ones a check list can be made for), by name. */
export function useSanitationAreas() {
  const items = useTemplateItems();
  const areas = new Map<number, { id: number; name: string; enabled: number }>();
  for (const i of items.data ?? []) {
    const a = areas.get(i.locationId) ?? { id: i.locationId, name: i.locationName, enabled: 0 };
    if (i.enabled) a.enabled++;
    areas.set(i.locationId, a);
  }
  return { areas: [...areas.values()], isLoading: items.isLoading };
}

export function useCheckListDetail(id: number | null) {
  return useQuery({
    queryKey: [...sanitationKeys.all, 'detail', id],
    queryFn: ({ signal }) => call(ep.get, { params: { id: id! }, signal }),
    enabled: id != null,
  });
}

export function useSanitationApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: sanitationKeys.all });
  const after = async <T>(run: () => Promise<T>) => {
    try {
      return await run();
    } finally {
      await refresh();
    }
  };
  return {
    create: (body: CheckListCreateValues) => after(() => call(ep.create, { body, silent: true })),
    update: (body: CheckListUpdateValues) => after(() => call(ep.update, { body, silent: true })),
    remove: (id: number) => after(() => call(ep.remove, { params: { id } })),
    sign: (id: number, password: string) =>
      after(() => call(ep.sign, { params: { id }, body: { password }, silent: true })),
    review: (id: number, password: string) =>
      after(() => call(ep.review, { params: { id }, body: { password }, silent: true })),
    amend: (id: number, body: CheckListAmendValues) =>
      after(() => call(ep.amend, { params: { id }, body, silent: true })),
    createTemplateItem: (body: TemplateItemValues) => after(() => call(ep.createTemplateItem, { body, silent: true })),
    updateTemplateItem: (body: TemplateItemValues & { id: number }) =>
      after(() => call(ep.updateTemplateItem, { body, silent: true })),
    removeTemplateItem: (id: number) => after(() => call(ep.removeTemplateItem, { params: { id } })),
  };
}
