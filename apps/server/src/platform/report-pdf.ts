import type { Locale } from '@eqms/contract';
import PDFDocument from 'pdfkit';
import { type Doc, fitSize, fitText, registerKoreanFonts } from './pdf.ts';

// The parts of an A4 report page the report files share (platform/reports.ts): a document with the Korean fonts
// whose bytes come back as one Buffer, one-line cells that never wrap, captioned value grids, tables whose header is
// repeated on every page, signature boxes and a footer with page n / N. Lengths are pdfkit points.

export const MM = 72 / 25.4;
export const A4 = { w: 210 * MM, h: 297 * MM };
export const REPORT_MARGIN = 15 * MM;
export const CONTENT_W = A4.w - 2 * REPORT_MARGIN;
/** The lowest y a row may reach before the footer. */
export const CONTENT_BOTTOM = A4.h - REPORT_MARGIN - 14;

export type ReportDoc = { doc: Doc; done: () => Promise<Buffer> };

/** A new A4 portrait document with the fonts 'regular' and 'bold' (Noto Sans KR); `done()` ends it and answers the bytes. */
export function reportDocument(info: { title: string; subject?: string }): ReportDoc {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    bufferPages: true,
    info: { Title: info.title, Subject: info.subject ?? info.title, Creator: 'eQMS' },
  });
  registerKoreanFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    doc,
    done: () => {
      doc.end();
      return bytes;
    },
  };
}

export type Align = 'left' | 'right' | 'center';
/** One line of text at (x, y), cut with an ellipsis to the width; aligned here so pdfkit never wraps it. */
export function cell(doc: Doc, text: string, x: number, y: number, width: number, align: Align = 'left'): void {
  const fitted = fitText(doc, text, width);
  const free = width - doc.widthOfString(fitted);
  doc.text(fitted, x + (align === 'right' ? free : align === 'center' ? free / 2 : 0), y, { lineBreak: false });
}

/** Label/value pairs in `columns` columns of boxes; answers the y below the grid. */
export function infoGrid(doc: Doc, pairs: [string, string][], y: number, columns = 2, rowH = 20): number {
  const colW = CONTENT_W / columns;
  const labelW = Math.min(80, colW * 0.38);
  pairs.forEach(([label, value], i) => {
    const x = REPORT_MARGIN + (i % columns) * colW;
    const top = y + Math.floor(i / columns) * rowH;
    doc.rect(x, top, labelW, rowH).fill('#eef2f7');
    doc.rect(x, top, colW, rowH).lineWidth(0.5).stroke('#8c8c8c');
    doc.fill('#000000').font('bold');
    const size = fitSize(doc, label, labelW - 10, 9, 7);
    cell(doc, label, x + 5, top + 5.5 + (9 - size) / 2, labelW - 10);
    doc.font('regular');
    fitSize(doc, value, colW - labelW - 10, 9.5, 6.5);
    cell(doc, value, x + labelW + 5, top + 5.5, colW - labelW - 10);
  });
  return y + Math.ceil(pairs.length / columns) * rowH;
}

export type TableColumn<R> = {
  header: string;
  width: number;
  align?: Align;
  value: (row: R) => string;
  bold?: boolean;
  /** The text's colour (a FAIL in red). */
  color?: (row: R) => string | undefined;
  /** Shrinks to this size before the text is cut (codes, values). */
  minSize?: number;
};

/**
 * A table from y with its header; a row that would pass the bottom starts a new page, where the header is drawn
 * again. Widths are scaled to the content width. Answers the y below the last row.
 */
