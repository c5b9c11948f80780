import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LABEL_IDS_MAX } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import { crop, pageCount, readCodes, renderPage, textOf } from '../../platform/labels/label-reading.ts';
import { createTestApp } from '../../test/harness.ts';
import { makeMaterial, receive, stockWorld } from './stock-fixtures.ts';

// Labels (README.md "Labels"): the PDF and ZPL answers, and the round trip a warehouse depends on — the printed label,
// rendered to pixels and read by the camera scanner's engine (zxing-wasm), names the same stock row again.

const t = await createTestApp();
const w = await stockWorld(t);
const clerk = await t.makeUser({ materialStock: { all: true } });
const nobody = await t.makeUser({ materialHistory: { view: true } });
const KOREAN_NAME = '한글 원료 가나다라 (식품용)';
const material = await makeMaterial(t.db, { name: KOREAN_NAME, unit: 'KG' });
const a = await receive(t, clerk.token, {
  materialId: material.id,
  qty: 1234.5,
  locationId: w.shelf.id,
  supplierId: w.supplier.id,
  supplierLot: 'SL-2025-001',
});
const b = await receive(t, clerk.token, { materialId: material.id, qty: 7, locationId: w.shelf.id });

const labels = (query: string, token: string | null = clerk.token) =>
  t.inject({ method: 'GET', url: `/api/material-stock/labels?${query}`, token, headers: { 'accept-language': 'ko' } });
const ids = (...list: number[]) => list.map((id) => `ids=${id}`).join('&');

const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../../../e2e/screenshots');
const DPI = 300;
const pdfOf = (res: { raw: { rawPayload: Buffer } }) => res.raw.rawPayload;

