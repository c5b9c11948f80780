import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LABEL_IDS_MAX, lotIdOf } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { crop, pageCount, readCodes, renderPage, textOf } from '../../platform/labels/label-reading.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, locationBranch } from '../../test/harness.ts';
import { ensureCodes } from '../product/master-fixtures.ts';
import { products } from '../product/product.table.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';

// Lot labels (README.md): GET /productstock/labels answers PDF and ZPL through the platform's label renderer, and the
// round trip a shipping clerk depends on — the printed label, rendered to pixels and read by the camera scanner's
// engine, gives the LOT ID, which the barcode look-up resolves to the LOT.

const t = await createTestApp();
await ensureCodes(t.db);
const { shelf } = await locationBranch(t.db);
const clerk = await t.makeUser({ prodStock: { view: true } });
const materialClerk = await t.makeUser({ materialStock: { all: true } });
const KOREAN_NAME = '한글 완제품 케이스 (식품용)';

/**
 * A product, a lot of it and its stock row on the shelf. The LOT ID is a plan's (production-plan lotIdOf) of a product
 * code as long as the factory's (FG-1001): 21 characters, as the labels print them (the file's database is its own).
 */
let productNo = 7100;
async function stockOfLot(qty: number, extra: { expiryDate?: string | null } = {}) {
  productNo += 1;
  return withTx(t.db, SYSTEM_ACTOR, async (tx) => {
    const [product] = await tx
      .insert(products)
      .values({ code: `FG-${productNo}`, name: KOREAN_NAME, type: 'FINISHED', unit: 'EA' })
      .returning();
    const lotId = lotIdOf('2026-11-24', product.code, 1);
    const [lot] = await tx
      .insert(lots)
      .values({ lotId, productId: product.id, day: '2026-11-24', expiryDate: extra.expiryDate ?? null })
      .returning();
    const [stock] = await tx.insert(productStocks).values({ lotRowId: lot.id, locationId: shelf.id, qty }).returning();
    return { product, lot, stock };
  });
}
const a = await stockOfLot(1234.5, { expiryDate: '2027-05-23' });
const b = await stockOfLot(40);

const labels = (query: string, token: string | null = clerk.token, language = 'ko') =>
  t.inject({
    method: 'GET',
    url: `/api/productstock/labels?${query}`,
    token,
    headers: { 'accept-language': language },
  });
const ids = (...list: number[]) => list.map((id) => `ids=${id}`).join('&');
const pdfOf = (res: { raw: { rawPayload: Buffer } }) => res.raw.rawPayload;
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../../../e2e/screenshots');
const DPI = 300;

