import { isDeepStrictEqual } from 'node:util';
import { and, asc, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import {
  CUSTOM_EXT_TABLE_LABELS,
  CUSTOM_EXT_TABLES,
  CUSTOM_VALUE_MAX,
  type CustomExtTable,
  type CustomField,
  type CustomFieldCreate,
  type CustomFieldData,
  type CustomFieldType,
  type CustomFieldUpdate,
  type Locale,
  ruleMessage,
} from '@eqms/contract';
import type { Db, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { auditView, createdStamp, firstOr404, updatedStamp, uniqueAs } from '../../platform/crud.ts';
import { AppError, conflict, duplicate, invalidField, notFound } from '../../platform/errors.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { customExtFields } from './custom-ext.table.ts';

type FieldRow = typeof customExtFields.$inferSelect;
export type ExtValues = Record<string, string>;
/** One problem with one custom field's value: `field` is the custom field name ('ext' for the whole object). */
export type ExtError = { field: string; message: string };

export const CUSTOM_EXT_UNIQUE = { custom_ext_fields_table_field_uq: 'field' };

const isExtTable = (t: string): t is CustomExtTable => (CUSTOM_EXT_TABLES as readonly string[]).includes(t);

function fieldView(r: FieldRow): CustomField {
  return {
    id: r.id,
    table: r.tableName as CustomExtTable,
    field: r.field,
    display: r.display,
    type: r.type as CustomFieldType,
    sequence: r.sequence,
    data: r.data ?? null,
    ...auditView(r),
  };
}

const fieldOrder = [asc(customExtFields.sequence), asc(customExtFields.id)];

/** The table's custom fields in form order (sequence). */
export async function customFieldsOf(db: Executor, table: CustomExtTable): Promise<CustomField[]> {
  const rows = await db
    .select()
    .from(customExtFields)
    .where(eq(customExtFields.tableName, table))
    .orderBy(...fieldOrder);
  return rows.map(fieldView);
}

export async function listCustomFields(db: Executor): Promise<CustomField[]> {
  const rows = await db
    .select()
    .from(customExtFields)
    .orderBy(asc(customExtFields.tableName), ...fieldOrder);
  return rows.map(fieldView);
}

export function customExtTables(locale: Locale): { table: CustomExtTable; label: string }[] {
  return CUSTOM_EXT_TABLES.map((table) => ({ table, label: CUSTOM_EXT_TABLE_LABELS[table][locale] }));
}

export async function customExtTableCounts(db: Executor, locale: Locale) {
  const counts = await db
    .select({ table: customExtFields.tableName, n: count() })
    .from(customExtFields)
    .groupBy(customExtFields.tableName);
  const byTable = new Map(counts.map((c) => [c.table, Number(c.n)]));
  return customExtTables(locale).map((t) => ({ ...t, count: byTable.get(t.table) ?? 0 }));
}

/** The table's real columns (snake_case, in table order); only tables that take custom fields are shown. */
export async function dbColumns(db: Executor, table: string): Promise<string[]> {
  if (!isExtTable(table)) throw notFound('Table');
  const res = await db.execute(sql`
    select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`);
  return rowsOf<{ column_name: string }>(res).map((r) => r.column_name);
}

const camelOf = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A custom field may not shadow a real column, by its own name or its camelCase API name (user_id → userId). */
async function assertNotReserved(tx: Executor, table: CustomExtTable, field: string) {
  const columns = await dbColumns(tx, table);
  if (columns.some((c) => c === field || camelOf(c) === field)) throw invalidField('field', 'customFieldReserved');
}

async function assertFieldFree(tx: Executor, table: string, field: string, exceptId?: number) {
  const same = and(eq(customExtFields.tableName, table), eq(customExtFields.field, field));
  const [clash] = await tx
    .select({ id: customExtFields.id })
    .from(customExtFields)
    .where(exceptId ? and(same, ne(customExtFields.id, exceptId)) : same);
  if (clash) throw duplicate('field');
}

async function assertData(tx: Executor, data: CustomFieldData | null) {
  if (!data || !('category' in data)) return;
  const [cat] = await tx
    .select({ id: codeCategories.id })
    .from(codeCategories)
    .where(eq(codeCategories.category, data.category));
  if (!cat) throw invalidField('data.category', 'notExists');
}

async function nextSequence(tx: Executor, table: string): Promise<number> {
  const [{ top }] = await tx
    .select({ top: max(customExtFields.sequence) })
    .from(customExtFields)
    .where(eq(customExtFields.tableName, table));
  return (top ?? 0) + 1;
}

export async function createCustomField(db: Db, actor: Actor, body: CustomFieldCreate): Promise<CustomField> {
  return uniqueAs(CUSTOM_EXT_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      await assertNotReserved(tx, body.table, body.field);
      await assertFieldFree(tx, body.table, body.field);
      await assertData(tx, body.data);
      const [row] = await tx
        .insert(customExtFields)
        .values({
          tableName: body.table,
          field: body.field,
          display: body.display,
          type: body.type,
          sequence: body.sequence ?? (await nextSequence(tx, body.table)),
          data: body.data,
          ...createdStamp(actor),
        })
        .returning();
      return fieldView(row);
    }),
  );
}

