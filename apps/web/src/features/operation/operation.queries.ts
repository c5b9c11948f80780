import { type BodyArgsOf, operationEndpoints as ep, translateMessage } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';

// Operation calls (SPEC §7 "Operation"). The list is also the pick-list of the route and operation plan screens.
export type OperationFormValues = BodyArgsOf<typeof ep.create>;

export const operationKeys = { all: ['operation'] as const, list: ['operation', 'list'] as const };

export function useOperations() {
  return useQuery({
    queryKey: operationKeys.list,
    queryFn: ({ signal }) => call(ep.list, { signal }),
  });
}

const body = (v: OperationFormValues) => ({
  code: v.code,
  name: v.name,
  type: v.type || null,
  standardTime: v.standardTime ?? null,
  defectYn: v.defectYn,
  description: v.description || null,
  ext: v.ext,
});

export function useOperationApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: operationKeys.all });
  return {
    create: async (v: OperationFormValues) => {
      const saved = await call(ep.create, { body: body(v), silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: OperationFormValues) => {
      const saved = await call(ep.update, { body: { ...body(v), id }, silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      try {
        if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] }, silent: true });
        else await call(ep.removeBulk, { params: { ids }, silent: true });
      } catch (err) {
        reportOperationError(err);
        throw err;
      } finally {
        await refresh();
      }
    },
  };
}

/**
 * A delete refused by SPEC §5 (completed quantity above shipped) comes as 409 CONFLICT with a message key: shown
 * in the UI language. Everything else (the related-data dialog included) goes through the error catalogue.
 */
export function reportOperationError(err: unknown) {
  if (!(err instanceof ApiError)) return;
  const key = err.extraData?.messageKey;
  if (err.code === 'CONFLICT' && typeof key === 'string') {
    const { locale, notify } = useAppStore.getState();
    notify(translateMessage(key, locale), 'error');
    return;
  }
  reportError(err);
}
