import type { LabelFormat, LabelLayout } from '@eqms/contract';
import bwipjs from 'bwip-js/node';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { contentDisposition } from '../files.ts';
import { type Doc, drawQr, fitSize, fitText, registerKoreanFonts } from '../pdf.ts';

// Printable labels (README.md "Labels"): one renderer for every label the factory prints — a material stock package
// (the material-stock module) and a product stock lot (the lot-label module) are two data sources of the same label. Pure
// functions from `Label`s to a PDF (pdfkit) or to ZPL. One geometry per layout, in millimetres, drives both. The
// barcodes are drawn as vectors from bwip-js's encoding (`raw`): crisp at any printer resolution, on a white
// background with their quiet zones kept clear.

/** One label's content, already in the request's language; a module maps its rows to these. */
export type Label = {
  /** What the Code 128 and the QR carry and what is printed under the bars: the code a scan looks up. */
  code: string;
  /** Top left, bold: the item's code (cut with "…" when long). */
  title: string;
  /** Top right, bold, never cut (shrinks to fit): the quantity with its unit. */
  qty: string;
  /** The second line: the item's name (Korean in ZPL through the downloaded font). */
  name: string;
  /**
   * The bottom line: captioned values, in order. `caption` is in the request's language (the PDF); `ascii` is the
   * ZPL's caption, printed in the printer's own font.
   */
  foot: LabelField[];
};
export type LabelField = { caption: string; ascii: string; value: string };
export type LabelOptions = { layout: LabelLayout; copies: number };

type Box = { x: number; y: number; w: number; h: number };
/** A layout's label, all in mm (font sizes in pt). */
type Geometry = {
  /** The label's size. */
  w: number;
  h: number;
  /** Inner padding, left/right and top. */
  padX: number;
  padY: number;
  codeSize: number;
  nameSize: number;
  nameY: number;
  /** The Code 128 symbol's area, its quiet zones included. */
  c128: Box;
  pkgSize: number;
  /** The QR symbol's square, its quiet zone included. */
  qr: Box;
  footSize: number;
  footY: number;
};

const LABEL_GEOMETRY: Record<LabelLayout, Geometry> = {
  '100x50': {
    w: 100,
    h: 50,
    padX: 4,
    padY: 3.5,
    codeSize: 12,
    nameSize: 10,
    nameY: 9,
    c128: { x: 2, y: 15, w: 68, h: 15 },
    pkgSize: 9,
    qr: { x: 72, y: 14.5, w: 24, h: 24 },
    footSize: 8,
    footY: 42,
  },
  // A4 3 × 8 of 70 × 36 mm (the Avery 3475 / Herma 4453 family): the sheet's 4.5 mm top and bottom margins are the
  // page's; 5 mm of padding keeps the print inside what a laser printer reaches (about 4.2 mm from the paper's edge).
  'a4-3x8': {
    w: 70,
    h: 36,
    padX: 5,
    padY: 2.5,
    codeSize: 8.5,
    nameSize: 7.5,
    nameY: 6.2,
    c128: { x: 3, y: 10.5, w: 44, h: 11 },
    pkgSize: 6.5,
    qr: { x: 48, y: 9.5, w: 17, h: 17 },
    footSize: 6,
    footY: 28.5,
  },
};
const A4 = { w: 210, h: 297, cols: 3, rows: 8, top: 4.5, left: 0 };

const PT_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * PT_PER_MM;
/** Code 128 needs 10 modules of quiet zone each side; QR 4. */
const C128_QUIET = 10;
const QR_QUIET = 4;
const MAX_C128_MODULE_MM = 0.5;
/**
 * A 300 dpi printer's dot (0.24 pt; a 600 dpi dot is half of it). Bars a whole number of dots wide that start on a dot
 * print every bar the same width; a module of 2.05 dots printed one bar of two dots and the next of three, and a
 * scanner then misread the symbol now and then.
 */
const DOT_MM = 25.4 / 300;
const onDots = (mm: number) => Math.round(mm / DOT_MM) * DOT_MM;
/** Labels drawn between two turns of the event loop. */
const LABELS_PER_TURN = 20;