/**
 * The table stays; a new field name carries the stored values over to the new key in the same transaction
 * (each changed row is a revision in the change history).
 */
export async function updateCustomField(db: Db, actor: Actor, body: CustomFieldUpdate): Promise<CustomField> {
  return uniqueAs(CUSTOM_EXT_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select().from(customExtFields).where(eq(customExtFields.id, body.id)).for('update'),
        'Custom field',
      );
      const table = current.tableName as CustomExtTable;
      if (body.field !== current.field) {
        await assertNotReserved(tx, table, body.field);
        await assertFieldFree(tx, table, body.field, current.id);
      }
      await assertData(tx, body.data);
      const [row] = await tx
        .update(customExtFields)
        .set({
          field: body.field,
          display: body.display,
          type: body.type,
          sequence: body.sequence ?? current.sequence,
          data: body.data,
          ...updatedStamp(actor),
        })
        .where(eq(customExtFields.id, current.id))
        .returning();
      if (body.field !== current.field) await renameValues(tx, actor, table, current.field, body.field);
      return fieldView(row);
    }),
  );
}

async function renameValues(tx: Executor, actor: Actor, table: CustomExtTable, from: string, to: string) {
  await tx.execute(sql`
    update ${sql.identifier(table)}
    set ext = (ext - ${from}::text) || jsonb_build_object(${to}::text, ext -> ${from}::text),
        updated_by = ${actor.userId}, updated_at = now()
    where ext -> ${from}::text is not null`);
}

/** The values already stored under the field stay in the rows until each row's next save drops them. */
export async function deleteCustomField(db: Db, actor: Actor, id: number): Promise<void> {
  await withTx(db, actor, async (tx) => {
    await firstOr404(
      tx.select({ id: customExtFields.id }).from(customExtFields).where(eq(customExtFields.id, id)),
      'Custom field',
    );
    await tx.delete(customExtFields).where(eq(customExtFields.id, id));
  });
}

/** Removes one fixed item (by value) from a list field; a list keeps at least one item. */
export async function removeFixedItem(db: Db, actor: Actor, id: number, value: string): Promise<CustomField> {
  return withTx(db, actor, async (tx) => {
    const current = await firstOr404(
      tx.select().from(customExtFields).where(eq(customExtFields.id, id)).for('update'),
      'Custom field',
    );
    const items = current.data && 'items' in current.data ? current.data.items : null;
    if (!items?.some((i) => i.value === value)) throw notFound('Item');
    if (items.length === 1) throw conflict('listKeepsOneItem');
    const [row] = await tx
      .update(customExtFields)
      .set({ data: { items: items.filter((i) => i.value !== value) }, ...updatedStamp(actor) })
      .where(eq(customExtFields.id, id))
      .returning();
    return fieldView(row);
  });
}

