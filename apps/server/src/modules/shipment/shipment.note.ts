import type { Locale, ShipmentDetail } from '@eqms/contract';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import { wallClockMinute } from '../../platform/dates.ts';
import { type Doc, drawQr, fitSize, fitText, type RawModules, registerKoreanFonts } from '../../platform/pdf.ts';
import { dash } from '../../platform/report-pdf.ts';

// The shipment note (README.md "Shipment note"): an A4 PDF that goes with the goods — shipment number with its QR,
// date, customer (name, address, business registration number), order number, product, one line per lot (LOT ID,
// production day, expiry, shelf, quantity) and the total; a canceled shipment carries a red CANCELED stamp. Hangul is
// printed with the full Noto Sans KR embedded (the font the labels use, platform/labels); the QR is drawn as vectors
// from bwip-js's encoding with its quiet zone on white, so any phone or scanner reads it.

export type NoteCustomer = { name: string; address: string | null; bizRegNo: string | null };
export type NoteInput = {
  shipment: ShipmentDetail;
  customer: NoteCustomer;
  locale: Locale;
  /** The factory's time zone: printed and canceled times are its wall-clock times. */
  timeZone: string;
  printedAt: Date;
};

const TEXT = {
  kr: {
    title: '출하 명세서',
    shipmentNo: '출하 번호',
    shipmentDt: '출하일',
    customer: '거래처',
    address: '주소',
    bizRegNo: '사업자등록번호',
    orderNo: '수주 번호',
    product: '제품',
    description: '비고',
    no: 'No.',
    lotId: 'LOT ID',
    day: '생산일',
    expiry: '유통기한',
    place: '위치',
    qty: '수량',
    total: '합계',
    canceled: '출하 취소',
    canceledAt: '취소 일시',
    cancelReason: '취소 사유',
    printedAt: '출력 일시',
    shippedBy: '출하 담당',
    receivedBy: '인수자 (서명)',
    page: '쪽',
  },
  en: {
    title: 'Shipment note',
    shipmentNo: 'Shipment no.',
    shipmentDt: 'Shipment date',
    customer: 'Customer',
    address: 'Address',
    bizRegNo: 'Business reg. no.',
    orderNo: 'Order no.',
    product: 'Product',
    description: 'Note',
    no: 'No.',
    lotId: 'LOT ID',
    day: 'Produced',
    expiry: 'Expiry',
    place: 'Location',
    qty: 'Qty',
    total: 'Total',
    canceled: 'CANCELED',
    canceledAt: 'Canceled at',
    cancelReason: 'Reason',
    printedAt: 'Printed at',
    shippedBy: 'Shipped by',
    receivedBy: 'Received by (signature)',
    page: 'page',
  },
} as const;

const MM = 72 / 25.4;
const PAGE = { w: 210 * MM, h: 297 * MM };
const MARGIN = 15 * MM;
const CONTENT = PAGE.w - 2 * MARGIN;
const BOTTOM = PAGE.h - MARGIN - 12;
const QR_SIZE = 30 * MM;
const ROW_H = 18;

const qtyText = (qty: number) => qty.toLocaleString('en-US', { maximumFractionDigits: 5 });

/** One line of text at (x, y), cut with an ellipsis to the width; aligned here so pdfkit never wraps it. */
function cell(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' | 'center' = 'left',
) {
  const fitted = fitText(doc, text, width);
  const free = width - doc.widthOfString(fitted);
  const left = x + (align === 'right' ? free : align === 'center' ? free / 2 : 0);
  doc.text(fitted, left, y, { lineBreak: false });
}

/** The QR (error correction M) of a text in a square of `size` at (x, y). */
const qr = (doc: Doc, text: string, x: number, y: number, size: number) =>
  drawQr(doc, (bwipjs.raw('qrcode', text, 'eclevel=M') as RawModules[])[0], x, y, size);

type Column = {
  key: 'no' | 'lotId' | 'day' | 'expiry' | 'place' | 'qty';
  width: number;
  align: 'left' | 'right' | 'center';
};
const COLUMNS: Column[] = [
  { key: 'no', width: 26, align: 'center' },
  { key: 'lotId', width: 190, align: 'left' },
  { key: 'day', width: 60, align: 'center' },
  { key: 'expiry', width: 60, align: 'center' },
  { key: 'place', width: CONTENT - 26 - 190 - 60 - 60 - 76, align: 'left' },
  { key: 'qty', width: 76, align: 'right' },
];
const PAD = 5;

