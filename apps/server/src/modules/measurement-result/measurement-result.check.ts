import {
  type Judgement,
  MEASUREMENT_NG_WORDS,
  MEASUREMENT_OK_WORDS,
  type MeasurementColumn,
  type QualityKind,
  itemJudgement,
  overallJudgement,
  ruleMessage,
  sampleOk,
} from '@eqms/contract';
import { instantAt } from '../../platform/dates.ts';
import type { RawRow } from './measurement-file.ts';

// Checking a file's rows against the product's standard items (README "Rows"): each row names an item, a sample
// within the item's sample size and a value of the item's kind; each (item, sample) once. The judgement is the
// quality module's (contract quality.judgement.ts): LSL ≤ value ≤ USL inclusive, a PASS_FAIL sample is OK or NG.

export type StandardItem = {
  id: number;
  name: string;
  unit: string | null;
  kind: QualityKind;
  target: number | null;
  lsl: number | null;
  usl: number | null;
  sampleSize: number;
};
export type RowError = { column: MeasurementColumn; message: string };
export type CheckedRow = {
  rowNumber: number;
  cells: Record<MeasurementColumn, string>;
  item: StandardItem | null;
  sampleNo: number | null;
  value: number | null;
  passed: boolean | null;
  measuredAt: Date | null;
  judgement: Judgement | null;
  errors: RowError[];
};
export type CheckedFile = {
  rows: CheckedRow[];
  invalidCount: number;
  itemCount: number;
  valueCount: number;
  ngCount: number;
  judgement: Judgement | null;
  /** The latest measured time of the rows, if any row has one. */
  measuredAt: Date | null;
};

const itemKey = (s: string) => s.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');
const OK = new Set<string>(MEASUREMENT_OK_WORDS.map((w) => w.toLowerCase()));
const NG = new Set<string>(MEASUREMENT_NG_WORDS.map((w) => w.toLowerCase()));
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
/** 10 integer digits, 5 decimals: the value column (numeric(15,5)). More decimals are rounded before judging. */
const MAX_ABS = 1e10;

/** A measured number as typed: `25.01`, `-0.5`, `1,234.5` (thousands separators), `1.2E-3`; else null. */
export function parseNumber(text: string): number | null {
  const t = text.replace(/\s/g, '');
  const plain = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(t) ? t.replace(/,/g, '') : t;
  if (!NUMBER.test(plain)) return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

/** 측정일시 as typed: yyyy-MM-dd, yyyy/MM/dd or yyyy.MM.dd, optionally with HH:mm[:ss] (space or T); else null. */
export function parseMeasuredAt(text: string, timeZone: string): Date | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1);
  const [month, day, hour, minute, second] = [mo, d, h, mi, s].map(Number);
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59) return null;
  const probe = new Date(Date.UTC(Number(y), month - 1, day));
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  const pad = (v: number) => String(v).padStart(2, '0');
  const at = instantAt(`${y}-${pad(month)}-${pad(day)} ${pad(hour)}:${pad(minute)}`, timeZone);
  return new Date(at.getTime() + second * 1000);
}

export function checkRows(rows: RawRow[], items: StandardItem[], timeZone: string): CheckedFile {
  const byName = new Map<string, StandardItem[]>();
  for (const it of items) byName.set(itemKey(it.name), [...(byName.get(itemKey(it.name)) ?? []), it]);
  const firstRowOf = new Map<string, number>();
  const checked = rows.map((raw): CheckedRow => {
    const { item: itemText, sample, value: valueText, measuredAt: atText } = raw.cells;
    const errors: RowError[] = [];
    const fail = (column: MeasurementColumn, message: string) => errors.push({ column, message });

    let item: StandardItem | null = null;
    if (!itemText) fail('item', ruleMessage('required'));
    else {
      const found = byName.get(itemKey(itemText)) ?? [];
      if (found.length === 0) fail('item', ruleMessage('measurementItemUnknown', { item: itemText }));
      else if (found.length > 1) fail('item', ruleMessage('measurementItemAmbiguous', { item: itemText }));
      else item = found[0];
    }

    let sampleNo: number | null = null;
    if (!sample) fail('sample', ruleMessage('required'));
    else {
      const n = parseNumber(sample);
      if (n == null || !Number.isInteger(n) || n < 1) fail('sample', ruleMessage('naturalNumber'));
      else if (item && n > item.sampleSize)
        fail('sample', ruleMessage('measurementSampleRange', { max: item.sampleSize }));
      else sampleNo = n;
    }

    let value: number | null = null;
    let passed: boolean | null = null;
    if (!valueText) fail('value', ruleMessage('required'));
    else if (item?.kind === 'PASS_FAIL') {
      const word = valueText.toLowerCase();
      if (OK.has(word)) passed = true;
      else if (NG.has(word)) passed = false;
      else fail('value', ruleMessage('measurementPassFail'));
    } else if (item?.kind === 'NUMBER') {
      const n = parseNumber(valueText);
      if (n == null) fail('value', ruleMessage('realNumber'));
      else if (Math.abs(n) >= MAX_ABS) fail('value', ruleMessage('decimal', { int: 10, scale: 5 }));
      else value = Math.round(n * 1e5) / 1e5;
    }

    let measuredAt: Date | null = null;
    if (atText) {
      measuredAt = parseMeasuredAt(atText, timeZone);
      if (!measuredAt) fail('measuredAt', ruleMessage('datetime'));
    }

    if (item && sampleNo != null) {
      const key = `${item.id}:${sampleNo}`;
      const first = firstRowOf.get(key);
      if (first != null) fail('sample', ruleMessage('measurementDuplicate', { row: first }));
      else firstRowOf.set(key, raw.rowNumber);
    }

    const judgement = errors.length === 0 && item ? (sampleOk(item, { value, passed }) ? 'PASS' : 'FAIL') : null;
    return { rowNumber: raw.rowNumber, cells: raw.cells, item, sampleNo, value, passed, measuredAt, judgement, errors };
  });

  const invalidCount = checked.filter((r) => r.errors.length > 0).length;
  const valid = checked.filter((r) => r.errors.length === 0);
  const perItem = new Map<number, { item: StandardItem; rows: CheckedRow[] }>();
  for (const r of valid) {
    const it = r.item as StandardItem;
    const entry = perItem.get(it.id) ?? { item: it, rows: [] };
    entry.rows.push(r);
    perItem.set(it.id, entry);
  }
  const itemJudgements = [...perItem.values()].map(({ item, rows: rs }) => itemJudgement(item, rs));
  const times = valid.flatMap((r) => (r.measuredAt ? [r.measuredAt.getTime()] : []));
  return {
    rows: checked,
    invalidCount,
    itemCount: perItem.size,
    valueCount: valid.length,
    ngCount: valid.filter((r) => r.judgement === 'FAIL').length,
    judgement: invalidCount === 0 ? overallJudgement(itemJudgements) : null,
    measuredAt: times.length ? new Date(Math.max(...times)) : null,
  };
}