/** New sequences for the given fields (all must exist); answers every field, as GET /customs does. */
export async function reorderCustomFields(
  db: Db,
  actor: Actor,
  items: { id: number; sequence: number }[],
): Promise<CustomField[]> {
  await withTx(db, actor, async (tx) => {
    const ids = [...new Set(items.map((i) => i.id))];
    const found = await tx
      .select({ id: customExtFields.id })
      .from(customExtFields)
      .where(inArray(customExtFields.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Custom field');
    for (const item of items) {
      await tx
        .update(customExtFields)
        .set({ sequence: item.sequence, ...updatedStamp(actor) })
        .where(eq(customExtFields.id, item.id));
    }
  });
  return listCustomFields(db);
}

// ---- values: a record's ext JSON checked against the table's fields ----

type Options = { values: Set<string> } | { any: true };

/**
 * Builds the check for one table once (fields and code options loaded up front), so an Excel import can run it
 * on every row without a query per row. The check returns the cleaned values and the problems found.
 *
 * - Empty values (null, '') are dropped; numbers and booleans become text (a service list may key by id).
 * - A key that is not a field of the table: unknownField — unless it is a leftover value of a deleted field
 *   that the record already holds unchanged, which is dropped silently.
 * - A list value must be one of the options (an enabled code of the category, or a fixed item); a service list is
 *   checked for length only. A value the record already holds unchanged passes, so narrowing a field's options
 *   does not block saving older records (a changed value must be a current option).
 * - Any value is at most CUSTOM_VALUE_MAX characters.
 */
export async function extChecker(db: Executor, table: CustomExtTable) {
  const fields = await customFieldsOf(db, table);
  const categories = [
    ...new Set(fields.flatMap((f) => (f.type === 'list' && f.data && 'category' in f.data ? [f.data.category] : []))),
  ];
  const codeRows = categories.length
    ? await db
        .select({ category: codeCategories.category, code: codes.code })
        .from(codes)
        .innerJoin(codeCategories, eq(codeCategories.id, codes.categoryId))
        .where(and(inArray(codeCategories.category, categories), eq(codes.enabled, true)))
    : [];
  const byField = new Map<string, Options>();
  for (const f of fields) {
    if (f.type !== 'list' || !f.data || 'service' in f.data) byField.set(f.field, { any: true });
    else if ('items' in f.data) byField.set(f.field, { values: new Set(f.data.items.map((i) => i.value)) });
    else {
      const category = f.data.category;
      byField.set(f.field, { values: new Set(codeRows.filter((c) => c.category === category).map((c) => c.code)) });
    }
  }

  return (ext: unknown, stored?: Record<string, unknown> | null): { values: ExtValues | null; errors: ExtError[] } => {
    if (ext === null || ext === undefined) return { values: null, errors: [] };
    if (typeof ext !== 'object' || Array.isArray(ext)) {
      return { values: null, errors: [{ field: 'ext', message: ruleMessage('invalidType') }] };
    }
    const values: ExtValues = {};
    const errors: ExtError[] = [];
    const unchanged = (key: string, value: unknown) =>
      !!stored && Object.hasOwn(stored, key) && isDeepStrictEqual(stored[key], value);
    for (const [key, raw] of Object.entries(ext)) {
      const options = byField.get(key);
      if (!options) {
        if (!unchanged(key, raw)) errors.push({ field: key, message: ruleMessage('unknownField') });
        continue;
      }
      if (raw === null || raw === undefined) continue;
      if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
        errors.push({ field: key, message: ruleMessage('invalidType') });
        continue;
      }
      const value = String(raw).trim();
      if (value === '') continue;
      if (value.length > CUSTOM_VALUE_MAX) {
        errors.push({ field: key, message: ruleMessage('maxLength', { max: CUSTOM_VALUE_MAX }) });
      } else if ('values' in options && !options.values.has(value) && !unchanged(key, value)) {
        errors.push({ field: key, message: ruleMessage('notIn') });
      } else values[key] = value;
    }
    return { values: Object.keys(values).length ? values : null, errors };
  };
}

/** The problems of one record's ext, without throwing (the Excel check collects them per row). */
export async function checkExtValues(
  db: Executor,
  table: CustomExtTable,
  ext: unknown,
  stored?: Record<string, unknown> | null,
): Promise<ExtError[]> {
  return (await extChecker(db, table))(ext, stored).errors;
}

/**
 * The ext to store for a record, or a 400 naming every bad value as `ext.<field>`. `stored` is the record's
 * current ext on an update (values it already holds unchanged are not re-checked against the options).
 */
export async function validateExt(
  db: Executor,
  table: CustomExtTable,
  ext: unknown,
  stored?: Record<string, unknown> | null,
): Promise<ExtValues | null> {
  // Most writes carry no custom values (every imported row goes through here): skip loading the fields.
  if (ext === null || ext === undefined) return null;
  const { values, errors } = (await extChecker(db, table))(ext, stored);
  if (errors.length) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Invalid input value', {
      fields: errors.map((e) => ({ field: e.field === 'ext' ? 'ext' : `ext.${e.field}`, message: e.message })),
    });
  }
  return values;
}
