import type { AnyEndpoint } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { call } from '../../api/http.ts';
import { useCan } from '../../app/permissions.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';
import { confirmRemove } from '../confirm-remove.ts';
import type { MasterDef, MasterEndpoints, MasterRow, MasterRowBase, MasterValues } from './master-def.ts';
import { masterKeys } from './master-list.ts';

// The master kit's writes over a contract endpoint group: create, update, delete one or many (the reads are in
// master-list.ts). Create and update are `silent`: the form shows field errors itself (showSaveError); a delete is
// silent only when the declaration explains refusals itself (onRemoveError).

type Query = Record<string, unknown>;
/** The kit's untyped step (and master-list's): a group's endpoint called with what the group's types have checked. */
const send = call as (ep: AnyEndpoint, args: object) => Promise<unknown>;

/** The fields of an endpoint's JSON body (its zod object's shape); none for a multipart or missing body. */
export function bodyShape(ep: AnyEndpoint): Record<string, ZodType> {
  const body = ep.body as { shape?: Record<string, ZodType> } | undefined;
  return body && typeof body === 'object' && body.shape ? body.shape : {};
}

/**
 * The default create/update body: the create body's fields the form has items for, an empty one ('' or undefined)
 * as null; a field without an item is left out. `ext` is sent as it is: undefined (custom fields not loaded yet)
 * leaves the stored values alone.
 */
export function masterBody(shape: Record<string, ZodType>, values: Query): Query {
  const out: Query = {};
  for (const key of Object.keys(shape)) {
    if (!(key in values)) continue;
    const v = values[key];
    out[key] = key === 'ext' || (v !== '' && v !== undefined) ? v : null;
  }
  return out;
}

/** A row's values for the edit form: the create body's fields, custom fields under `ext`. */
export function formValuesOf(shape: Record<string, ZodType>, row: object): Query {
  const r = row as Query;
  const out: Query = {};
  for (const key of Object.keys(shape)) if (key in r) out[key] = key === 'ext' ? (r.ext ?? undefined) : r[key];
  return out;
}

export type MasterApi<G extends MasterEndpoints> = {
  refresh: () => Promise<void>;
  create: (values: MasterValues<G>) => Promise<MasterRow<G>>;
  update: (id: number, values: MasterValues<G>) => Promise<MasterRow<G>>;
  remove: (ids: number[]) => Promise<void>;
};

export function useMasterApi<G extends MasterEndpoints>(
  def: Pick<MasterDef<G>, 'endpoints' | 'toBody' | 'onRemoveError'>,
): MasterApi<G> {
  const qc = useQueryClient();
  const ep = def.endpoints;
  const refresh = () => qc.invalidateQueries({ queryKey: masterKeys(ep).all });
  const body = (v: MasterValues<G>) => (def.toBody ? def.toBody(v) : masterBody(bodyShape(ep.create), v as Query));
  const saved = async (answer: Promise<unknown>) => {
    const row = (await answer) as MasterRow<G>;
    await refresh();
    return row;
  };
  return {
    refresh,
    create: (v) => saved(send(ep.create, { body: body(v), silent: true })),
    update: (id, v) => saved(send(ep.update, { body: { ...body(v), id }, silent: true })),
    remove: async (ids) => {
      const silent = !!def.onRemoveError;
      try {
        if (ids.length === 1) await send(ep.remove, { params: { id: ids[0] }, silent });
        else await send(ep.removeBulk, { params: { ids }, silent });
      } catch (err) {
        def.onRemoveError?.(err);
        throw err;
      } finally {
        // Refused or not, the list shows what is there now.
        await refresh();
      }
    },
  };
}

/** The menu's rights as the screen uses them. */
export function useMasterRights(menu: string) {
  return {
    canCreate: useCan(menu, 'create'),
    canModify: useCan(menu, 'modify'),
    canDelete: useCan(menu, 'delete'),
  };
}

/**
 * Delete for the table's bulk action (`remove`, the table has asked) and a row's action (`removeOne`, asks first,
 * naming the row). Both say "deleted"; a refusal has been shown by the API client or `onRemoveError`.
 */
export function useMasterRemove<Row>(def: { name: string }, api: { remove: (ids: number[]) => Promise<void> }) {
  const remove = async (rows: Row[]) => {
    await api.remove(rows.map((r) => (r as MasterRowBase).id));
    useAppStore.getState().notify(i18n.t('common:messages.deleted'), 'success');
  };
  const removeOne = (row: Row) => {
    const { name, code } = row as MasterRowBase;
    return confirmRemove(i18n.t(`${def.name}:messages.confirmDelete`, { name: `${name} (${code})` }), () =>
      remove([row]),
    );
  };
  return { remove, removeOne };
}
