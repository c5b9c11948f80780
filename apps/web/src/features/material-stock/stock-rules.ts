import { DATE_FORMAT, type ExpiryState, isDate, type MaterialStock } from '@eqms/contract';
import dayjs from 'dayjs';

// The warehouse screens' small rules, kept apart from the components so they can be tested on their own.

/** Today in the browser, as the date inputs fill it (the server decides with the factory time zone). */
export const today = () => dayjs().format(DATE_FORMAT);

/**
 * The expiry date the receipt form proposes: the manufacturing date, else the received date (else today), plus the
 * material's shelf life — as the server fills it when the field is left blank. Null without a shelf life.
 */
export function proposeExpiry(
  shelfLifeDays: number | null | undefined,
  manufactureDate: string | null | undefined,
  receivedDate: string | null | undefined,
): string | null {
  if (!shelfLifeDays) return null;
  const base = manufactureDate || receivedDate || today();
  if (!isDate(base)) return null;
  return dayjs(base).add(shelfLifeDays, 'day').format(DATE_FORMAT);
}

/**
 * Whether a sale on `saleDate` (blank: today) takes from an expired row: the server's rule (expiry date before the
 * sale date), so the form asks for the override reason exactly when the server would refuse without one.
 */
export function isExpiredOn(expiryDate: string | null | undefined, saleDate: string | null | undefined): boolean {
  if (!expiryDate) return false;
  return expiryDate < (saleDate || today());
}

/** antd colour tokens of an expiry state (red for expired, orange for soon); none for the others. */
export const EXPIRY_COLOR: Record<ExpiryState, 'error' | 'warning' | undefined> = {
  EXPIRED: 'error',
  SOON: 'warning',
  OK: undefined,
  NONE: undefined,
};

/** A quantity as the lists show it: up to 5 decimals (numeric(15,5)), grouped by thousands. */
export function fmtQty(v: number | null | undefined): string {
  if (v === null || v === undefined) return '';
  return v.toLocaleString('en-US', { maximumFractionDigits: 5 });
}

/** A signed movement quantity: +10, −3.5, 0. */
export function signedQty(v: number): string {
  if (v > 0) return `+${fmtQty(v)}`;
  if (v < 0) return `−${fmtQty(-v)}`;
  return '0';
}

/** The stock row's place as one select value: a shelf `L<id>` or a tool `T<id>`. */
export function placeOf(row: Pick<MaterialStock, 'locationId' | 'toolId'>): 'SHELF' | 'TOOL' {
  return row.toolId != null ? 'TOOL' : 'SHELF';
}

/** The shelf-or-tool pair of a form: the chosen kind keeps its id, the other is null (exactly one, SPEC §5). */
export function placeBody(kind: 'SHELF' | 'TOOL', locationId?: number | null, toolId?: number | null) {
  return kind === 'TOOL'
    ? { locationId: null, toolId: toolId ?? null }
    : { locationId: locationId ?? null, toolId: null };
}

/** The period of the last `days` days up to today, as [from, to]. */
export function lastDays(days: number): [string, string] {
  const end = dayjs().startOf('day');
  return [end.subtract(days - 1, 'day').format(DATE_FORMAT), end.format(DATE_FORMAT)];
}

/**
 * The expiry field after a change of material or dates: the new proposal replaces what is there when the field is
 * empty or still holds the last proposal; a date the user chose stays. Null proposal (no shelf life): unchanged,
 * except that a previous proposal is cleared.
 */
export function nextExpiry(
  current: string | null | undefined,
  lastProposal: string | null | undefined,
  proposal: string | null,
): string | null {
  const untouched = !current || current === lastProposal;
  if (!untouched) return current ?? null;
  return proposal;
}
