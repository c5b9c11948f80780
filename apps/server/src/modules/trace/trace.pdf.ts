import type { Locale, Recall } from '@eqms/contract';
import PDFDocument from 'pdfkit';
import { type Doc, fitSize, fitText, registerKoreanFonts } from '../../platform/pdf.ts';
import { wallClock } from '../../platform/dates.ts';

// The mock recall report (README.md "Mock recall"): an A4 landscape PDF an auditor keeps — on every page a header
// (eQMS, the title, when it was printed) and a footer (page n / N, how long the computation took); on the first page
// the supplier lot, the period, the result of the mass balance; then the tables: packages, lots, each lot's customers,
// every customer reached, canceled shipments (listed apart) and plans still making a lot. Hangul in the full Noto Sans
// KR (platform/pdf.ts).

const TEXT = {
  kr: {
    app: 'eQMS',
    title: '모의 리콜 보고서',
    printedAt: '출력 일시',
    computedAt: '계산 일시',
    elapsed: '계산 시간',
    supplier: '공급사',
    supplierLot: '공급사 LOT',
    package: '자재 패키지',
    period: '기간',
    result: '질량 균형',
    balanced: '일치: 모든 잔차 0',
    unbalanced: '불일치: 잔차가 0이 아닌 행이 있습니다',
    truncated: '추적이 최대 단계에서 멈췄습니다',
    summary: '패키지 {p}개 · LOT {l}개 · 고객 {c}곳 · 취소 출하 {x}건',
    packages: '1. 입고 패키지 질량 균형 (입고 = 재고 + 라인 + 소비 + 판매 + 보정 + 반품·폐기)',
    lots: '2. LOT 질량 균형 (생산 = 재고 + 출하 + 상위 소비 + 라인 + 폐기 + 조정)',
    lotCustomers: '3. LOT별 고객 출하',
    deliveries: '4. 고객별 수령 합계',
    canceled: '5. 취소된 출하 (수량은 LOT 재고로 돌아감)',
    plans: '6. 생산 중인 계획 (아직 LOT 없음)',
    none: '없음',
    packageId: '패키지 ID',
    material: '자재',
    received: '입고',
    receivedDate: '입고일',
    inStock: '재고',
    atLine: '라인',
    consumed: '소비',
    sold: '판매',
    corrected: '보정',
    returnedScrapped: '반품·폐기',
    residual: '잔차',
    unit: '단위',
    level: '단계',
    lotId: 'LOT ID',
    product: '제품',
    day: '생산일',
    produced: '생산',
    shipped: '출하',
    consumedUp: '상위 소비',
    disposed: '폐기',
    adjusted: '조정',
    customer: '고객',
    qty: '수량',
    shipmentNos: '출하 번호',
    kind: '구분',
    item: '품목',
    refs: '근거',
    SHIPPED: '출하',
    SOLD: '자재 판매',
    shipmentNo: '출하 번호',
    shipmentDt: '출하일',
    planId: '계획',
    startDt: '시작일',
    total: '합계',
    page: '쪽',
  },
  en: {
    app: 'eQMS',
    title: 'Mock recall report',
    printedAt: 'Printed',
    computedAt: 'Computed',
    elapsed: 'Computed in',
    supplier: 'Supplier',
    supplierLot: 'Supplier lot',
    package: 'Material package',
    period: 'Period',
    result: 'Mass balance',
    balanced: 'Balanced: every residual is 0',
    unbalanced: 'Not balanced: some residuals are not 0',
    truncated: 'The trace stopped at its deepest level',
    summary: 'Packages {p} · lots {l} · customers {c} · canceled shipments {x}',
    packages: '1. Packages received (received = in stock + at lines + consumed + sold + corrected + returned/scrapped)',
    lots: '2. Lots (produced = in stock + shipped + into lots + at lines + disposed + adjusted)',
    lotCustomers: '3. Each lot per customer',
    deliveries: '4. What each customer received',
    canceled: '5. Canceled shipments (quantity back in the lots)',
    plans: '6. Plans in production (no lot yet)',
    none: 'None',
    packageId: 'Package ID',
    material: 'Material',
    received: 'Received',
    receivedDate: 'Received on',
    inStock: 'In stock',
    atLine: 'At lines',
    consumed: 'Consumed',
    sold: 'Sold',
    corrected: 'Corrected',
    returnedScrapped: 'Ret./scrap',
    residual: 'Residual',
    unit: 'Unit',
    level: 'Level',
    lotId: 'LOT ID',
    product: 'Product',
    day: 'Produced',
    produced: 'Produced',
    shipped: 'Shipped',
    consumedUp: 'Into lots',
    disposed: 'Disposed',
    adjusted: 'Adjusted',
    customer: 'Customer',
    qty: 'Qty',
    shipmentNos: 'Shipments',
    kind: 'Kind',
    item: 'Item',
    refs: 'References',
    SHIPPED: 'Shipped',
    SOLD: 'Material sale',
    shipmentNo: 'Shipment no.',
    shipmentDt: 'Shipment date',
    planId: 'Plan',
    startDt: 'Starts',
    total: 'Total',
    page: 'page',
  },
} as const;
type Texts = (typeof TEXT)[Locale];

