import { describe, expect, it } from 'vitest';
import {
  achievementRate,
  addedBad,
  emptyEntry,
  endBody,
  entryChanges,
  fmtRate,
  type KeypadKey,
  keyOfKeyboard,
  mergeDefects,
  PLACE_STORAGE_KEY,
  pressKey,
  qtyOf,
  readPlace,
  resultBody,
  type ResultEntry,
  startBody,
  statFontSize,
  totalsAfter,
  validPlace,
  writePlace,
} from './kiosk-rules.ts';
import { work } from './kiosk-test-data.ts';

const typed = (keys: KeypadKey[], from = '') => keys.reduce(pressKey, from);
const entry = (over: Partial<ResultEntry> = {}): ResultEntry => ({ ...emptyEntry(work(), null), ...over });

describe('the keypad', () => {
  it('types digits without leading zeros, one decimal point, and deletes', () => {
    expect(typed(['5'])).toBe('5');
    expect(typed(['0', '0', '7'])).toBe('7');
    expect(typed(['1', '2', 'back'])).toBe('1');
    expect(typed(['back'])).toBe('');
    expect(typed(['.', '5'])).toBe('0.5');
    expect(typed(['1', '.', '.', '2'])).toBe('1.2');
    expect(typed(['1', '0', '.', '0', '5'])).toBe('10.05');
    expect(typed(['4', '2', 'clear'])).toBe('');
  });

  it('keeps to numeric(15,5): 10 integer digits and 5 decimals', () => {
    expect(typed(Array(12).fill('9') as KeypadKey[])).toBe('9999999999');
    expect(typed(['1', '.', '1', '2', '3', '4', '5', '6'])).toBe('1.12345');
  });

  it('maps the keyboard: digits, point or comma, Backspace, Delete', () => {
    expect(keyOfKeyboard('7')).toBe('7');
    expect(keyOfKeyboard('.')).toBe('.');
    expect(keyOfKeyboard(',')).toBe('.');
    expect(keyOfKeyboard('Backspace')).toBe('back');
    expect(keyOfKeyboard('Delete')).toBe('clear');
    expect(keyOfKeyboard('a')).toBeNull();
    expect(keyOfKeyboard('Enter')).toBeNull();
  });

  it('reads its text as a number, empty and a bare point as 0', () => {
    expect(qtyOf('')).toBe(0);
    expect(qtyOf('0.')).toBe(0);
    expect(qtyOf('12.5')).toBe(12.5);
    expect(qtyOf(undefined)).toBe(0);
  });
});

describe('totals of a result entry (the server takes totals, not increments)', () => {
  it('adds the typed good and bad (typed by defect and untyped) to the current totals', () => {
    const e = entry({ good: '5', defects: { APPEARANCE: '1', FUNCTION: '0.1' }, bad: '0.2' });
    expect(addedBad(e)).toBe(1.3);
    expect(totalsAfter(work(), e)).toEqual({ goodQty: 15, badQty: 3.3, rate: 75 });
  });

  it('sends good + current, bad + current and the defects merged by code, adding up to the bad total', () => {
    const body = resultBody(work(), entry({ good: '5', defects: { APPEARANCE: '1', FUNCTION: '2' } }));
    expect(body).toEqual({
      id: 7,
      goodQty: 15,
      badQty: 5,
      defects: [
        { defectCode: 'APPEARANCE', qty: 3 },
        { defectCode: 'FUNCTION', qty: 2 },
      ],
    });
  });

  it('rounds to 5 decimals (0.1 + 0.2 is 0.3)', () => {
    const body = resultBody(work({ goodQty: 0.1, badQty: 0, defects: [] }), entry({ good: '0.2' }));
    expect(body.goodQty).toBe(0.3);
    expect(mergeDefects([{ defectCode: 'A', qty: 0.1 }], { A: '0.2' })).toEqual([{ defectCode: 'A', qty: 0.3 }]);
  });

  it('leaves the defects out when none was typed, so the server keeps them', () => {
    const body = resultBody(work(), entry({ good: '3' }));
    expect(body).toEqual({ id: 7, goodQty: 13, badQty: 2 });
  });

  it('leaves them out too when earlier bad quantity had no type (they would not add up)', () => {
    const body = resultBody(work({ badQty: 3 }), entry({ defects: { FUNCTION: '1' } }));
    expect(body).toEqual({ id: 7, goodQty: 10, badQty: 4 });
  });

  it('sends the worker only when changed, and the shelf only for good quantity of the last operation', () => {
    expect(resultBody(work(), entry({ good: '1', workerId: 12, locationId: 30 }))).toEqual({
      id: 7,
      goodQty: 11,
      badQty: 2,
      workerId: 12,
    });
    const last = work({ seq: 2, lastSeq: 2 });
    expect(resultBody(last, entry({ good: '1', locationId: 30 })).locationId).toBe(30);
    expect(resultBody(last, entry({ defects: { APPEARANCE: '1' }, locationId: 30 })).locationId).toBeUndefined();
  });

  it('counts an entry as a change when it adds a quantity or changes the worker', () => {
    expect(entryChanges(work(), entry())).toBe(false);
    expect(entryChanges(work(), entry({ good: '0.' }))).toBe(false);
    expect(entryChanges(work(), entry({ good: '1' }))).toBe(true);
    expect(entryChanges(work(), entry({ defects: { A: '1' } }))).toBe(true);
    expect(entryChanges(work(), entry({ workerId: 12 }))).toBe(true);
  });
});

