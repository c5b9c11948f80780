import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays, todayIn } from '../../platform/dates.ts';
import { pageCount, readCodes, renderPage, textOf } from '../../platform/labels/label-reading.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp } from '../../test/harness.ts';
import { bizPartners } from '../biz-partner/biz-partner.table.ts';
import { shipmentWorld } from './shipment-fixtures.ts';

// The shipment note (README.md "Shipment note"): a PDF with the Korean font embedded — its text comes back out of the
// page — and a QR that the camera scanner's engine (zxing-wasm) reads back as the shipment number, from the page
// rendered to pixels as a printer would. The pages are written to e2e/screenshots/ to be looked at.

const t = await createTestApp();
const w = await shipmentWorld(t);
const viewer = await t.makeUser({ shipment: { view: true } });
const stranger = await t.makeUser({ notice: { view: true } });
const today = todayIn(t.config.timeZone);
const SCREENSHOTS = path.resolve(import.meta.dirname, '../../../../../e2e/screenshots');
const DPI = 150;

const CUSTOMER = '(주)한빛식품 유통';
await withTx(t.db, SYSTEM_ACTOR, (tx) =>
  tx
    .update(bizPartners)
    .set({ name: CUSTOMER, address: '경기도 성남시 분당구 판교역로 235, 7층', bizRegNo: '123-45-67890' })
    .where(eq(bizPartners.id, w.customer.id)),
);
const product = await w.makeProduct({ name: '냉동 만두 1kg' });
const a = await w.addLot(product.id, 40, { expiryDate: addDays(today, 90) });
const b = await w.addLot(product.id, 10, { expiryDate: null, locationId: w.shelf2.id });
const { order, orderProduct } = await w.orderProduct(w.customer.id, product.id);

const note = (id: number, lang = 'ko', token: string | null = viewer.token) =>
  t.inject({ method: 'GET', url: `/api/shipment/${id}/note`, token, headers: { 'accept-language': lang } });
const pdfOf = (res: { raw: { rawPayload: Buffer } }) => res.raw.rawPayload;
async function ship(lots: { productStockId: number; qty: number }[]) {
  const res = await t.inject({
    method: 'POST',
    url: '/api/shipment',
    token: w.clerk.token,
    payload: {
      bizPartnerId: w.customer.id,
      productId: product.id,
      orderProductId: orderProduct.id,
      shipmentDt: today,
      description: '냉동 탑차, 영하 18도 유지',
      lots,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; shipmentNo: string };
}
function screenshot(name: string, png: Buffer) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  writeFileSync(path.join(SCREENSHOTS, name), png);
}

describe('GET /api/shipment/{id}/note', () => {
  it('an A4 PDF in Korean: number, date, customer, order, product, lots, total; its QR reads back as the number', async () => {
    const s = await ship([
      { productStockId: a.id, qty: 12.5 },
      { productStockId: b.id, qty: 3 },
    ]);
    const res = await note(s.id);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`inline; filename="shipment-note-${s.shipmentNo}.pdf"`);
    const pdf = pdfOf(res);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(1);
    const text = textOf(pdf);
    for (const expected of [
      '출하 명세서',
      s.shipmentNo,
      today,
      CUSTOMER,
      '경기도 성남시 분당구 판교역로 235, 7층',
      '123-45-67890',
      order.orderNo,
      '냉동 만두 1kg',
      a.lotId,
      b.lotId,
      addDays(today, 90),
      '12.5',
      '15.5 EA',
      '합계',
      '냉동 탑차, 영하 18도 유지',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).not.toContain('출하 취소');
    const { png, imageData } = renderPage(pdf, 0, DPI);
    screenshot('shipment-note.png', png);
    const codes = await readCodes(imageData, 2);
    expect(codes).toEqual([{ format: 'QRCode', text: s.shipmentNo }]);
  });

  it('in English, and a canceled shipment carries the CANCELED stamp with who, when and why', async () => {
    const s = await ship([{ productStockId: a.id, qty: 1 }]);
    const en = textOf(pdfOf(await note(s.id, 'en')));
    expect(en).toContain('Shipment note');
    expect(en).toContain('Business reg. no.');
    expect(en).not.toContain('CANCELED');
    const canceled = await t.inject({
      method: 'PUT',
      url: '/api/shipment/cancel',
      token: w.clerk.token,
      payload: { id: s.id, reason: '주문 취소' },
    });
    expect(canceled.status).toBe(200);
    const kr = pdfOf(await note(s.id));
    const text = textOf(kr);
    expect(text).toContain('출하 취소');
    expect(text).toContain('취소 사유: 주문 취소');
    expect(text).toContain(w.clerk.userId);
    screenshot('shipment-note-canceled.png', renderPage(kr, 0, DPI).png);
    expect(textOf(pdfOf(await note(s.id, 'en')))).toContain('CANCELED');
  });

  it('many lines run onto more pages, the table header on each', async () => {
    const lots = [];
    for (let i = 0; i < 45; i++) lots.push(await w.addLot(product.id, 1, { expiryDate: addDays(today, i) }));
    const s = await ship(lots.map((l) => ({ productStockId: l.id, qty: 1 })));
    const pdf = pdfOf(await note(s.id));
    expect(pageCount(pdf)).toBe(2);
    expect(textOf(pdf, 1)).toContain('LOT ID');
    expect(textOf(pdf, 1)).toContain(lots[44].lotId);
    expect(textOf(pdf, 1)).toContain('45 EA');
    expect(textOf(pdf, 1)).toContain('2 / 2');
    screenshot('shipment-note-page2.png', renderPage(pdf, 1, DPI).png);
  });

  it('404 for a missing shipment, 401, 403', async () => {
    expect((await note(2_000_000_000)).status).toBe(404);
    expect((await note(1, 'ko', null)).status).toBe(401);
    expect((await note(1, 'ko', stranger.token)).status).toBe(403);
  });
});