export const formatQty = (qty: number, unit: string) =>
  `${qty.toLocaleString('en-US', { maximumFractionDigits: 5 })} ${unit}`;

// ── Fonts: the full Noto Sans KR (every Hangul syllable), read once from the package, never from a user's path ──────

// ── Barcodes as vectors ──────────────────────────────────────────────────────────────────────────────────────────

type Raw1D = { sbs: number[] };
type Raw2D = { pixs: number[]; pixx: number; pixy: number };

/** The encodings of one rendering, by text: a row's copies (and a QR is ~3 ms of bwip-js) are encoded once. */
type Encoder = { code128: (text: string) => Raw1D; qr: (text: string) => Raw2D };
function memo<T>(make: (text: string) => T): (text: string) => T {
  const seen = new Map<string, T>();
  return (text) => {
    const hit = seen.get(text);
    if (hit) return hit;
    const v = make(text);
    seen.set(text, v);
    return v;
  };
}
function encoder(): Encoder {
  return {
    code128: memo((text) => (bwipjs.raw({ bcid: 'code128', text }) as Raw1D[])[0]),
    qr: memo((text) => (bwipjs.raw('qrcode', text, 'eclevel=M') as Raw2D[])[0]),
  };
}

/** Code 128: bars from bwip-js's encoding, centred in the area with at least 10 modules of white each side. */
function drawCode128(doc: Doc, { sbs }: Raw1D, area: Box) {
  const modules = sbs.reduce((a, b) => a + b, 0);
  const fit = Math.min(MAX_C128_MODULE_MM, area.w / (modules + 2 * C128_QUIET));
  // Below two dots a whole number of dots would halve the module: then the bars stay as they fit.
  const dotsPerModule = Math.floor(fit / DOT_MM + 1e-9);
  const module = dotsPerModule >= 2 ? dotsPerModule * DOT_MM : fit;
  const width = module * (modules + 2 * C128_QUIET);
  const left = dotsPerModule >= 2 ? onDots(area.x + (area.w - width) / 2) : area.x + (area.w - width) / 2;
  doc.rect(pt(left), pt(area.y), pt(width), pt(area.h)).fill('#ffffff');
  let x = left + C128_QUIET * module;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) doc.rect(pt(x), pt(area.y + 1), pt(w * module), pt(area.h - 2));
    x += w * module;
  });
  doc.fill('#000000');
}

// ── PDF ──────────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * One line at (x, y) mm in the current font, cut with an ellipsis to the width. Aligned here, not by pdfkit: given a
 * width, pdfkit wraps at hyphens however the text was measured, and a wrapped line overprints the next one.
 */
function line(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'right' | 'center' = 'left',
) {
  const fitted = fitText(doc, text, pt(width));
  const free = pt(width) - doc.widthOfString(fitted);
  const left = pt(x) + (align === 'right' ? free : align === 'center' ? free / 2 : 0);
  doc.text(fitted, left, pt(y), { lineBreak: false });
}

function drawLabel(doc: Doc, enc: Encoder, g: Geometry, label: Label, at: { x: number; y: number }) {
  const { x: ox, y: oy } = at;
  const inner = g.w - 2 * g.padX;
  // The quantity is never cut: it shrinks to fit at most 55 % of the width; the title takes the rest.
  const { qty, title } = label;
  doc.font('bold');
  // A smaller size keeps the baseline of the first line (the font's ascent is about 1.16 em).
  const top = (size: number) => oy + g.padY + ((g.codeSize - size) * 1.16) / PT_PER_MM;
  const qtySize = fitSize(doc, qty, pt(inner * 0.55), g.codeSize, g.codeSize * 0.6);
  const qtyWidth = Math.min(doc.widthOfString(qty) / PT_PER_MM, inner * 0.55);
  line(doc, qty, ox + g.w - g.padX - qtyWidth, top(qtySize), qtyWidth, 'right');
  const titleWidth = inner - qtyWidth - 2;
  const titleSize = fitSize(doc, title, pt(titleWidth), g.codeSize, g.codeSize * 0.75);
  line(doc, title, ox + g.padX, top(titleSize), titleWidth);
  doc.font('regular').fontSize(g.nameSize);
  line(doc, label.name, ox + g.padX, oy + g.nameY, inner);

  drawCode128(doc, enc.code128(label.code), { ...g.c128, x: ox + g.c128.x, y: oy + g.c128.y });
  doc.font('bold').fontSize(g.pkgSize);
  line(doc, label.code, ox + g.c128.x, oy + g.c128.y + g.c128.h + 0.4, g.c128.w, 'center');
  drawQr(doc, enc.qr(label.code), pt(ox + g.qr.x), pt(oy + g.qr.y), pt(Math.min(g.qr.w, g.qr.h)));

  const foot = label.foot.map((f) => `${f.caption} ${f.value}`).join('   ');
  doc.font('regular').fontSize(g.footSize);
  line(doc, foot, ox + g.padX, oy + g.footY, inner);
}