describe('GET /api/material-stock/labels', () => {
  it('PDF 100x50: one page per label (rows × copies), attachment labels-<yyyyMMdd>.pdf, Hangul in the text', async () => {
    const res = await labels(`${ids(a.id, b.id)}&copies=3`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="labels-\d{8}\.pdf"/);
    const pdf = pdfOf(res);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(6);
    // The embedded font carries Hangul: the name comes back out of the page as text.
    const text = textOf(pdf);
    expect(text).toContain(KOREAN_NAME);
    expect(text).toContain(material.code);
    expect(text).toContain('1,234.5 KG');
    expect(text).toContain(a.packageId);
    expect(text).toContain('SL-2025-001');
    expect(text).toContain('입고일');
    // Copies follow their row: pages 4–6 are the second row's.
    expect(textOf(pdf, 3)).toContain(b.packageId);
  });

  it('round trip: the rendered label’s Code 128 and QR decode (zxing-wasm) to a code the barcode look-up resolves to the row', async () => {
    const res = await labels(ids(a.id));
    const { png, imageData } = renderPage(pdfOf(res), 0, DPI);
    mkdirSync(SCREENSHOTS, { recursive: true });
    writeFileSync(path.join(SCREENSHOTS, 'label-100x50.png'), png);

    const found = await readCodes(imageData, 4);
    const byFormat = Object.fromEntries(found.map((r) => [r.format, r.text]));
    expect(byFormat).toEqual({ Code128: a.packageId, QRCode: a.packageId });

    for (const code of Object.values(byFormat)) {
      const scan = await t.inject({
        method: 'GET',
        url: `/api/barcode/${encodeURIComponent(code)}`,
        token: clerk.token,
      });
      expect(scan.status).toBe(200);
      expect(scan.body.data).toMatchObject({ type: 'MATERIAL_STOCK', data: { id: a.id, packageId: a.packageId } });
    }
  });

  it('PDF a4-3x8: 24 labels on one A4 page, a 25th starts a second; every code on the sheet decodes', async () => {
    const one = await labels(`${ids(a.id, b.id)}&layout=a4-3x8&copies=12`);
    expect(one.status).toBe(200);
    const pdf = pdfOf(one);
    expect(pageCount(pdf)).toBe(1);
    const { png, imageData } = renderPage(pdf, 0, DPI);
    // An A4 page (210 × 297 mm) at the DPI, give or take the rounding of a pixel.
    expect(Math.abs(imageData.width - (210 / 25.4) * DPI)).toBeLessThan(2);
    expect(Math.abs(imageData.height - (297 / 25.4) * DPI)).toBeLessThan(2);
    writeFileSync(path.join(SCREENSHOTS, 'label-a4.png'), png);
    // Each of the 3 × 8 cells (70 × 36 mm below a 4.5 mm margin) read on its own, as a scanner sees one label: one
    // whole-page pass over 48 symbols missed one now and then.
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
    expect(new Set(texts)).toEqual(new Set([a.packageId, b.packageId]));

    const more = await labels(`${ids(a.id, b.id)}&layout=a4-3x8&copies=13`);
    expect(pageCount(pdfOf(more))).toBe(2);
  });

  it('ZPL: one ^XA…^XZ per label at 203 dpi, UTF-8, the package ID in ^BC and ^BQ, the Korean name in ^A@', async () => {
    const res = await labels(`${ids(a.id, b.id)}&format=zpl&copies=2`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="labels-\d{8}\.zpl"/);
    const zpl = res.raw.body;
    const formats = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(formats).toHaveLength(4);
    expect(zpl.match(/\^XA/g)).toHaveLength(4);
    const [first = '', , third = ''] = formats;
    expect(first).toContain('^CI28');
    expect(first).toContain('^PW800');
    expect(first).toContain('^LL400');
    expect(first).toMatch(new RegExp(`\\^BCN,[^\\^]*\\^FD${a.packageId}\\^FS`));
    expect(first).toContain(`^BQN,2,`);
    expect(first).toContain(`^FDMA,${a.packageId}^FS`);
    expect(first).toContain(`^FD${material.code}^FS`);
    expect(first).toMatch(
      new RegExp(`\\^A@N,\\d+,\\d+,E:NOTOSANSKR\\.TTF\\^FH_\\^FD${KOREAN_NAME.replace(/[()]/g, '\\$&')}\\^FS`),
    );
    // The Korean name comes last, after the code and the ASCII fields.
    expect(first.indexOf(KOREAN_NAME)).toBeGreaterThan(first.indexOf('^BQN'));
    expect(first).toContain('SL-2025-001');
    expect(third).toContain(`^FDMA,${b.packageId}^FS`);

    const small = await labels(`${ids(a.id)}&format=zpl&layout=a4-3x8`);
    expect(small.raw.body).toContain('^PW560');
    expect(small.raw.body).toContain('^LL288');
  });

  it('is in the OpenAPI document: a file answer, ids a repeated query parameter', async () => {
    const doc = (await t.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const op = doc.paths['/api/material-stock/labels'].get;
    expect(op.operationId).toBe('material-stock.labels');
    const params = Object.fromEntries(op.parameters.map((p: { name: string; schema: unknown }) => [p.name, p.schema]));
    expect(params.ids).toMatchObject({ type: 'array' });
    expect(params.format).toMatchObject({ enum: ['pdf', 'zpl'] });
    expect(params.layout).toMatchObject({ enum: ['100x50', 'a4-3x8'] });
  });

  it('400 without ids, with more than 500, a bad id, format, layout or copies; 401 without a token; 403 without view; 404 for a missing id', async () => {
    const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);
    const noIds = await labels('format=pdf');
    expect(noIds.status).toBe(400);
    expect(fieldsOf(noIds)).toContain('ids');
    const many = Array.from({ length: LABEL_IDS_MAX + 1 }, (_, i) => i + 1);
    const tooMany = await labels(ids(...many));
    expect(tooMany.status).toBe(400);
    expect(fieldsOf(tooMany)).toContain('ids');
    expect((await labels('ids=abc')).status).toBe(400);
    expect(fieldsOf(await labels(`${ids(a.id)}&format=png`))).toContain('format');
    expect(fieldsOf(await labels(`${ids(a.id)}&layout=a5`))).toContain('layout');
    expect(fieldsOf(await labels(`${ids(a.id)}&copies=21`))).toContain('copies');
    expect(fieldsOf(await labels(`${ids(a.id)}&copies=0`))).toContain('copies');

    expect((await labels(ids(a.id), null)).status).toBe(401);
    expect((await labels(ids(a.id), nobody.token)).status).toBe(403);

    const missing = await labels(ids(a.id, 2_000_000_000));
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });
});