describe('GET /api/productstock/labels', () => {
  it('PDF 100x50: a %PDF with one page per label (rows × copies), attachment lot-labels-<yyyyMMdd>.pdf', async () => {
    const res = await labels(`${ids(a.stock.id, b.stock.id)}&copies=2`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lot-labels-\d{8}\.pdf"/);
    const pdf = pdfOf(res);
    expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');
    expect(pageCount(pdf)).toBe(4);
    // Product code and Korean name, quantity with unit, the LOT ID under the bars, production day and expiry.
    const text = textOf(pdf);
    expect(text).toContain(a.product.code);
    expect(text).toContain(KOREAN_NAME);
    expect(text).toContain('1,234.5 EA');
    expect(text).toContain(a.lot.lotId);
    expect(text).toContain('생산일 2026-11-24');
    expect(text).toContain('유통기한 2027-05-23');
    // Copies follow their row; a lot without expiry prints none.
    expect(textOf(pdf, 1)).toContain(a.lot.lotId);
    const second = textOf(pdf, 2);
    expect(second).toContain(b.lot.lotId);
    expect(second).toContain('40 EA');
    expect(second).not.toContain('유통기한');
  });

  it('captions follow accept-language (English)', async () => {
    const res = await labels(ids(a.stock.id), clerk.token, 'en-US,en;q=0.9');
    const text = textOf(pdfOf(res));
    expect(text).toContain('Produced 2026-11-24');
    expect(text).toContain('Expiry 2027-05-23');
  });

  it('round trip: the Code 128 and the QR decode to the LOT ID, which the barcode look-up resolves to the LOT', async () => {
    const res = await labels(ids(a.stock.id));
    const { png, imageData } = renderPage(pdfOf(res), 0, DPI);
    mkdirSync(SCREENSHOTS, { recursive: true });
    writeFileSync(path.join(SCREENSHOTS, 'lot-label-100x50.png'), png);
    const found = await readCodes(imageData, 4);
    const byFormat = Object.fromEntries(found.map((r) => [r.format, r.text]));
    expect(byFormat).toEqual({ Code128: a.lot.lotId, QRCode: a.lot.lotId });

    const scan = await t.inject({
      method: 'GET',
      url: `/api/barcode/${encodeURIComponent(byFormat.QRCode)}`,
      token: materialClerk.token,
    });
    expect(scan.status).toBe(200);
    expect(scan.body.data).toMatchObject({ type: 'LOT', data: { lotId: a.lot.lotId, qty: 1234.5, unit: 'EA' } });
  });

  it("a4-3x8: 24 labels on an A4 page; every cell's Code 128 and QR decode to its LOT ID", async () => {
    const res = await labels(`${ids(a.stock.id, b.stock.id)}&layout=a4-3x8&copies=12`);
    const pdf = pdfOf(res);
    expect(pageCount(pdf)).toBe(1);
    const { png, imageData } = renderPage(pdf, 0, DPI);
    writeFileSync(path.join(SCREENSHOTS, 'lot-label-a4.png'), png);
    const px = DPI / 25.4;
    const texts: string[] = [];
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 3; col++) {
        const cell = crop(imageData, col * 70 * px, (4.5 + row * 36) * px, 70 * px, 36 * px);
        const found = await readCodes(cell);
        expect(found.map((r) => r.format).sort(), `cell ${row},${col}`).toEqual(['Code128', 'QRCode']);
        texts.push(...found.map((r) => r.text));
      }
    }
    expect(new Set(texts)).toEqual(new Set([a.lot.lotId, b.lot.lotId]));
  });

  it('ZPL: one ^XA…^XZ per label, the LOT ID in ^BC and ^BQ, the Korean name in ^A@, ASCII captions', async () => {
    const res = await labels(`${ids(a.stock.id, b.stock.id)}&format=zpl`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lot-labels-\d{8}\.zpl"/);
    const formats = res.raw.body.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(formats).toHaveLength(2);
    const [first = '', second = ''] = formats;
    expect(first).toContain('^PW800');
    expect(first).toMatch(new RegExp(`\\^BCN,[^\\^]*\\^FD${a.lot.lotId}\\^FS`));
    expect(first).toMatch(new RegExp(`\\^BQN,2,\\d+\\^FDMA,${a.lot.lotId}\\^FS`));
    expect(first).toContain(`^FD${a.product.code}^FS`);
    expect(first).toContain('^FD1,234.5 EA^FS');
    expect(first).toContain('MFD 2026-11-24  EXP 2027-05-23');
    expect(first).toMatch(/\^A@N,\d+,\d+,E:NOTOSANSKR\.TTF\^FH_\^FD한글 완제품 케이스 \(식품용\)\^FS/);
    expect(second).toContain(`^FDMA,${b.lot.lotId}^FS`);
    expect(second).not.toContain('EXP');
  });

  it('400 without ids, with too many, a bad id, format, layout or copies; 401; 403 without prodStock view; 404', async () => {
    const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
    const noIds = await labels('format=pdf');
    expect(noIds.status).toBe(400);
    expect(fieldsOf(noIds)).toContain('ids');
    const many = Array.from({ length: LABEL_IDS_MAX + 1 }, (_, i) => i + 1);
    expect(fieldsOf(await labels(ids(...many)))).toContain('ids');
    expect((await labels('ids=abc')).status).toBe(400);
    expect(fieldsOf(await labels(`${ids(a.stock.id)}&format=png`))).toContain('format');
    expect(fieldsOf(await labels(`${ids(a.stock.id)}&layout=a5`))).toContain('layout');
    expect(fieldsOf(await labels(`${ids(a.stock.id)}&copies=21`))).toContain('copies');

    expect((await labels(ids(a.stock.id), null)).status).toBe(401);
    const forbidden = await labels(ids(a.stock.id), materialClerk.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');

    const missing = await labels(ids(a.stock.id, 2_000_000_000));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('is in the OpenAPI document under the product stock tag, ids a repeated query parameter', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const op = doc.paths['/api/productstock/labels'].get;
    expect(op.operationId).toBe('productStock.lotLabels');
    expect(op.tags).toEqual(['productStock']);
    const params = Object.fromEntries(op.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]));
    expect(params.ids).toMatchObject({ type: 'array' });
    expect(params.format).toMatchObject({ enum: ['pdf', 'zpl'] });
  });
});
