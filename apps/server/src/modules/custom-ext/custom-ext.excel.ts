import { CUSTOM_VALUE_MAX, type CustomExtTable, type CustomField, ruleMessage } from '@eqms/contract';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { ExcelColumn, ParsedRow } from '../../platform/excel/excel-columns.ts';
import { codeOptions } from '../code/code.lookups.ts';
import { customFieldsOf, extChecker } from './custom-ext.service.ts';

// Custom extension fields as Excel columns (platform/excel): one column `ext.<field>` per field of the table, headed
// by its display name; a list field lists its options (code category or fixed items); the values go to the record's
// `ext`. An entity with custom fields adds them through its own `columns` and `checkRows` functions
// (`customFieldColumns`, `checkExtRows`), so the platform's Excel kit knows nothing of custom fields.

export const EXT_PREFIX = 'ext.';

const extText = z
  .string()
  .max(CUSTOM_VALUE_MAX, { error: ruleMessage('maxLength', { max: CUSTOM_VALUE_MAX }) })
  .optional();

/** A list field's options: the enabled codes of its category, or its fixed items (a service list has none here). */
function listLookup(field: CustomField): ExcelColumn['lookup'] {
  const data = field.type === 'list' ? field.data : null;
  if (!data) return undefined;
  if ('items' in data) {
    const options = data.items.map((i) => ({ value: i.value, labels: [i.value, i.label] }));
    return { options: async () => options };
  }
  if ('category' in data) return { options: codeOptions(data.category) };
  // A service list is answered by another route at form time; the server checks its values only for length.
  return undefined;
}

/** The table's custom fields as columns, in form order (sequence). */
export async function customFieldColumns<R extends { ext?: Record<string, unknown> | null }>(
  db: Executor,
  table: CustomExtTable,
): Promise<ExcelColumn<R>[]> {
  const fields = await customFieldsOf(db, table);
  return fields.map((f) => ({
    key: `${EXT_PREFIX}${f.field}`,
    header: { kr: f.display, en: f.display },
    rule: extText,
    lookup: listLookup(f),
    exportValue: (record: R) => {
      const v = record.ext?.[f.field];
      return v === undefined || v === null ? '' : String(v);
    },
  }));
}

/** The row's custom field values as the record's `ext` (empty cells left out), or undefined without any. */
export function extOf(row: ParsedRow): Record<string, string> | undefined {
  const ext: Record<string, string> = {};
  for (const [key, value] of Object.entries(row.data)) {
    if (key.startsWith(EXT_PREFIX) && typeof value === 'string' && value !== '') {
      ext[key.slice(EXT_PREFIX.length)] = value;
    }
  }
  return Object.keys(ext).length ? ext : undefined;
}

/** The same check the form's save runs (custom-ext validateExt), on every row, reported on the field's column. */
export async function checkExtRows(db: Executor, table: CustomExtTable, rows: ParsedRow[]) {
  const check = await extChecker(db, table);
  for (const row of rows) {
    const ext = extOf(row);
    if (!ext) continue;
    for (const e of check(ext).errors) {
      const column = e.field === 'ext' ? e.field : `${EXT_PREFIX}${e.field}`;
      if (!row.errors.some((x) => x.column === column)) row.errors.push({ column, message: e.message });
    }
  }
}
