import { type BodyArgsOf, parameterEndpoints as ep } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, call, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';

// Parameter calls of its own (SPEC §7 /parameter): the list and the writes are the master kit's
// (components/master); here are the tool tree, the body with its limits, and a refused delete in its own words.
export type ParameterFormValues = BodyArgsOf<typeof ep.create>;

export function useParameterToolTree() {
  return useQuery({
    // Under the group's key: a save or delete refreshes the counts too.
    queryKey: ['parameter', 'tool-tree'],
    queryFn: ({ signal }) => call(ep.toolTree, { signal }),
  });
}

/** The body: a BOOLEAN parameter has no limits; the server's defaults (NUMBER, 60 s, sort 0) where left empty. */
export function parameterBody(v: ParameterFormValues): ParameterFormValues {
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
}

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
