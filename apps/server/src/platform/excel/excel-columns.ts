import {
  type ExcelCheckedRow,
  type ExcelColumnInfo,
  type ExcelRow,
  type Locale,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';
import type { z } from 'zod';
import type { Executor, Tx } from '../../db/client.ts';
import type { Actor } from '../tx.ts';

// An importable entity declares its columns once; the template, the upload check, the save and the export all come
// from that declaration (README.md beside this file).

/** One accepted value of a coded column: `value` is what is stored, `labels` what may be typed (code, name, …). */
export type ExcelOption = { value: string; labels: string[]; data?: unknown };

/** How a cell's text becomes the value its rule checks: text as is ('' = absent), an integer, or Y/N. */
export type ExcelKind = 'text' | 'integer' | 'yesNo';

export type ExcelLookup = {
  /** The values that exist; the first label is the one the template lists and the export writes. */
  options: (db: Executor) => Promise<ExcelOption[]>;
  /** Several values separated by commas (e.g. role names); resolves to an array of values. */
  multiple?: boolean;
  /**
   * A row that an EARLIER row of the same file refers to (a parent created in the same import): the labels it
   * may be called by. Such a reference resolves to `@<rowNumber>`; `save` turns it into the new row's id.
   */
  rowOption?: (row: ParsedRow, optionOf: OptionOf) => Omit<ExcelOption, 'value'> | null;
  /** When a label matches several options, keep those that suit the row (e.g. a parent code of the same category). */
  narrow?: (row: ParsedRow, candidates: ExcelOption[], optionOf: OptionOf) => ExcelOption[];
};

export type ExcelColumn<R = any> = {
  key: string;
  header: { kr: string; en: string };
  required?: boolean;
  kind?: ExcelKind;
  /** The form's rule (from packages/contract) for the converted value; a lookup's rule sees the stored value. */
  rule?: z.ZodType;
  lookup?: ExcelLookup;
  /** Fixed allowed values listed in the template without being a lookup (e.g. Y/N). */
  listed?: string[];
  /** The cell of an exported record as the user would type it; default: the record's property `key`. */
  exportValue?: (record: R) => string | number | null | undefined;
  /** Never exported (e.g. the initial password). */
  secret?: boolean;
  width?: number;
};

/** A data row after the column checks: `data` holds the converted values by column key. */
export type ParsedRow = {
  rowNumber: number;
  values: Record<string, string>;
  data: Record<string, unknown>;
  /** Rule message keys (translated on the way out), at most one per column. */
  errors: { column: string; message: string }[];
};

export type SaveContext = {
  /** What `prepare` answered. */
  prepared: unknown;
  /** The id a lookup value stands for: a stored id, or `@<rowNumber>` = the record an earlier row created. */
  refId: (value: unknown) => number | null;
};

/** The option a resolved lookup value stands for (DB option or an earlier row of the file). */
export type OptionOf = (column: string, value: unknown) => ExcelOption | undefined;

export type ExcelUnique = {
  /** The column the duplicate is reported on. */
  column: string;
  /** The value that must be unique, or null when the row does not have it (e.g. an optional code left empty). */
  key: (row: ParsedRow) => string | null;
  /** The keys among these rows that the database already holds. */
  taken: (db: Executor, rows: ParsedRow[]) => Promise<Set<string>>;
};

export type ExcelEntity<R = any, Q = any> = {
  /** File name stem of the template and the export, e.g. `users`. */
  name: string;
  sheet: { kr: string; en: string };
  /** The columns; a function so that columns known only at request time (custom fields) join in. */
  columns: (db: Executor) => Promise<ExcelColumn<R>[]>;
  unique?: ExcelUnique[];
  /** Checks across the columns of one row (placement, …), after the column checks; message keys by column. */
  checkRow?: (row: ParsedRow, optionOf: OptionOf) => { column: string; message: string }[];
  /** Checks needing the database for all rows at once (custom field values, …); pushes onto row.errors. */
  checkRows?: (db: Executor, rows: ParsedRow[], columns: ExcelColumn<R>[]) => Promise<void>;
  /** Work done before the transaction (e.g. hashing passwords, slow and not to be done holding it open). */
  prepare?: (rows: ParsedRow[]) => Promise<unknown>;
  /**
   * Inserts one checked row inside the import's single transaction, through the module's own insert function;
   * answers the new record's id (a later row may refer to it). Rows are saved in file order.
   */
  saveRow: (tx: Tx, actor: Actor, row: ParsedRow, ctx: SaveContext) => Promise<number>;
  /** API field → column key, for errors the module's insert raises (e.g. locationId → location). */
  fieldColumns?: Record<string, string>;
  /** Unique constraint → API field, for a duplicate only the database sees (a concurrent insert). */
  uniqueConstraints?: Record<string, string>;
  /** The list filters the export accepts (the list screen's query). */
  exportQuery: z.ZodType<Q>;
  exportRecords: (db: Executor, query: Q) => Promise<R[]>;
};

export const headerOf = (column: ExcelColumn, locale: Locale) => column.header[locale];

const normalize = (s: string) =>
  s
    .normalize('NFC')
    .trim()
    .replace(/\s*\/\s*/g, ' / ')
    .replace(/\s+/g, ' ')
    .toLowerCase();

const YES = new Set(['y', 'yes', 'true', '1', '예', '사용']);
const NO = new Set(['n', 'no', 'false', '0', '아니오', '미사용']);

/** The values a coded column lists in the template's options sheet and in the check result. */
export function listedValues(column: ExcelColumn, options: ExcelOption[] | undefined): string[] | undefined {
  if (column.listed) return column.listed;
  if (column.kind === 'yesNo') return ['Y', 'N'];
  if (!options) return undefined;
  return [...new Set(options.map((o) => o.labels[0]).filter((v): v is string => !!v))];
}

export function columnInfo(column: ExcelColumn, locale: Locale, options?: ExcelOption[]): ExcelColumnInfo {
  const listed = listedValues(column, options);
  return {
    key: column.key,
    header: headerOf(column, locale),
    required: !!column.required,
    ...(listed ? { options: listed } : {}),
    ...(column.secret ? { secret: true } : {}),
  };
}

/** A label index: the labels of DB options plus those of earlier rows, each to every option it names. */
class LookupIndex {
  private byLabel = new Map<string, ExcelOption[]>();
  readonly byValue = new Map<string, ExcelOption>();

  constructor(options: ExcelOption[]) {
    for (const o of options) this.add(o);
  }

  add(option: ExcelOption) {
    this.byValue.set(option.value, option);
    for (const label of new Set(option.labels.filter(Boolean).map(normalize))) {
      const list = this.byLabel.get(label) ?? [];
      list.push(option);
      this.byLabel.set(label, list);
    }
  }

  find(text: string): ExcelOption[] {
    return this.byLabel.get(normalize(text)) ?? [];
  }
}

/** A single issue message of a failed zod parse (the rules report message keys). */
function issueOf(result: z.ZodSafeParseResult<unknown>): string | null {
  if (result.success) return null;
  return result.error.issues[0]?.message ?? ruleMessage('invalidType');
}

/**
 * Turns the cell texts of the rows into values and message keys: required, the column's kind and rule, lookups
 * (by any label, earlier rows included), the entity's row checks, duplicates in the file and in the database.
 */
export async function parseRows(
  db: Executor,
  entity: ExcelEntity,
  columns: ExcelColumn[],
  rows: ExcelRow[],
): Promise<{ parsed: ParsedRow[]; options: Map<string, ExcelOption[]> }> {
  const options = new Map<string, ExcelOption[]>();
  const indexes = new Map<string, LookupIndex>();
  for (const c of columns) {
    if (!c.lookup) continue;
    const list = await c.lookup.options(db);
    options.set(c.key, list);
    indexes.set(c.key, new LookupIndex(list));
  }
  const optionOf: OptionOf = (column, value) =>
    typeof value === 'string' ? indexes.get(column)?.byValue.get(value) : undefined;

  const parsed: ParsedRow[] = [];
  for (const row of rows) {
    const p: ParsedRow = { rowNumber: row.rowNumber, values: {}, data: {}, errors: [] };
    for (const c of columns) {
      const text = cleanCellText(row.values[c.key] ?? '');
      p.values[c.key] = row.values[c.key] ?? '';
      const error = parseCell(c, text, p, indexes.get(c.key), optionOf);
      if (error) p.errors.push({ column: c.key, message: error });
    }
    const failed = new Set(p.errors.map((e) => e.column));
    for (const e of entity.checkRow?.(p, optionOf) ?? []) {
      if (!failed.has(e.column)) {
        p.errors.push(e);
        failed.add(e.column);
      }
    }
    for (const c of columns) {
      const rowOption = c.lookup?.rowOption?.(p, optionOf);
      if (rowOption) indexes.get(c.key)?.add({ ...rowOption, value: `@${p.rowNumber}` });
    }
    parsed.push(p);
  }

  await entity.checkRows?.(db, parsed, columns);
  await markDuplicates(db, entity.unique ?? [], parsed);
  return { parsed, options };
}

/** Exported cells that could be read as formulas carry a leading apostrophe; reading them back drops it. */
export function cleanCellText(text: string): string {
  const trimmed = text.trim();
  return /^'[=+\-@\t\r]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

function parseCell(
  c: ExcelColumn,
  text: string,
  row: ParsedRow,
  index: LookupIndex | undefined,
  optionOf: OptionOf,
): string | null {
  if (text === '') {
    if (c.required) return ruleMessage('required');
    row.data[c.key] = c.lookup?.multiple ? [] : undefined;
    if (!c.rule || c.lookup) return null;
    // An empty optional cell is what the form sends for an untouched field: the rule's default applies.
    const result = c.rule.safeParse(undefined);
    if (!result.success) return issueOf(result);
    row.data[c.key] = result.data;
    return null;
  }
  let value: unknown = text;
  if (c.lookup && index) {
    const parts = c.lookup.multiple
      ? text
          .split(/[,;\n]/)
          .map((s) => s.trim())
          .filter(Boolean)
      : [text];
    const resolved: string[] = [];
    for (const part of parts) {
      let found = index.find(part);
      if (found.length > 1 && c.lookup.narrow) found = c.lookup.narrow(row, found, optionOf);
      // The file's own earlier row is what its author means by a label the database also has.
      if (found.length > 1 && found.some((o) => o.value.startsWith('@'))) {
        found = found.filter((o) => o.value.startsWith('@'));
      }
      if (found.length === 0) return ruleMessage('notFoundValue', { value: part });
      if (found.length > 1) return ruleMessage('ambiguousValue', { value: part });
      resolved.push(found[0].value);
    }
    value = c.lookup.multiple ? [...new Set(resolved)] : resolved[0];
  } else if (c.kind === 'integer') {
    if (!/^[+-]?\d+(\.0+)?$/.test(text)) return ruleMessage('integer');
    value = Number.parseInt(text, 10);
  } else if (c.kind === 'yesNo') {
    const lower = text.toLowerCase();
    if (YES.has(lower)) value = true;
    else if (NO.has(lower)) value = false;
    else return ruleMessage('yesNo');
  }
  if (c.rule) {
    const result = c.rule.safeParse(value);
    const issue = issueOf(result);
    if (issue) return issue;
    if (result.success) value = result.data;
  }
  row.data[c.key] = value;
  return null;
}

async function markDuplicates(db: Executor, uniques: ExcelUnique[], rows: ParsedRow[]) {
  for (const u of uniques) {
    const firstRow = new Map<string, number>();
    const candidates: ParsedRow[] = [];
    for (const row of rows) {
      if (row.errors.some((e) => e.column === u.column)) continue;
      // Keys are unique without regard to case, in the file as in the database.
      const key = u.key(row)?.toLowerCase() ?? null;
      if (key === null) continue;
      const first = firstRow.get(key);
      if (first !== undefined) {
        row.errors.push({ column: u.column, message: ruleMessage('duplicateInFile', { row: first }) });
        continue;
      }
      firstRow.set(key, row.rowNumber);
      candidates.push(row);
    }
    if (candidates.length === 0) continue;
    const taken = new Set([...(await u.taken(db, candidates))].map((k) => k.toLowerCase()));
    for (const row of candidates) {
      if (taken.has(u.key(row)!.toLowerCase()))
        row.errors.push({ column: u.column, message: ruleMessage('duplicateValue') });
    }
  }
}

/** The check result's rows: every row with its errors in the caller's language, in column order. */
export function checkedRows(columns: ExcelColumn[], rows: ParsedRow[], locale: Locale): ExcelCheckedRow[] {
  const order = new Map(columns.map((c, i) => [c.key, i]));
  return rows.map((r) => ({
    rowNumber: r.rowNumber,
    values: r.values,
    errors: [...r.errors]
      .sort((a, b) => (order.get(a.column) ?? 0) - (order.get(b.column) ?? 0))
      .map((e) => ({ column: e.column, message: translateMessage(e.message, locale) })),
  }));
}

/**
 * Records reordered so a parent comes before its children (otherwise in the given order): an exported tree can be
 * imported back, since a row may refer only to a parent that exists or that an earlier row creates.
 */
export function parentsFirst<T>(items: T[], idOf: (t: T) => number, parentOf: (t: T) => number | null): T[] {
  const byId = new Map(items.map((t) => [idOf(t), t]));
  const out: T[] = [];
  const seen = new Set<number>();
  const visit = (t: T, depth: number) => {
    const id = idOf(t);
    if (seen.has(id)) return;
    seen.add(id);
    const parentId = parentOf(t);
    const parent = parentId === null ? undefined : byId.get(parentId);
    if (parent && depth < items.length) visit(parent, depth + 1);
    out.push(t);
  };
  for (const t of items) visit(t, 0);
  return out;
}
