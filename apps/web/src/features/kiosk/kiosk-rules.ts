import type { KioskFactory, ProductionResult, ResultDefect, ResultSave } from '@eqms/contract';

// The kiosk's rules, apart from the components so they are tested on their own: the numeric keypad's text, the
// totals a result entry sends (the server takes totals, not increments), the start and end bodies, the achievement
// rate and the remembered factory and line.

/** Works are read again this often (and after every save). */
export const KIOSK_REFRESH_MS = 30_000;

/** numeric(15,5) (SPEC §5): at most 10 integer digits and 5 decimals. */
const MAX_INT_DIGITS = 10;
const MAX_DECIMALS = 5;

export const DIGIT_KEYS = ['7', '8', '9', '4', '5', '6', '1', '2', '3'] as const;
export type KeypadKey = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '.' | 'back' | 'clear';

/** The keypad key a keyboard key stands for: digits, the decimal point, Backspace, and Delete for clear. */
export function keyOfKeyboard(key: string): KeypadKey | null {
  if (/^[0-9]$/.test(key)) return key as KeypadKey;
  if (key === '.' || key === ',') return '.';
  if (key === 'Backspace') return 'back';
  if (key === 'Delete') return 'clear';
  return null;
}

/**
 * The text of a keypad field after a key: no leading zeros, one decimal point, at most 10 integer digits and 5
 * decimals (keys past a limit are ignored).
 */
export function pressKey(text: string, key: KeypadKey): string {
  if (key === 'clear') return '';
  if (key === 'back') return text.slice(0, -1);
  const [int, dec] = text.split('.');
  if (key === '.') {
    if (dec !== undefined) return text;
    return `${int === '' ? '0' : int}.`;
  }
  if (dec !== undefined) return dec.length >= MAX_DECIMALS ? text : text + key;
  if (int === '0') return key;
  if (int.length >= MAX_INT_DIGITS) return text;
  return text + key;
}

/** A keypad text as a number: empty (or "0.") is 0. */
export function qtyOf(text: string | undefined): number {
  if (!text) return 0;
  const n = Number(text);
  return Number.isFinite(n) ? n : 0;
}

/** Rounded to the column's 5 decimals, so 0.1 + 0.2 is sent as 0.3. */
export const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** Good quantity as a share of the target in percent (one decimal); null without a target. */
export function achievementRate(goodQty: number, targetQty: number): number | null {
  if (!(targetQty > 0)) return null;
  return Math.round((goodQty / targetQty) * 1000) / 10;
}

export const fmtRate = (rate: number | null) => (rate === null ? '–' : `${rate.toLocaleString('en-US')}%`);

/** A big number's font size: the card's four numbers keep to one line at 1,024 px up to eight characters and more. */
export function statFontSize(text: string): number {
  if (text.length <= 6) return 34;
  if (text.length <= 8) return 28;
  return 22;
}

/** What the operator typed in the result dialog: additions, not totals. */
export type ResultEntry = {
  /** Good quantity to add (keypad text). */
  good: string;
  /** Bad quantity to add per defect type code (keypad text). */
  defects: Record<string, string>;
  /** Bad quantity to add without a type: only when no defect type is set up (keypad text). */
  bad: string;
  workerId: number | null;
  /** The shelf the last operation's good quantity goes to. */
  locationId: number | null;
};

export const emptyEntry = (work: Pick<ProductionResult, 'workerId'>, shelfId: number | null): ResultEntry => ({
  good: '',
  defects: {},
  bad: '',
  workerId: work.workerId,
  locationId: shelfId,
});

/** The bad quantity the entry adds (typed and untyped). */
export const addedBad = (entry: ResultEntry) =>
  round5(Object.values(entry.defects).reduce((s, v) => s + qtyOf(v), 0) + qtyOf(entry.bad));

export const isLastOperation = (work: Pick<ProductionResult, 'seq' | 'lastSeq'>) => work.seq === work.lastSeq;