/**
 * The labels as a PDF: `100x50` one label per page, `a4-3x8` 24 per A4 sheet, row by row. Each label's copies follow
 * each other.
 */
export async function renderLabelsPdf(items: Label[], opts: LabelOptions): Promise<Buffer> {
  const g = LABEL_GEOMETRY[opts.layout];
  const sheet = opts.layout === 'a4-3x8';
  const size: [number, number] = sheet ? [pt(A4.w), pt(A4.h)] : [pt(g.w), pt(g.h)];
  const doc = new PDFDocument({
    size,
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Labels', Creator: 'eQMS' },
  });
  registerKoreanFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const enc = encoder();
  const labels = items.flatMap((l) => Array.from({ length: opts.copies }, () => l));
  const perPage = sheet ? A4.cols * A4.rows : 1;
  for (const [i, label] of labels.entries()) {
    const slot = i % perPage;
    if (slot === 0) doc.addPage({ size, margin: 0 });
    const x = sheet ? A4.left + (slot % A4.cols) * g.w : 0;
    const y = sheet ? A4.top + Math.floor(slot / A4.cols) * g.h : 0;
    drawLabel(doc, enc, g, label, { x, y });
    // Thousands of labels take seconds: let the other requests in between.
    if (i % LABELS_PER_TURN === LABELS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
  }
  doc.end();
  return done;
}

// ── ZPL (Zebra, 203 dpi = 8 dots/mm) ─────────────────────────────────────────────────────────────────────────────

/**
 * The printer's name of a TrueType Korean font downloaded to it (e.g. Noto Sans KR stored as E:NOTOSANSKR.TTF with
 * Zebra Setup Utilities); the built-in font 0 has no Hangul.
 */
export const ZPL_KOREAN_FONT = 'E:NOTOSANSKR.TTF';
const DOTS_PER_MM = 8;
const dots = (mm: number) => Math.round(mm * DOTS_PER_MM);
/** A font size in pt as a ZPL character height in dots. */
const fontDots = (size: number) => dots((size * 25.4) / 72);
const isAscii = (s: string) => /^[\x20-\x7e]*$/.test(s);

/** Field data under ^FH_: the command characters ^ ~ and the escape _ as hex, control characters dropped. */
const zplText = (s: string) =>
  s
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\x00-\x1f\x7f]/g, ' ')
    .replace(/[_^~]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Cut to an estimated width in dots (Hangul ≈ the character height, Latin ≈ 0.6 of it). */
function zplFit(s: string, height: number, width: number) {
  let w = 0;
  let out = '';
  for (const ch of s) {
    w += (isAscii(ch) ? 0.6 : 1) * height;
    if (w > width) return `${out.slice(0, -1)}..`;
    out += ch;
  }
  return out;
}

/** A text field: the built-in scalable font 0 for ASCII, the downloaded Korean font otherwise (or when `korean`). */
function zplField(
  x: number,
  y: number,
  size: number,
  width: number,
  text: string,
  opts: { korean?: boolean; align?: 'R' | 'C' } = {},
) {
  const h = fontDots(size);
  const font = opts.korean || !isAscii(text) ? `^A@N,${h},${h},${ZPL_KOREAN_FONT}` : `^A0N,${h},${h}`;
  const block = opts.align ? `^FB${width},1,0,${opts.align}` : '';
  return `^FO${x},${y}${font}${block}^FH_^FD${zplText(zplFit(text, h, width))}^FS`;
}

/** Code 128 modules of a text in subset B (an upper bound: the printer's automatic mode packs digit runs). */
const code128Modules = (text: string) => 11 * (text.length + 3) + 2;
/** QR version 1–10 capacities in bytes at error correction M; modules = 17 + 4 × version. */
const QR_BYTES_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213];
const qrModules = (text: string) => 17 + 4 * (QR_BYTES_M.findIndex((n) => n >= Buffer.byteLength(text)) + 1 || 10);

