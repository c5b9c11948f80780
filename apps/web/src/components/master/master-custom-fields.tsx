import type { CustomExtTable } from '@eqms/contract';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import {
  CustomFieldItems,
  customFieldColumns,
  extPayload,
  useCustomFieldOptions,
  useCustomFields,
} from '../custom-fields.tsx';
import type { DataColumn } from '../DataTable.tsx';
import type { MasterRowBase } from './master-def.ts';

// The custom fields (SPEC §3/§7, defined in /admin/custom-ext) of a master's table: columns for its list, items and
// the `ext` payload for its form. A part of its own so a screen whose table takes none does not load them.

type Values = Record<string, unknown>;

export type MasterCustomFields<Row> = {
  /** The list columns (after the declared ones). */
  columns: DataColumn<Row>[];
  /** MasterFormDialog's `extra` (the items, filled from the row's ext) and `prepare` (the ext to send). */
  form: (row: Row | null) => { extra?: ReactNode; prepare?: (values: Values) => Values };
};

/** The fields of `table` (nothing without one), from the same cached query as the form items. */
export function useMasterCustomFields<Row>(table: CustomExtTable | undefined, t: TFunction): MasterCustomFields<Row> {
  const fields = useCustomFields(table);
  const options = useCustomFieldOptions(fields.data);
  return {
    columns: customFieldColumns<MasterRowBase>(fields.data ?? [], t, options) as unknown as DataColumn<Row>[],
    form: (row) =>
      table
        ? {
            extra: <CustomFieldItems table={table} stored={(row as MasterRowBase | null)?.ext} />,
            // Fields not loaded yet → ext undefined, which leaves the stored values alone.
            prepare: (values) => ({ ...values, ext: extPayload(fields.data, values.ext as Values | undefined) }),
          }
        : {},
  };
}
