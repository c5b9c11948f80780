import { describe, expect, it } from 'vitest';
import { isExpiredOn, nextExpiry, placeBody, proposeExpiry, signedQty, today } from './stock-rules.ts';

describe('expiry proposal', () => {
  it('adds the shelf life to the manufacturing date, else the received date, else today', () => {
    expect(proposeExpiry(30, '2025-01-15', '2025-02-01')).toBe('2025-02-14');
    expect(proposeExpiry(30, null, '2025-02-01')).toBe('2025-03-03');
    expect(proposeExpiry(365, '', '2024-03-01')).toBe('2025-03-01');
    const d = new Date();
    d.setDate(d.getDate() + 10);
    const local = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(proposeExpiry(10, null, null)).toBe(local);
  });

  it('proposes nothing without a shelf life or from a date it cannot read', () => {
    expect(proposeExpiry(null, '2025-01-15', null)).toBeNull();
    expect(proposeExpiry(0, '2025-01-15', null)).toBeNull();
    expect(proposeExpiry(5, '2025-13-45', null)).toBeNull();
  });

  it('replaces an empty field or its own last proposal, and keeps a date the user chose', () => {
    expect(nextExpiry(undefined, null, '2025-02-14')).toBe('2025-02-14');
    expect(nextExpiry('2025-02-14', '2025-02-14', '2025-03-01')).toBe('2025-03-01');
    expect(nextExpiry('2025-06-30', '2025-02-14', '2025-03-01')).toBe('2025-06-30');
    // A material without a shelf life clears the proposal of the previous one, not a chosen date.
    expect(nextExpiry('2025-03-01', '2025-03-01', null)).toBeNull();
    expect(nextExpiry('2025-06-30', '2025-03-01', null)).toBe('2025-06-30');
  });
});

describe('expired on a sale date', () => {
  it('follows the server: expired when the expiry date is before the sale date (today when blank)', () => {
    expect(isExpiredOn('2025-01-10', '2025-01-11')).toBe(true);
    expect(isExpiredOn('2025-01-10', '2025-01-10')).toBe(false);
    expect(isExpiredOn(null, '2025-01-11')).toBe(false);
    expect(isExpiredOn('2000-01-01', null)).toBe(true);
    expect(isExpiredOn(today(), '')).toBe(false);
  });
});

describe('place and quantities', () => {
  it('sends exactly one of shelf and tool', () => {
    expect(placeBody('SHELF', 5, 9)).toEqual({ locationId: 5, toolId: null });
    expect(placeBody('TOOL', 5, 9)).toEqual({ locationId: null, toolId: 9 });
  });

  it('signs movement quantities', () => {
    expect(signedQty(10)).toBe('+10');
    expect(signedQty(-3.5)).toBe('−3.5');
    expect(signedQty(0)).toBe('0');
    expect(signedQty(1234.123456)).toBe('+1,234.12346');
  });
});
