import type { LocationTreeNode } from '@eqms/contract';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { proposeLotExpiry, scopeOfKey, shelfOptions, shelfPathOf } from './product-stock-rules.ts';

const loc = (id: number, type: LocationTreeNode['type'], name: string, children: LocationTreeNode[] = []) =>
  ({ id, type, name, code: null, parentId: null, sort: 0, description: null, children }) as LocationTreeNode;

describe('product stock rules', () => {
  it('reads what a tree node selects from its key', () => {
    expect(scopeOfKey(undefined)).toEqual({});
    expect(scopeOfKey('L12')).toEqual({ locationId: 12 });
    expect(scopeOfKey('P7')).toEqual({ productId: 7 });
    expect(scopeOfKey('GFINISHED')).toEqual({ productType: 'FINISHED' });
    expect(scopeOfKey('LOT:L20261126-FG1001-001')).toEqual({ lotId: 'L20261126-FG1001-001' });
    expect(scopeOfKey('Lx')).toEqual({});
    expect(scopeOfKey('Q1')).toEqual({});
  });

  it('proposes the expiry from the production day and the shelf life', () => {
    expect(proposeLotExpiry(30, '2026-11-26')).toBe('2026-12-26');
    expect(proposeLotExpiry(0, '2026-11-26')).toBe('2026-11-26');
    expect(proposeLotExpiry(null, '2026-11-26')).toBeNull();
    expect(proposeLotExpiry(2, null)).toBe(dayjs().add(2, 'day').format('YYYY-MM-DD'));
    expect(proposeLotExpiry(2, 'not a day')).toBeNull();
  });

  it('offers warehouses with shelves (by their path), never a line', () => {
    const tree = [
      loc(1, 'SITE', '본사', [
        loc(2, 'FACTORY', '1공장', [
          loc(3, 'LINE', '1라인'),
          loc(4, 'WAREHOUSE', '완제품 창고', [loc(5, 'SHELF', 'A-01'), loc(6, 'SHELF', 'A-02')]),
          loc(7, 'WAREHOUSE', '빈 창고'),
        ]),
      ]),
    ];
    const options = shelfOptions(tree);
    expect(options).toEqual([
      {
        value: 4,
        label: '본사 / 1공장 / 완제품 창고',
        children: [
          { value: 5, label: 'A-01' },
          { value: 6, label: 'A-02' },
        ],
      },
    ]);
    expect(shelfPathOf(options, 6)).toEqual([4, 6]);
    expect(shelfPathOf(options, 3)).toBeNull();
    expect(shelfPathOf(options, null)).toBeNull();
  });
});
