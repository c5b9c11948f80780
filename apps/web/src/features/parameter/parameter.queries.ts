import { type BodyArgsOf, parameterEndpoints as ep } from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, call, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';

// Parameter calls (SPEC §7 /parameter). Writes are `silent`: the form shows field errors, and a refused delete
// says why in its own words.
export type ParameterFormValues = BodyArgsOf<typeof ep.create>;

export const parameterKeys = {
  all: ['parameter'] as const,
  tree: ['parameter', 'tool-tree'] as const,
  list: (toolIds: number[] | null) => ['parameter', 'list', toolIds] as const,
};

export function useParameterToolTree() {
  return useQuery({
    queryKey: parameterKeys.tree,
    queryFn: ({ signal }) => call(ep.toolTree, { signal }),
  });
}

/** Parameters of the given tools; null = every parameter. */
export function useParameters(toolIds: number[] | null) {
  return useQuery({
    queryKey: parameterKeys.list(toolIds),
    queryFn: ({ signal }) => call(ep.list, { query: { toolIds: toolIds ?? undefined }, signal }),
    // A location without tools has nothing to ask for.
    enabled: toolIds === null || toolIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

const body = (v: ParameterFormValues) => {
  // The server's default type is NUMBER.
  const numeric = (v.dataType ?? 'NUMBER') === 'NUMBER';
  return {
    toolId: v.toolId,
    code: v.code?.trim(),
    name: v.name,
    unit: v.unit || null,
    dataType: v.dataType,
    lowerLimit: numeric ? (v.lowerLimit ?? null) : null,
    upperLimit: numeric ? (v.upperLimit ?? null) : null,
    target: numeric ? (v.target ?? null) : null,
    sampleInterval: v.sampleInterval ?? 60,
    sort: v.sort ?? 0,
    description: v.description || null,
  };
};

/** A refused delete: "a parameter that has data cannot be deleted", with the parameters in the related-data dialog. */
export function reportParameterError(err: unknown) {
  if (!(err instanceof ApiError)) return;
  if (err.code === 'ERROR_CONSTRAINT_VIOLATION' && /has data/i.test(err.message)) {
    const store = useAppStore.getState();
    store.notify(i18n.t('common:errors.PARAMETER_HAS_DATA'), 'error');
    if (err.extraData?.datas?.length) store.setRelationData(err.extraData.datas);
    return;
  }
  reportError(err);
}

export function useParameterApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: parameterKeys.all });
  return {
    create: async (v: ParameterFormValues) => {
      const saved = await call(ep.create, { body: body(v), silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: ParameterFormValues) => {
      const saved = await call(ep.update, { body: { ...body(v), id }, silent: true });
      await refresh();
      return saved;
    },
    remove: async (ids: number[]) => {
      try {
        if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] }, silent: true });
        else await call(ep.removeBulk, { params: { ids }, silent: true });
      } catch (err) {
        reportParameterError(err);
        throw err;
      }
      await refresh();
    },
  };
}
