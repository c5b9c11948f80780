import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// The camera's decoder: the BarcodeDetector API over ZXing compiled to WebAssembly (barcode-detector). By default the
// library fetches its .wasm from a CDN; the factory LAN has none, and we send nothing outside it (ARCHITECTURE §2): the
// build emits the .wasm as one of our own hashed assets and the module is pointed at it. Only the scanner sheet's
// camera view imports this module, so none of it reaches a page until the camera is asked for.

/** The same-origin address of the decoder's .wasm (an asset of our build). */
export const ZXING_WASM_URL = wasmUrl;

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** The formats a factory's labels use: 1D codes of materials and packages, QR and Data Matrix of lots. */
export const SCAN_FORMATS = ['code_128', 'code_39', 'ean_13', 'ean_8', 'qr_code', 'data_matrix'] as const;

export function createDetector() {
  return new BarcodeDetector({ formats: [...SCAN_FORMATS] });
}