export type RecallPdfInput = { recall: Recall; locale: Locale; timeZone: string; printedAt: Date };

const MM = 72 / 25.4;
const PAGE = { w: 297 * MM, h: 210 * MM };
const MARGIN = 12 * MM;
const CONTENT = PAGE.w - 2 * MARGIN;
const TOP = MARGIN + 20;
const BOTTOM = PAGE.h - MARGIN - 14;
const ROW_H = 15;
const PAD = 4;
const RED = '#c62828';
const GREEN = '#2e7d32';

const qtyText = (qty: number) => qty.toLocaleString('en-US', { maximumFractionDigits: 5 });

/** One line of text at (x, y), cut with an ellipsis to the width; never wrapped by pdfkit. */
function cell(doc: Doc, text: string, x: number, y: number, width: number, align: 'left' | 'right' = 'left') {
  const fitted = fitText(doc, text, width);
  const left = align === 'right' ? x + width - doc.widthOfString(fitted) : x;
  doc.text(fitted, left, y, { lineBreak: false });
}

type Column<R> = {
  header: string;
  /** A share of the content width. */
  share: number;
  align?: 'left' | 'right';
  value: (r: R) => string;
  /** Drawn red (a residual that is not 0). */
  alarm?: (r: R) => boolean;
  /** Shrinks to fit before it is cut (LOT and package IDs are what a recall looks for). */
  shrink?: boolean;
};

/** Draws a table from y; a new page (header repeated) when the next row would not fit. Answers the y after it. */
function table<R>(doc: Doc, y: number, columns: Column<R>[], rows: R[], bold?: (r: R) => boolean): number {
  const total = columns.reduce((s, c) => s + c.share, 0);
  const widths = columns.map((c) => (c.share / total) * CONTENT);
  const header = (at: number) => {
    doc.rect(MARGIN, at, CONTENT, ROW_H).fill('#eeeeee');
    doc.fill('#000000').font('bold').fontSize(8);
    let x = MARGIN;
    columns.forEach((c, i) => {
      cell(doc, c.header, x + PAD, at + 3.5, widths[i] - 2 * PAD, c.align);
      x += widths[i];
    });
    return at + ROW_H;
  };
  y = header(y);
  for (const r of rows) {
    if (y + ROW_H > BOTTOM) {
      doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
      y = header(TOP);
    }
    let x = MARGIN;
    columns.forEach((c, i) => {
      const text = c.value(r);
      doc.font(bold?.(r) ? 'bold' : 'regular').fill(c.alarm?.(r) ? RED : '#000000');
      const size = c.shrink ? fitSize(doc, text, widths[i] - 2 * PAD, 8, 5.5) : 8;
      doc.fontSize(size);
      cell(doc, text, x + PAD, y + 3.5 + (8 - size) * 0.6, widths[i] - 2 * PAD, c.align);
      x += widths[i];
    });
    doc.fill('#000000');
    doc
      .moveTo(MARGIN, y + ROW_H)
      .lineTo(MARGIN + CONTENT, y + ROW_H)
      .lineWidth(0.3)
      .stroke('#bbbbbb');
    y += ROW_H;
  }
  return y;
}

