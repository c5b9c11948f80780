import { describe, expect, it } from 'vitest';
import { createTestApp, uniq } from '../../test/harness.ts';
import { products } from '../product/product.table.ts';
import { barcodeLotProvider } from './barcode.service.ts';
import { makeMaterial, receive, stockWorld } from './stock-fixtures.ts';

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({ materialStock: { all: true } });
const anyone = await t.makeUser({});
const scan = (code: string, query = '', token: string | null = anyone.token) =>
  t.inject({
    method: 'GET',
    url: `/api/barcode/${encodeURIComponent(code)}${query}`,
    token,
    headers: { 'accept-language': 'en' },
  });

const material = await makeMaterial(t.db, { barcode: uniq('MB'), safetyStock: 3 });
const stock = await receive(t, clerk.token, { materialId: material.id, qty: 4, locationId: w.shelf.id });
const [product] = await t.db
  .insert(products)
  .values({ code: uniq('P'), name: '완제품', type: 'FINISHED', unit: 'EA', barcode: uniq('PB') })
  .returning();

describe('GET /api/barcode/{code}', () => {
  it('a package ID (any case) is a MATERIAL_STOCK with the place path', async () => {
    const res = await scan(stock.packageId.toLowerCase());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      type: 'MATERIAL_STOCK',
      data: { id: stock.id, materialName: material.name, qty: 4 },
    });
    expect(res.body.data.data.placePath).toContain(w.shelf.name);
  });

  it('a material barcode or code is a MATERIAL with its stock; a product barcode or code a PRODUCT', async () => {
    const byBarcode = await scan(material.barcode!);
    expect(byBarcode.body.data).toMatchObject({
      type: 'MATERIAL',
      data: { id: material.id, stockQty: 4, stockCount: 1 },
    });
    expect((await scan(material.code)).body.data.type).toBe('MATERIAL');
    expect((await scan(product.barcode!)).body.data).toMatchObject({ type: 'PRODUCT', data: { id: product.id } });
    expect((await scan(product.code.toLowerCase())).body.data.type).toBe('PRODUCT');
  });

  it('type narrows the look-up; a LOT comes from the production module’s provider', async () => {
    expect((await scan(material.code, '?type=PRODUCT')).status).toBe(404);
    expect((await scan(material.code, '?type=MATERIAL')).status).toBe(200);
    const lot = {
      id: 1,
      lotId: 'LOT-1',
      productId: product.id,
      productCode: product.code,
      productionPlanProductName: product.name,
      qty: 5,
      unit: 'EA',
      placePath: null,
    };
    const undo = t.app.providers.register(barcodeLotProvider, async (_db, code) => (code === 'LOT-1' ? lot : null));
    try {
      expect((await scan('LOT-1')).body.data).toMatchObject({ type: 'LOT', data: { lotId: 'LOT-1' } });
    } finally {
      undo();
    }
  });

  it('404 for an unknown code (naming it), 400 for a bad type, 401 without a token', async () => {
    const res = await scan('NO-SUCH-CODE-1');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', extraData: { barcode: 'NO-SUCH-CODE-1' } });
    expect(res.body.message).toBe('No corresponding barcode information found [NO-SUCH-CODE-1]');
    expect((await scan(material.code, '?type=PALLET')).status).toBe(400);
    expect((await scan(material.code, '', null)).status).toBe(401);
  });
});
