import { describe, expect, it } from 'vitest';
import { RULE_MESSAGES } from '../messages.ts';
import {
  canPlaceLocation,
  depthUntil,
  LOCATION_TYPES,
  type LocationType,
  locationPlacementError,
  type StockHolder,
  stockPlacementError,
  toolPlacementError,
} from './placement.ts';

const PARENTS: (LocationType | null)[] = [null, ...LOCATION_TYPES];
const ALLOWED: Record<LocationType, LocationType | null> = {
  SITE: null,
  FACTORY: 'SITE',
  LINE: 'FACTORY',
  WAREHOUSE: 'FACTORY',
  SHELF: 'WAREHOUSE',
};

describe('location placement (SPEC §5)', () => {
  const cases = LOCATION_TYPES.flatMap((type) =>
    PARENTS.map((parent) => ({ type, parent, ok: ALLOWED[type] === parent })),
  );
  it.each(cases)('$type under $parent → allowed: $ok', ({ type, parent, ok }) => {
    expect(canPlaceLocation(type, parent)).toBe(ok);
    const error = locationPlacementError(type, parent);
    if (ok) expect(error).toBeNull();
    else expect(error && RULE_MESSAGES[error]).toBeTruthy();
  });

  it('names the rule that was broken', () => {
    expect(locationPlacementError('SITE', 'FACTORY')).toBe('placementSite');
    expect(locationPlacementError('FACTORY', null)).toBe('placementFactory');
    expect(locationPlacementError('LINE', 'WAREHOUSE')).toBe('placementLine');
    expect(locationPlacementError('WAREHOUSE', 'SITE')).toBe('placementWarehouse');
    expect(locationPlacementError('SHELF', 'LINE')).toBe('placementShelf');
  });
});

describe('tool placement', () => {
  it.each([
    [null, false],
    ['SITE', false],
    ['FACTORY', false],
    ['LINE', true],
    ['WAREHOUSE', true],
    ['SHELF', false],
  ] as const)('a tool under %s → allowed: %s', (type, ok) => {
    expect(toolPlacementError(type) === null).toBe(ok);
  });
});

describe('stock placement (materials, products, molds)', () => {
  const cases: { holder: StockHolder | null; ok: boolean }[] = [
    { holder: { kind: 'tool' }, ok: true },
    ...LOCATION_TYPES.map((type) => ({ holder: { kind: 'location', type } as const, ok: type === 'SHELF' })),
    { holder: null, ok: false },
  ];
  it.each(cases)('stored on $holder → allowed: $ok', ({ holder, ok }) => {
    expect(stockPlacementError(holder) === null).toBe(ok);
  });
});

describe('depthUntil', () => {
  it.each([
    [undefined, undefined],
    [[], undefined],
    [['SITE'], 0],
    [['LINE'], 2],
    [['WAREHOUSE'], 2],
    [['LINE', 'SHELF'], 3],
  ] as const)('%o → %s', (types, depth) => {
    expect(depthUntil(types as LocationType[] | undefined)).toBe(depth);
  });
});