export function table<R>(doc: Doc, columns: TableColumn<R>[], rows: R[], y0: number, rowH = 17): number {
  const total = columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => (c.width / total) * CONTENT_W);
  const pad = 4;
  const header = (y: number) => {
    doc.rect(REPORT_MARGIN, y, CONTENT_W, rowH).fill('#dde4ee');
    doc.fill('#000000').font('bold').fontSize(8.5);
    let x = REPORT_MARGIN;
    columns.forEach((c, i) => {
      const size = fitSize(doc, c.header, widths[i] - 2 * pad, 8.5, 6.5);
      cell(doc, c.header, x + pad, y + (rowH - size) / 2 - 1, widths[i] - 2 * pad, 'center');
      doc.fontSize(8.5);
      x += widths[i];
    });
    doc.rect(REPORT_MARGIN, y, CONTENT_W, rowH).lineWidth(0.6).stroke('#555555');
    return y + rowH;
  };
  let y = header(y0);
  for (const row of rows) {
    if (y + rowH > CONTENT_BOTTOM) {
      doc.addPage({ size: 'A4', margin: 0 });
      y = header(REPORT_MARGIN);
    }
    let x = REPORT_MARGIN;
    columns.forEach((c, i) => {
      const text = c.value(row);
      doc.fill(c.color?.(row) ?? '#000000').font(c.bold ? 'bold' : 'regular');
      const size = fitSize(doc, text, widths[i] - 2 * pad, 8.5, c.minSize ?? 8.5);
      cell(doc, text, x + pad, y + (rowH - size) / 2 - 1, widths[i] - 2 * pad, c.align ?? 'left');
      x += widths[i];
    });
    doc.fill('#000000');
    doc
      .moveTo(REPORT_MARGIN, y + rowH)
      .lineTo(REPORT_MARGIN + CONTENT_W, y + rowH)
      .lineWidth(0.3)
      .stroke('#aaaaaa');
    y += rowH;
  }
  doc
    .moveTo(REPORT_MARGIN, y)
    .lineTo(REPORT_MARGIN + CONTENT_W, y)
    .lineWidth(0.6)
    .stroke('#555555');
  return y;
}

/** Starts a new page when fewer than `needed` points are left below y; answers where to go on. */
export function ensureSpace(doc: Doc, y: number, needed: number): number {
  if (y + needed <= CONTENT_BOTTOM) return y;
  doc.addPage({ size: 'A4', margin: 0 });
  return REPORT_MARGIN;
}

/** Signature boxes (caption and a printed name) side by side at the right; answers the y below them. */
export function signatureBoxes(doc: Doc, boxes: [string, string][], y: number): number {
  const w = 42 * MM;
  const h = 24 * MM;
  boxes.forEach(([caption, name], i) => {
    const x = REPORT_MARGIN + CONTENT_W - (boxes.length - i) * w;
    doc.rect(x, y, w, 14).fill('#eef2f7');
    doc.rect(x, y, w, h).lineWidth(0.6).stroke('#555555');
    doc
      .moveTo(x, y + 14)
      .lineTo(x + w, y + 14)
      .lineWidth(0.4)
      .stroke('#555555');
    doc.fill('#000000').font('bold').fontSize(8.5);
    cell(doc, caption, x + 4, y + 3, w - 8, 'center');
    doc.font('regular').fontSize(10);
    cell(doc, name, x + 4, y + h - 18, w - 8, 'center');
  });
  return y + h;
}

/** On every page: `left` at the bottom left and page n / N at the right. */
export function pageFooters(doc: Doc, left: string, locale: Locale): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    doc.fill('#666666').font('regular').fontSize(7.5);
    const y = A4.h - REPORT_MARGIN;
    cell(doc, left, REPORT_MARGIN, y, CONTENT_W * 0.7);
    const page = locale === 'kr' ? `${i + 1} / ${range.count} 쪽` : `page ${i + 1} / ${range.count}`;
    cell(doc, page, REPORT_MARGIN + CONTENT_W * 0.7, y, CONTENT_W * 0.3, 'right');
    doc.fill('#000000');
  }
}

/** A document's first lines: its title centred, its number on the right; answers where the content starts. */
export function reportHeading(doc: Doc, title: string, numberLine: string): number {
  let y = REPORT_MARGIN;
  doc.font('bold').fontSize(22);
  cell(doc, title, REPORT_MARGIN, y, CONTENT_W, 'center');
  y += 34;
  doc.font('regular').fontSize(9).fill('#444444');
  cell(doc, numberLine, REPORT_MARGIN, y, CONTENT_W, 'right');
  doc.fill('#000000');
  return y + 16;
}

/** An empty value as documents print it. */
export const dash = (v: string | null | undefined): string => (v == null || v === '' ? '-' : v);

export const numText = (v: number | null | undefined) =>
  v == null ? '' : v.toLocaleString('en-US', { maximumFractionDigits: 5 });