/** Field data of a barcode: as is when it is plain text, else under ^FH_ (a code with ^ ~ _ or control characters). */
const zplCode = (code: string) =>
  /^[\x20-\x7e]*$/.test(code) && !/[_^~]/.test(code) ? `^FD${code}` : `^FH_^FD${zplText(code)}`;

function zplLabel(g: Geometry, label: Label): string {
  const inner = dots(g.w - 2 * g.padX);
  const x0 = dots(g.padX);
  const { code, qty } = label;
  const moduleC128 = Math.max(1, Math.min(3, Math.floor(dots(g.c128.w) / (code128Modules(code) + 2 * C128_QUIET))));
  const c128Width = moduleC128 * code128Modules(code);
  const c128X = dots(g.c128.x) + Math.max(0, Math.floor((dots(g.c128.w) - c128Width) / 2));
  const moduleQr = Math.max(1, Math.floor(dots(g.qr.w) / (qrModules(code) + 2 * QR_QUIET)));
  // ASCII captions in either language: they print in the printer's own font.
  const foot = label.foot.map((f) => `${f.ascii} ${f.value}`).join('  ');
  const qrData = zplCode(`MA,${code}`);
  return [
    '^XA',
    '^CI28',
    `^PW${dots(g.w)}`,
    `^LL${dots(g.h)}`,
    '^LH0,0',
    // The title and the ASCII fields first (the printer's own font); the Korean name last, in ^A@.
    zplField(x0, dots(g.padY), g.codeSize, Math.round(inner * 0.55), label.title),
    zplField(x0, dots(g.padY), g.codeSize, inner, qty, { align: 'R' }),
    `^BY${moduleC128},3^FO${c128X},${dots(g.c128.y + 1)}^BCN,${dots(g.c128.h - 2)},N,N,N,A${zplCode(code)}^FS`,
    zplField(dots(g.c128.x), dots(g.c128.y + g.c128.h + 0.4), g.pkgSize, dots(g.c128.w), code, { align: 'C' }),
    `^FO${dots(g.qr.x) + QR_QUIET * moduleQr},${dots(g.qr.y) + QR_QUIET * moduleQr}^BQN,2,${moduleQr}${qrData}^FS`,
    zplField(x0, dots(g.footY), g.footSize, inner, foot),
    zplField(x0, dots(g.nameY), g.nameSize, inner, label.name, { korean: true }),
    '^XZ',
  ].join('\n');
}

/**
 * The labels as ZPL II for a 203 dpi Zebra printer: one ^XA…^XZ format per label (copies repeated), sized as the
 * layout's label (`a4-3x8`: its 70 × 36 mm cell on a roll).
 */
export function renderLabelsZpl(items: Label[], opts: LabelOptions) {
  const g = LABEL_GEOMETRY[opts.layout];
  const out: string[] = [];
  for (const item of items) {
    const label = zplLabel(g, item);
    for (let i = 0; i < opts.copies; i++) out.push(label);
  }
  return `${out.join('\n')}\n`;
}

/**
 * The labels as the answer of a label endpoint: PDF or ZPL, an attachment `<name>-<yyyyMMdd>.pdf|zpl` (the factory
 * day given).
 */
export async function sendLabels(
  reply: FastifyReply,
  items: Label[],
  opts: LabelOptions & { format: LabelFormat; name: string; day: string },
) {
  const file =
    opts.format === 'zpl'
      ? { type: 'text/plain; charset=utf-8', body: renderLabelsZpl(items, opts) }
      : { type: 'application/pdf', body: await renderLabelsPdf(items, opts) };
  return reply
    .type(file.type)
    .header('content-disposition', contentDisposition(`${opts.name}-${opts.day.replace(/-/g, '')}.${opts.format}`))
    .send(file.body);
}
