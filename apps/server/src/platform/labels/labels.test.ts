import { describe, expect, it } from 'vitest';
import { crop, readCodes, renderPage, textOf } from './label-reading.ts';
import { type Label, renderLabelsPdf, renderLabelsZpl } from './labels.ts';

// The one label renderer (README.md "Labels") on its own: the parts a module gives (code, title, qty, name, foot) land
// where the material and lot labels expect them; barcode data with ZPL's command characters goes through ^FH.

const label = (extra: Partial<Label> = {}): Label => ({
  code: 'PKG-0001',
  title: 'ITEM-1',
  qty: '12 EA',
  name: '품목 이름',
  foot: [
    { caption: '첫째', ascii: 'ONE', value: '2026-01-02' },
    { caption: '둘째', ascii: 'TWO', value: 'X-9' },
  ],
  ...extra,
});

describe('platform labels', () => {
  it('PDF: title, qty, name, the code under the bars and the foot fields in order; the barcodes carry the code', async () => {
    const pdf = await renderLabelsPdf([label()], { layout: '100x50', copies: 1 });
    const text = textOf(pdf);
    for (const part of ['ITEM-1', '12 EA', '품목 이름', 'PKG-0001', '첫째 2026-01-02   둘째 X-9']) {
      expect(text).toContain(part);
    }
    const found = await readCodes(renderPage(pdf, 0).imageData, 4);
    expect(Object.fromEntries(found.map((r) => [r.format, r.text]))).toEqual({
      Code128: 'PKG-0001',
      QRCode: 'PKG-0001',
    });
  });

  it('PDF a4-3x8: bars on whole printer dots — two package IDs whose bars of 2.05 dots failed to decode in cell 4,1 read in every cell', async () => {
    // Found by rendering 960 random package IDs at every cell: these two lost their Code 128 at 300 dpi in one cell.
    const codes = ['M261127-YCWDHA', 'M261127-ED6M3Z'];
    const sheet = Array.from({ length: 24 }, (_, i) =>
      label({ code: codes[i % 2], title: 'MAT-00012', name: '한글 원료 가나다라 (식품용)' }),
    );
    const { imageData } = renderPage(await renderLabelsPdf(sheet, { layout: 'a4-3x8', copies: 1 }), 0, 300);
    const px = 300 / 25.4;
    for (let slot = 0; slot < 24; slot++) {
      const [row, col] = [Math.floor(slot / 3), slot % 3];
      const cell = crop(imageData, col * 70 * px, (4.5 + row * 36) * px, 70 * px, 36 * px);
      const found = await readCodes(cell);
      expect(found.map((r) => `${r.format}:${r.text}`).sort(), `cell ${row},${col}`).toEqual([
        `Code128:${codes[slot % 2]}`,
        `QRCode:${codes[slot % 2]}`,
      ]);
    }
  });

  it('ZPL: copies repeated, ASCII captions, a plain code as is and a code with _ ^ ~ under ^FH_ in both symbols', () => {
    const zpl = renderLabelsZpl([label(), label({ code: 'A_B^C' })], { layout: '100x50', copies: 2 });
    const formats = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(formats).toHaveLength(4);
    expect(formats[0]).toBe(formats[1]);
    expect(formats[0]).toContain('^FDONE 2026-01-02  TWO X-9^FS');
    expect(formats[0]).toMatch(/\^BCN,[^^]*\^FDPKG-0001\^FS/);
    expect(formats[0]).toContain('^FDMA,PKG-0001^FS');
    expect(formats[2]).toMatch(/\^BCN,[^^]*\^FH_\^FDA_5FB_5EC\^FS/);
    expect(formats[2]).toContain('^FH_^FDMA,A_5FB_5EC^FS');
  });
});
