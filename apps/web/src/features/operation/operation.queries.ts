import { operationEndpoints as ep, translateMessage } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { masterListQuery } from '../../components/master/master-list.ts';

// Operation calls of its own (SPEC §7 "Operation"): the screen is the master kit's (components/master); the list is
// also the pick-list of the route and operation plan screens, on the same query as the screen's.

/** Every operation in code order. */
export function useOperations() {
  return useQuery({ ...masterListQuery(ep), select: (answer) => answer.data });
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