describe('start and end', () => {
  it('starts with the worker, the quantities unchanged', () => {
    const planned = work({ status: 'PLAN_COMPLETED', goodQty: 0, badQty: 0, workerId: null, defects: [] });
    expect(startBody(planned, 11)).toEqual({ id: 7, goodQty: 0, badQty: 0, status: 'WORKING', workerId: 11 });
    expect(startBody(work({ status: 'PLAN_COMPLETED' }), 11)).toEqual({
      id: 7,
      goodQty: 10,
      badQty: 2,
      status: 'WORKING',
    });
  });

  it('ends with the totals as they are (the server keeps the defects)', () => {
    expect(endBody(work())).toEqual({ id: 7, goodQty: 10, badQty: 2, status: 'WORK_COMPLETED' });
  });
});

describe('numbers on the card', () => {
  it('gives the achievement in percent with one decimal, none without a target', () => {
    expect(achievementRate(5, 20)).toBe(25);
    expect(achievementRate(1, 3)).toBe(33.3);
    expect(achievementRate(5, 0)).toBeNull();
    expect(fmtRate(33.3)).toBe('33.3%');
    expect(fmtRate(null)).toBe('–');
  });

  it('shrinks a long number so four fit on a card at 1,024 px', () => {
    expect(statFontSize('1,000')).toBe(34);
    expect(statFontSize('100,000')).toBe(28);
    expect(statFontSize('1,000,000.5')).toBe(22);
  });
});

describe('the remembered factory and line', () => {
  const memory = () => {
    const m = new Map<string, string>();
    return {
      getItem: (k: string) => m.get(k) ?? null,
      setItem: (k: string, v: string) => void m.set(k, v),
      removeItem: (k: string) => void m.delete(k),
    };
  };
  const factories = [
    { id: 1, name: '1공장', lines: [{ id: 10, name: 'A라인' }] },
    { id: 2, name: '2공장', lines: [] },
  ];

  it('is kept on the device and read back', () => {
    const s = memory();
    expect(readPlace(s)).toBeNull();
    writePlace({ fabId: 1, lineId: 10 }, s);
    expect(readPlace(s)).toEqual({ fabId: 1, lineId: 10 });
    writePlace(null, s);
    expect(readPlace(s)).toBeNull();
  });

  it('ignores what is broken or not a place', () => {
    const s = memory();
    s.setItem(PLACE_STORAGE_KEY, '{oops');
    expect(readPlace(s)).toBeNull();
    s.setItem(PLACE_STORAGE_KEY, JSON.stringify({ fabId: '1', lineId: 10 }));
    expect(readPlace(s)).toBeNull();
  });

  it('holds only while the factory still has the line', () => {
    expect(validPlace(factories, { fabId: 1, lineId: 10 })?.line.name).toBe('A라인');
    expect(validPlace(factories, { fabId: 2, lineId: 10 })).toBeNull();
    expect(validPlace(factories, { fabId: 3, lineId: 10 })).toBeNull();
    expect(validPlace(factories, null)).toBeNull();
  });
});
