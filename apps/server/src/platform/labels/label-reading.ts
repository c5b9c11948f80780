import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as mupdf from 'mupdf';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// For the label tests (material stock, lot labels, the renderer's own): a printed label as a scanner sees it — a PDF
// page rendered to pixels as a printer would (mupdf, white paper) and read by the camera scanner's engine (zxing-wasm,
// loaded from the package, never the CDN it defaults to). Test-only: nothing the app runs imports it.

const require = createRequire(import.meta.url);
let prepared: Promise<unknown> | null = null;
const prepare = () =>
  (prepared ??= prepareZXingModule({
    overrides: {
      wasmBinary: new Uint8Array(readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'))).buffer,
    },
    fireImmediately: true,
  }));

/** A page rendered at `dpi` on white, as PNG bytes and as RGBA ImageData for the reader. */
export function renderPage(pdf: Buffer, index: number, dpi = 300) {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  const page = doc.loadPage(index);
  const pix = page.toPixmap(mupdf.Matrix.scale(dpi / 72, dpi / 72), mupdf.ColorSpace.DeviceRGB, false, true);
  const width = pix.getWidth();
  const height = pix.getHeight();
  const rgb = pix.getPixels();
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < rgb.length; i += 3, j += 4) {
    rgba[j] = rgb[i];
    rgba[j + 1] = rgb[i + 1];
    rgba[j + 2] = rgb[i + 2];
    rgba[j + 3] = 255;
  }
  const imageData = { data: rgba, width, height, colorSpace: 'srgb' } as unknown as ImageData;
  return { png: Buffer.from(pix.asPNG()), imageData };
}

/** A rectangle of an RGBA image (pixels, rounded inwards). */
export function crop(image: ImageData, x: number, y: number, w: number, h: number): ImageData {
  const [x0, y0, cw, ch] = [Math.ceil(x), Math.ceil(y), Math.floor(w), Math.floor(h)];
  const data = new Uint8ClampedArray(cw * ch * 4);
  for (let r = 0; r < ch; r++) {
    const from = ((y0 + r) * image.width + x0) * 4;
    data.set(image.data.subarray(from, from + cw * 4), r * cw * 4);
  }
  return { data, width: cw, height: ch, colorSpace: 'srgb' } as unknown as ImageData;
}

/** The valid Code 128 and QR symbols of an image, as { format, text }. */
export async function readCodes(image: ImageData, maxNumberOfSymbols?: number) {
  await prepare();
  const found = await readBarcodes(image, {
    formats: ['Code128', 'QRCode'],
    tryHarder: true,
    ...(maxNumberOfSymbols ? { maxNumberOfSymbols } : {}),
  });
  return found.filter((r) => r.isValid).map((r) => ({ format: r.format, text: r.text }));
}

export const pageCount = (pdf: Buffer) => mupdf.Document.openDocument(pdf, 'application/pdf').countPages();
export const textOf = (pdf: Buffer, index = 0) =>
  mupdf.Document.openDocument(pdf, 'application/pdf').loadPage(index).toStructuredText('preserve-whitespace').asText();