/** The defects after adding the entry's typed quantities to what the result already has, in code order kept. */
export function mergeDefects(existing: ResultDefect[], added: Record<string, string>): ResultDefect[] {
  const out = existing.map((d) => ({ ...d }));
  for (const [code, text] of Object.entries(added)) {
    const qty = qtyOf(text);
    if (qty <= 0) continue;
    const known = out.find((d) => d.defectCode === code);
    if (known) known.qty = round5(known.qty + qty);
    else out.push({ defectCode: code, qty });
  }
  return out;
}

/** The totals after the entry: good, bad and the achievement they give. */
export function totalsAfter(work: Pick<ProductionResult, 'goodQty' | 'badQty' | 'targetQty'>, entry: ResultEntry) {
  const goodQty = round5(work.goodQty + qtyOf(entry.good));
  const badQty = round5(work.badQty + addedBad(entry));
  return { goodQty, badQty, rate: achievementRate(goodQty, work.targetQty) };
}

/** Whether the entry changes anything (a quantity, or the worker). */
export const entryChanges = (work: Pick<ProductionResult, 'workerId'>, entry: ResultEntry) =>
  qtyOf(entry.good) > 0 || addedBad(entry) > 0 || entry.workerId !== work.workerId;

/**
 * The save body of a result entry: the result's totals plus what was typed. Defects are sent when a typed quantity was
 * added and they then add up to the bad total (the server checks it); otherwise they are left out and the server
 * keeps the result's defects. The worker is sent when changed; the shelf only for the last operation's added good
 * quantity. A planned work with a quantity starts (the server sets it working).
 */
export function resultBody(work: ProductionResult, entry: ResultEntry): ResultSave {
  const { goodQty, badQty } = totalsAfter(work, entry);
  const body: ResultSave = { id: work.id, goodQty, badQty };
  const typed = Object.values(entry.defects).some((v) => qtyOf(v) > 0);
  if (typed) {
    const defects = mergeDefects(work.defects, entry.defects);
    if (round5(defects.reduce((s, d) => s + d.qty, 0)) === badQty) body.defects = defects;
  }
  if (entry.workerId !== work.workerId) body.workerId = entry.workerId;
  if (isLastOperation(work) && qtyOf(entry.good) > 0 && entry.locationId != null) body.locationId = entry.locationId;
  return body;
}

/** Start: the work becomes WORKING with its worker, its quantities as they are. */
export function startBody(work: ProductionResult, workerId: number | null): ResultSave {
  const body: ResultSave = { id: work.id, goodQty: work.goodQty, badQty: work.badQty, status: 'WORKING' };
  if (workerId !== work.workerId) body.workerId = workerId;
  return body;
}

/** End: the work becomes WORK_COMPLETED, its quantities and defects as they are. */
export const endBody = (work: ProductionResult): ResultSave => ({
  id: work.id,
  goodQty: work.goodQty,
  badQty: work.badQty,
  status: 'WORK_COMPLETED',
});

// The factory and line the kiosk shows, kept on the device (a terminal stays at its line).
export const PLACE_STORAGE_KEY = 'eqms.kiosk.place';
export type KioskPlace = { fabId: number; lineId: number };

export function readPlace(storage: Pick<Storage, 'getItem'> = localStorage): KioskPlace | null {
  try {
    const v = JSON.parse(storage.getItem(PLACE_STORAGE_KEY) ?? 'null');
    if (v && Number.isInteger(v.fabId) && Number.isInteger(v.lineId)) return { fabId: v.fabId, lineId: v.lineId };
  } catch {
    /* not ours or broken: choose again */
  }
  return null;
}

export function writePlace(place: KioskPlace | null, storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage) {
  if (place) storage.setItem(PLACE_STORAGE_KEY, JSON.stringify(place));
  else storage.removeItem(PLACE_STORAGE_KEY);
}

/** The remembered place when its factory still has that line; else null (the operator chooses again). */
export function validPlace(factories: KioskFactory[], place: KioskPlace | null) {
  if (!place) return null;
  const factory = factories.find((f) => f.id === place.fabId);
  const line = factory?.lines.find((l) => l.id === place.lineId);
  return factory && line ? { factory, line } : null;
}
