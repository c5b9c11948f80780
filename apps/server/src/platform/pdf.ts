import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

// What every PDF the server draws shares (labels, the shipment note, reports): the Korean font, text fitted to a width
// without pdfkit's wrapping, and a QR drawn as vectors. Lengths here are pdfkit's points.

export type Doc = InstanceType<typeof PDFDocument>;

// The full Noto Sans KR (every Hangul syllable), read once from the package, never from a user's path.
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
} as const;
const fontCache = new Map<keyof typeof FONT_FILES, Buffer>();
function fontData(weight: keyof typeof FONT_FILES): Buffer {
  let data = fontCache.get(weight);
  if (!data) {
    data = readFileSync(require.resolve(FONT_FILES[weight]));
    fontCache.set(weight, data);
  }
  return data;
}

/** Registers the fonts 'regular' and 'bold' (Noto Sans KR) on a document. */
export function registerKoreanFonts(doc: Doc): void {
  doc.registerFont('regular', fontData('regular'));
  doc.registerFont('bold', fontData('bold'));
}

/** The text cut to fit the width, with an ellipsis. */
export function fitText(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** Sets and answers the font size, from `size` down to `min`, at which the text fits the width; `min` when none does. */
export function fitSize(doc: Doc, text: string, width: number, size: number, min: number): number {
  let s = size;
  while (s > min && doc.fontSize(s).widthOfString(text) > width) s -= 0.25;
  doc.fontSize(s);
  return s;
}

/** A 2D code's modules as bwip-js encodes them (`bwipjs.raw`). */
export type RawModules = { pixs: number[]; pixx: number; pixy: number };
const QR_QUIET = 4;

/** A QR as vector rectangles (runs merged) with 4 modules of white around, in a square of `size` at (x, y). */
export function drawQr(doc: Doc, { pixs, pixx, pixy }: RawModules, x: number, y: number, size: number): void {
  const module = size / (pixx + 2 * QR_QUIET);
  doc.rect(x, y, size, size).fill('#ffffff');
  for (let r = 0; r < pixy; r++) {
    for (let c = 0; c < pixx; c++) {
      if (!pixs[r * pixx + c]) continue;
      let run = 1;
      while (c + run < pixx && pixs[r * pixx + c + run]) run++;
      doc.rect(x + (QR_QUIET + c) * module, y + (QR_QUIET + r) * module, run * module, module);
      c += run - 1;
    }
  }
  doc.fill('#000000');
}
