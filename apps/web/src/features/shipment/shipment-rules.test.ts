import type { ProductStock, ShipmentPick } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import {
  addLotRows,
  lineProblem,
  linesFromPick,
  refusedLine,
  type ShipLine,
  shipmentBody,
  totalOf,
  withStockOfRefusal,
} from './shipment-rules.ts';

// The shipment form's lines: the FEFO pick as lines, a scanned lot's rows added once and only for the product being
// shipped, the checks before asking, and a refusal put back on the line it names.

const row = (over: Partial<ProductStock>): ProductStock =>
  ({
    id: 1,
    lotRowId: 10,
    lotId: 'L20261101-P-001',
    planId: null,
    productId: 5,
    productCode: 'P',
    productName: '케이스',
    productType: 'FINISHED',
    specification: null,
    unit: 'EA',
    locationId: 3,
    placePath: '공장 / 창고 / A-1',
    qty: 10,
    disposed: false,
    disposedAt: null,
    disposedReason: null,
    adjustedQty: null,
    description: null,
    day: '2026-11-01',
    expiryDate: '2026-12-01',
    expiryReason: null,
    expiryPackageId: null,
    daysToExpiry: 20,
    expiryState: 'OK',
    ...over,
  }) as ProductStock;

const line = (over: Partial<ShipLine>): ShipLine => ({
  productStockId: 1,
  lotId: 'L1',
  day: '2026-11-01',
  expiryDate: null,
  placePath: 'A-1',
  available: 10,
  qty: 10,
  ...over,
});

describe('linesFromPick', () => {
  it('takes the pick in its order with what it takes of each row', () => {
    const pick: ShipmentPick = {
      productId: 5,
      unit: 'EA',
      qty: 12,
      pickedQty: 12,
      shortQty: 0,
      lines: [
        {
          productStockId: 2,
          lotRowId: 20,
          lotId: 'A',
          locationId: 3,
          placePath: 'A-1',
          day: '2026-10-01',
          expiryDate: '2026-11-10',
          available: 8,
          qty: 8,
        },
        {
          productStockId: 1,
          lotRowId: 10,
          lotId: 'B',
          locationId: 3,
          placePath: 'A-2',
          day: '2026-10-05',
          expiryDate: '2026-11-20',
          available: 10,
          qty: 4,
        },
      ],
    };
    const lines = linesFromPick(pick);
    expect(lines.map((l) => [l.lotId, l.available, l.qty])).toEqual([
      ['A', 8, 8],
      ['B', 10, 4],
    ]);
    expect(totalOf(lines)).toBe(12);
  });
});

describe('addLotRows', () => {
  it('adds every shippable row of the lot with its whole stock, and sets the product when none was chosen', () => {
    const out = addLotRows(
      [],
      [
        row({ id: 1, qty: 4 }),
        row({ id: 2, qty: 6, placePath: 'B-1' }),
        row({ id: 3, qty: 0 }),
        row({ id: 4, disposed: true }),
      ],
      null,
    );
    expect(out.kind).toBe('added');
    if (out.kind !== 'added') return;
    expect(out.productId).toBe(5);
    expect(out.lines.map((l) => [l.productStockId, l.qty])).toEqual([
      [1, 4],
      [2, 6],
    ]);
  });

  it('refuses a lot of another product, a lot without stock, and one listed already', () => {
    expect(addLotRows([], [row({ productId: 9, productCode: 'X', productName: '다른' })], 5)).toEqual({
      kind: 'otherProduct',
      productName: 'X 다른',
    });
    expect(addLotRows([], [row({ qty: 0 })], 5)).toEqual({ kind: 'noStock' });
    expect(addLotRows([], [], 5)).toEqual({ kind: 'noStock' });
    expect(addLotRows([line({ productStockId: 1 })], [row({ id: 1 })], 5)).toEqual({ kind: 'already' });
  });

  it('adds only the rows not listed yet', () => {
    const out = addLotRows([line({ productStockId: 1 })], [row({ id: 1 }), row({ id: 2 })], 5);
    expect(out.kind === 'added' && out.lines.map((l) => l.productStockId)).toEqual([1, 2]);
  });
});

describe('lineProblem and totals', () => {
  it('wants a quantity above 0 and within the stock', () => {
    expect(lineProblem(line({ qty: null }))).toEqual({ kind: 'qtyRequired' });
    expect(lineProblem(line({ qty: 0 }))).toEqual({ kind: 'qtyRequired' });
    expect(lineProblem(line({ qty: 10.5, available: 10 }))).toEqual({ kind: 'overAvailable', available: 10 });
    expect(lineProblem(line({ qty: 10, available: 10 }))).toBeNull();
  });

  it('totals to 5 decimals', () => {
    expect(totalOf([line({ qty: 0.1 }), line({ qty: 0.2 }), line({ qty: null })])).toBe(0.3);
  });

  it('builds the body with one lot line per stock row', () => {
    expect(
      shipmentBody({
        bizPartnerId: 1,
        orderProductId: null,
        productId: 5,
        shipmentDt: '2026-11-27',
        description: '  ',
        lines: [line({ productStockId: 3, qty: 2 }), line({ productStockId: 4, qty: 1.5 })],
      }),
    ).toEqual({
      bizPartnerId: 1,
      orderProductId: null,
      productId: 5,
      shipmentDt: '2026-11-27',
      description: null,
      lots: [
        { productStockId: 3, qty: 2 },
        { productStockId: 4, qty: 1.5 },
      ],
    });
  });
});

describe('refusedLine', () => {
  const lines = [line({ productStockId: 3, lotId: 'L-A' }), line({ productStockId: 4, lotId: 'L-B' })];

  it('finds the line of an OUT_OF_STOCK by its stock row', () => {
    expect(
      refusedLine({ status: 409, code: 'OUT_OF_STOCK', extraData: { productStockId: 4, lotId: 'L-B' } }, lines),
    ).toBe(4);
  });

  it('finds the line of a LOT_ON_HOLD by its LOT ID, any case', () => {
    expect(refusedLine({ status: 409, code: 'LOT_ON_HOLD', extraData: { lotRowId: 99, lotId: 'l-a' } }, lines)).toBe(3);
  });

  it('finds the line of a 400 on lots.<i>', () => {
    expect(
      refusedLine(
        { status: 400, code: 'VALIDATION_ERROR', extraData: { fields: [{ field: 'lots.1.productStockId' }] } },
        lines,
      ),
    ).toBe(4);
  });

  it('names no line for a refusal about something else', () => {
    expect(
      refusedLine({ status: 400, code: 'VALIDATION_ERROR', extraData: { fields: [{ field: 'bizPartnerId' }] } }, lines),
    ).toBeNull();
    expect(refusedLine({ status: 409, code: 'OUT_OF_STOCK', extraData: { available: 3 } }, lines)).toBeNull();
  });
});

describe('withStockOfRefusal', () => {
  it("shows the row's stock an OUT_OF_STOCK reports on its line, and leaves other refusals alone", () => {
    const lines = [line({ productStockId: 3, available: 10 }), line({ productStockId: 4, available: 10 })];
    const out = withStockOfRefusal(
      { status: 409, code: 'OUT_OF_STOCK', extraData: { productStockId: 4, available: 1, requested: 2 } },
      lines,
    );
    expect(out.map((l) => l.available)).toEqual([10, 1]);
    expect(withStockOfRefusal({ status: 409, code: 'CONFLICT', extraData: { productStockId: 4 } }, lines)).toEqual(
      lines,
    );
  });
});