/** A section title; a new page when the title and two rows would not fit. */
function section(doc: Doc, y: number, title: string): number {
  if (y + 18 + 3 * ROW_H > BOTTOM) {
    doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
    y = TOP;
  }
  doc.fill('#000000').font('bold').fontSize(10.5);
  cell(doc, title, MARGIN, y + 6, CONTENT);
  return y + 22;
}

function nothing(doc: Doc, y: number, t: Texts): number {
  doc.fill('#666666').font('regular').fontSize(8.5);
  cell(doc, t.none, MARGIN + PAD, y + 2, CONTENT);
  doc.fill('#000000');
  return y + ROW_H;
}

const fill = (template: string, values: Record<string, number>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/** The mock recall report as PDF bytes. */
export async function renderRecallPdf(input: RecallPdfInput): Promise<Buffer> {
  const { recall: r, locale, timeZone } = input;
  const t = TEXT[locale];
  const subject = r.supplierLot ?? r.packageId ?? '';
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    bufferPages: true,
    info: { Title: `${t.title} ${subject}`, Creator: 'eQMS', Subject: subject },
  });
  registerKoreanFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // What was recalled, over which period, and whether the ledgers balance.
  let y = TOP + 4;
  doc.font('bold').fontSize(18);
  cell(doc, t.title, MARGIN, y, CONTENT);
  y += 30;
  const supplier = r.supplierName ? `${r.supplierName}${r.supplierCode ? ` (${r.supplierCode})` : ''}` : '-';
  const info: [string, string][] = [
    [t.supplier, supplier],
    [t.supplierLot, r.supplierLot ?? '-'],
  ];
  if (r.packageId) info.push([t.package, r.packageId]);
  info.push(
    [t.period, `${r.fromDate} ~ ${r.toDate}`],
    [t.computedAt, `${wallClock(new Date(r.computedAt), timeZone)} · ${t.elapsed} ${r.elapsedMs} ms`],
  );
  for (const [label, value] of info) {
    doc.fill('#000000').font('bold').fontSize(9.5);
    cell(doc, label, MARGIN, y, 90);
    doc.font('regular');
    cell(doc, value, MARGIN + 95, y, CONTENT - 95);
    y += 15;
  }
  doc.font('bold').fontSize(9.5).fill('#000000');
  cell(doc, t.result, MARGIN, y, 90);
  doc.fill(r.balanced ? GREEN : RED);
  cell(doc, r.balanced ? t.balanced : t.unbalanced, MARGIN + 95, y, CONTENT - 95);
  y += 15;
  if (r.truncated) {
    doc.fill(RED);
    cell(doc, t.truncated, MARGIN + 95, y, CONTENT - 95);
    y += 15;
  }
  const customers = new Set(r.deliveries.map((d) => d.bizPartnerId)).size;
  doc.fill('#000000').font('regular');
  cell(
    doc,
    fill(t.summary, { p: r.packages.length, l: r.lots.length, c: customers, x: r.canceledShipments.length }),
    MARGIN + 95,
    y,
    CONTENT - 95,
  );
  y += 12;

  // 1. Packages, with a total when they share a unit.
  y = section(doc, y, t.packages);
  type P = Recall['packages'][number] & { total?: boolean };
  const units = new Set(r.packages.map((p) => p.unit));
  const packageRows: P[] = [...r.packages];
  if (r.packages.length > 1 && units.size === 1) {
    const sum = (
      k:
        | 'receivedQty'
        | 'inStockQty'
        | 'atLineQty'
        | 'consumedQty'
        | 'soldQty'
        | 'correctedQty'
        | 'disposedQty'
        | 'residualQty',
    ) => r.packages.reduce((s, p) => s + p[k], 0);
    packageRows.push({
      ...r.packages[0],
      total: true,
      packageId: t.total,
      materialCode: '',
      materialName: '',
      receivedDate: '',
      receivedQty: sum('receivedQty'),
      inStockQty: sum('inStockQty'),
      atLineQty: sum('atLineQty'),
      consumedQty: sum('consumedQty'),
      soldQty: sum('soldQty'),
      correctedQty: sum('correctedQty'),
      disposedQty: sum('disposedQty'),
      residualQty: sum('residualQty'),
    });
  }
  const q = (v: number) => qtyText(Math.round(v * 1e5) / 1e5);
  y = r.packages.length
    ? table<P>(
        doc,
        y,
        [
          { header: t.packageId, share: 14, value: (p) => p.packageId, shrink: true },
          { header: t.material, share: 17, value: (p) => (p.total ? '' : `${p.materialCode} ${p.materialName}`) },
          { header: t.receivedDate, share: 9, value: (p) => p.receivedDate },
          { header: t.received, share: 8, align: 'right', value: (p) => q(p.receivedQty) },
          { header: t.inStock, share: 8, align: 'right', value: (p) => q(p.inStockQty) },
          { header: t.atLine, share: 8, align: 'right', value: (p) => q(p.atLineQty) },
          { header: t.consumed, share: 8, align: 'right', value: (p) => q(p.consumedQty) },
          { header: t.sold, share: 8, align: 'right', value: (p) => q(p.soldQty) },
          { header: t.corrected, share: 8, align: 'right', value: (p) => q(p.correctedQty) },
          { header: t.returnedScrapped, share: 7, align: 'right', value: (p) => q(p.disposedQty) },
          {
            header: t.residual,
            share: 7,
            align: 'right',
            value: (p) => q(p.residualQty),
            alarm: (p) => p.residualQty !== 0,
          },
          { header: t.unit, share: 5, value: (p) => p.unit },
        ],
        packageRows,
        (p) => p.total === true,
      )
    : nothing(doc, y, t);

  // 2. Lots.
  y = section(doc, y + 6, t.lots);
  y = r.lots.length
    ? table(
        doc,
        y,
        [
          { header: t.level, share: 4, align: 'right', value: (l) => String(l.level) },
          { header: t.lotId, share: 16, value: (l) => l.lotId, shrink: true },
          { header: t.product, share: 16, value: (l) => `${l.productCode} ${l.productName}` },
          { header: t.day, share: 8, value: (l) => l.day },
          { header: t.produced, share: 7, align: 'right', value: (l) => q(l.producedQty) },
          { header: t.inStock, share: 7, align: 'right', value: (l) => q(l.inStockQty) },
          { header: t.shipped, share: 7, align: 'right', value: (l) => q(l.shippedQty) },
          { header: t.consumedUp, share: 7, align: 'right', value: (l) => q(l.consumedQty) },
          { header: t.atLine, share: 6, align: 'right', value: (l) => q(l.atLineQty) },
          { header: t.disposed, share: 6, align: 'right', value: (l) => q(l.disposedQty) },
          { header: t.adjusted, share: 6, align: 'right', value: (l) => q(l.adjustedQty) },
          {
            header: t.residual,
            share: 6,
            align: 'right',
            value: (l) => q(l.residualQty),
            alarm: (l) => l.residualQty !== 0,
          },
          { header: t.unit, share: 4, value: (l) => l.unit },
        ],
        r.lots,
      )
    : nothing(doc, y, t);

  // 3. Each lot's split per customer.
  const split = r.lots.flatMap((l) => l.customers.map((c) => ({ lot: l, c })));
  y = section(doc, y + 6, t.lotCustomers);
  y = split.length
    ? table(
        doc,
        y,
        [
          { header: t.lotId, share: 18, value: (s) => s.lot.lotId, shrink: true },
          { header: t.product, share: 18, value: (s) => `${s.lot.productCode} ${s.lot.productName}` },
          { header: t.customer, share: 18, value: (s) => s.c.bizPartnerName },
          { header: t.qty, share: 8, align: 'right', value: (s) => q(s.c.qty) },
          { header: t.unit, share: 5, value: (s) => s.lot.unit },
          { header: t.shipmentNos, share: 33, value: (s) => s.c.shipmentNos.join(', ') },
        ],
        split,
      )
    : nothing(doc, y, t);

  // 4. Every customer reached.
  y = section(doc, y + 6, t.deliveries);
  y = r.deliveries.length
    ? table(
        doc,
        y,
        [
          {
            header: t.customer,
            share: 20,
            value: (d) => `${d.bizPartnerName}${d.bizPartnerCode ? ` (${d.bizPartnerCode})` : ''}`,
          },
          { header: t.kind, share: 9, value: (d) => t[d.kind] },
          { header: t.item, share: 22, value: (d) => `${d.itemCode} ${d.itemName}` },
          { header: t.qty, share: 9, align: 'right', value: (d) => q(d.qty) },
          { header: t.unit, share: 5, value: (d) => d.unit },
          { header: t.refs, share: 35, value: (d) => d.refs.join(', ') },
        ],
        r.deliveries,
      )
    : nothing(doc, y, t);

  // 5. Canceled shipments, apart.
  y = section(doc, y + 6, t.canceled);
  y = r.canceledShipments.length
    ? table(
        doc,
        y,
        [
          { header: t.shipmentNo, share: 16, value: (c) => c.shipmentNo },
          { header: t.shipmentDt, share: 10, value: (c) => c.shipmentDt },
          { header: t.customer, share: 22, value: (c) => c.bizPartnerName },
          { header: t.product, share: 30, value: (c) => `${c.productCode} ${c.productName}` },
          { header: t.qty, share: 10, align: 'right', value: (c) => q(c.qty) },
          { header: t.unit, share: 6, value: (c) => c.unit },
        ],
        r.canceledShipments,
      )
    : nothing(doc, y, t);

  // 6. Plans that consumed but made no lot yet (only when there are some).
  if (r.plans.length) {
    y = section(doc, y + 6, t.plans);
    table(
      doc,
      y,
      [
        { header: t.planId, share: 8, align: 'right', value: (p) => String(p.planId) },
        { header: t.product, share: 40, value: (p) => `${p.productCode} ${p.productName}` },
        { header: t.startDt, share: 12, value: (p) => p.startDt },
        { header: t.qty, share: 10, align: 'right', value: (p) => q(p.qty) },
        { header: t.unit, share: 6, value: (p) => p.unit },
      ],
      r.plans,
    );
  }

  // Header and footer on every page.
  const range = doc.bufferedPageRange();
  const printed = wallClock(input.printedAt, timeZone);
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.fill('#666666').font('bold').fontSize(8);
    cell(doc, `${t.app} · ${t.title} · ${subject}`, MARGIN, MARGIN, CONTENT * 0.65);
    doc.font('regular');
    cell(doc, `${t.printedAt} ${printed}`, MARGIN + CONTENT * 0.65, MARGIN, CONTENT * 0.35, 'right');
    doc
      .moveTo(MARGIN, MARGIN + 12)
      .lineTo(MARGIN + CONTENT, MARGIN + 12)
      .lineWidth(0.5)
      .stroke('#999999');
    const footY = PAGE.h - MARGIN;
    cell(doc, `${t.elapsed} ${r.elapsedMs} ms`, MARGIN, footY, CONTENT / 2);
    const page = locale === 'kr' ? `${i + 1} / ${range.count} ${t.page}` : `${t.page} ${i + 1} / ${range.count}`;
    cell(doc, page, MARGIN + CONTENT / 2, footY, CONTENT / 2, 'right');
    doc.fill('#000000');
  }
  doc.end();
  return done;
}