function tableHeader(doc: Doc, t: (typeof TEXT)[Locale], y: number, unit: string) {
  doc.rect(MARGIN, y, CONTENT, ROW_H).fill('#eeeeee');
  doc.fill('#000000').font('bold').fontSize(9);
  let x = MARGIN;
  for (const c of COLUMNS) {
    const label = c.key === 'qty' ? `${t.qty} (${unit})` : t[c.key];
    cell(doc, label, x + PAD, y + 4.5, c.width - 2 * PAD, c.align === 'left' ? 'left' : c.align);
    x += c.width;
  }
  doc
    .moveTo(MARGIN, y + ROW_H)
    .lineTo(MARGIN + CONTENT, y + ROW_H)
    .lineWidth(0.8)
    .stroke('#000000');
  return y + ROW_H;
}

/** The shipment note as PDF bytes. */
export async function renderShipmentNote(input: NoteInput): Promise<Buffer> {
  const { shipment: s, customer, locale } = input;
  const t = TEXT[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: { Title: `${t.title} ${s.shipmentNo}`, Creator: 'eQMS', Subject: s.shipmentNo },
  });
  registerKoreanFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Title, number and the QR of the number (top right).
  const qrX = PAGE.w - MARGIN - QR_SIZE;
  qr(doc, s.shipmentNo, qrX, MARGIN, QR_SIZE);
  doc.font('bold').fontSize(8);
  cell(doc, s.shipmentNo, qrX, MARGIN + QR_SIZE + 1, QR_SIZE, 'center');
  doc.font('bold').fontSize(22);
  cell(doc, t.title, MARGIN, MARGIN + 4, CONTENT - QR_SIZE - 10);
  doc.font('bold').fontSize(13);
  cell(doc, s.shipmentNo, MARGIN, MARGIN + 38, CONTENT - QR_SIZE - 10);

  // What was shipped to whom: label / value rows.
  const product = `${s.productCode} ${s.productName}`;
  const info: [string, string][] = [
    [t.shipmentDt, s.shipmentDt],
    [t.customer, `${s.bizPartnerName} (${s.bizPartnerCode})`],
    [t.address, dash(customer.address)],
    [t.bizRegNo, dash(customer.bizRegNo)],
    [t.orderNo, dash(s.orderNo)],
    [t.product, product],
  ];
  if (s.description) info.push([t.description, s.description]);
  let y = MARGIN + QR_SIZE + 18;
  const labelW = 95;
  for (const [label, value] of info) {
    doc.font('bold').fontSize(10);
    cell(doc, label, MARGIN, y, labelW - 6);
    doc.font('regular').fontSize(10);
    cell(doc, value, MARGIN + labelW, y, CONTENT - labelW);
    y += 17;
  }
  doc
    .moveTo(MARGIN, y + 2)
    .lineTo(MARGIN + CONTENT, y + 2)
    .lineWidth(0.5)
    .stroke('#999999');
  y += 14;

  // The lines, the header repeated on each new page.
  y = tableHeader(doc, t, y, s.unit);
  for (const [i, line] of s.lots.entries()) {
    if (y + ROW_H > BOTTOM - ROW_H) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = tableHeader(doc, t, MARGIN, s.unit);
    }
    const values: Record<Column['key'], string> = {
      no: String(i + 1),
      lotId: line.lotId,
      day: line.day,
      expiry: dash(line.expiryDate),
      // The shelf and what holds it: where the picker took it from (the full path runs from the site).
      place: line.placePath.split(' / ').slice(-2).join(' / '),
      qty: qtyText(line.qty),
    };
    doc.fill('#000000').font('regular').fontSize(9);
    let x = MARGIN;
    for (const c of COLUMNS) {
      // The LOT ID is what a recall looks for: it shrinks to fit (up to 50 characters) before it is ever cut; the
      // shelf shrinks a little too.
      const min = c.key === 'lotId' ? 5.5 : c.key === 'place' ? 7 : 9;
      doc.font(c.key === 'lotId' ? 'bold' : 'regular');
      const size = fitSize(doc, values[c.key], c.width - 2 * PAD, 9, min);
      cell(doc, values[c.key], x + PAD, y + 4.5 + (9 - size) * 0.6, c.width - 2 * PAD, c.align);
      doc.fontSize(9);
      x += c.width;
    }
    doc
      .moveTo(MARGIN, y + ROW_H)
      .lineTo(MARGIN + CONTENT, y + ROW_H)
      .lineWidth(0.3)
      .stroke('#bbbbbb');
    y += ROW_H;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT, y)
    .lineWidth(0.8)
    .stroke('#000000');
  doc.font('bold').fontSize(10);
  cell(doc, `${t.total} (${s.lotCount} LOT)`, MARGIN + PAD, y + 5, CONTENT / 2);
  cell(doc, `${qtyText(s.totalQty)} ${s.unit}`, MARGIN + CONTENT / 2, y + 5, CONTENT / 2 - PAD, 'right');
  y += ROW_H + 6;

  // Who shipped it, and a box for the customer's signature on receipt.
  const boxW = 62 * MM;
  const boxH = 22 * MM;
  if (y + boxH + 40 > BOTTOM) {
    doc.addPage({ size: 'A4', margin: 0 });
    y = MARGIN;
  }
  const boxY = s.canceled ? y + 34 : y + 10;
  [
    [t.shippedBy, dash(s.createdBy)],
    [t.receivedBy, ''],
  ].forEach(([caption, value], i) => {
    const x = MARGIN + CONTENT - (2 - i) * boxW - (1 - i) * 8;
    doc.rect(x, boxY, boxW, boxH).lineWidth(0.6).stroke('#000000');
    doc.fill('#000000').font('regular').fontSize(8);
    cell(doc, caption, x + 5, boxY + 4, boxW - 10);
    doc.font('bold').fontSize(10);
    cell(doc, value, x + 5, boxY + boxH / 2, boxW - 10, 'center');
  });

  if (s.canceled) {
    // A red stamp across the first page's lines, and who canceled when and why under the total.
    doc.switchToPage(0);
    const stampW = 70 * MM;
    const stampH = 20 * MM;
    const cx = MARGIN + CONTENT * 0.66;
    const cy = MARGIN + QR_SIZE + 80;
    doc.save();
    doc.rotate(-18, { origin: [cx, cy] });
    doc.opacity(0.75);
    doc
      .rect(cx - stampW / 2, cy - stampH / 2, stampW, stampH)
      .lineWidth(3)
      .stroke('#d32f2f');
    doc.fill('#d32f2f').font('bold').fontSize(26);
    cell(doc, t.canceled, cx - stampW / 2, cy - 17, stampW, 'center');
    doc.restore();
    doc.switchToPage(doc.bufferedPageRange().count - 1);
    doc.fill('#d32f2f').font('bold').fontSize(9);
    const when = s.canceledAt ? wallClockMinute(new Date(s.canceledAt), input.timeZone) : '-';
    cell(doc, `${t.canceledAt}: ${when} (${dash(s.canceledBy)})`, MARGIN, y, CONTENT);
    if (s.cancelReason) cell(doc, `${t.cancelReason}: ${s.cancelReason}`, MARGIN, y + 14, CONTENT);
    doc.fill('#000000');
  }

  // Footer on every page: the shipment number, when it was printed, page n / N.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.fill('#666666').font('regular').fontSize(8);
    const footY = PAGE.h - MARGIN;
    cell(
      doc,
      `${s.shipmentNo} · ${t.printedAt} ${wallClockMinute(input.printedAt, input.timeZone)}`,
      MARGIN,
      footY,
      CONTENT / 2,
    );
    const page = locale === 'kr' ? `${i + 1} / ${range.count} ${t.page}` : `${t.page} ${i + 1} / ${range.count}`;
    cell(doc, page, MARGIN + CONTENT / 2, footY, CONTENT / 2, 'right');
    doc.fill('#000000');
  }
  doc.end();
  return done;
}
