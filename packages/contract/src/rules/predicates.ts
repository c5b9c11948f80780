import { DECIMAL_MAX_INT_DIGITS, DECIMAL_MAX_SCALE, PASSWORD_MIN } from '../constants.ts';

// The reusable checks of SPEC §5 as plain predicates. zod schemas (rules.ts) and antd form rules use these,
// so a value is judged the same way in the browser, on the server and in an Excel import.
export const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
export const isEmail = (v: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
export const isDateRange = (v: string) => {
  const parts = v.split('~').map((p) => p.trim());
  return parts.length === 2 && parts.every((p) => isDate(p)) && parts[0] <= parts[1];
};
// Date.parse rolls 2023-02-29 over to 1 March: the day must survive the round trip.
export const isDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const ms = Date.parse(`${v}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === v;
};
export const isDatetime = (v: string) =>
  /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d$/.test(v) && isDate(v.slice(0, 10));
export const isRealNumber = (v: string | number) =>
  typeof v === 'number' ? Number.isFinite(v) : /^[-+]?(\d+\.?\d*|\.\d+)$/.test(v.trim());
export const isDecimal = (v: string | number, maxInt = DECIMAL_MAX_INT_DIGITS, maxScale = DECIMAL_MAX_SCALE) => {
  const s = typeof v === 'number' ? numberToPlain(v) : v.trim();
  const m = /^-?(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return false;
  const intDigits = m[1].replace(/^0+(?=\d)/, '').length;
  return intDigits <= maxInt && (m[2]?.length ?? 0) <= maxScale;
};
export const isIntegerDigits = (v: string | number, digits: number) =>
  new RegExp(`^-?\\d{1,${digits}}$`).test(String(v).trim());
export const isUrl = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};
export const isPhoneChars = (v: string) => /^[\d\-;]+$/.test(v);
export const isProfilePhone = (v: string) => /^\d{3}-\d{4}-\d{4}$/.test(v);
export const isBizRegNo = (v: string) => /^\d{3}-\d{2}-\d{5}$/.test(v);
export const isCorpRegNo = (v: string) => /^\d{6}-\d{7}$/.test(v);
export const isNaturalNumber = (v: string | number) => /^[1-9]\d*$/.test(String(v).trim());
export const isCamelCase = (v: string) => /^[a-z][a-zA-Z0-9]*$/.test(v);
export const isPassword = (v: string) => v.length >= PASSWORD_MIN && /[A-Za-z]/.test(v) && /\d/.test(v);
export const isSearchText = (v: string) => v.trim().length >= 2;
export const fileSizeLimit = (size: number, unit: 'KB' | 'MB') => size * (unit === 'KB' ? 1024 : 1024 * 1024);

function numberToPlain(n: number): string {
  // Avoid exponent notation (1e-7) so digit counting sees the real digits.
  return Math.abs(n) < 1e-6 && n !== 0 ? n.toFixed(20).replace(/0+$/, '') : String(n);
}
