import { type BarcodeInfo, type BarcodeType, barcodeEndpoints } from '@eqms/contract';
import { ApiError, call, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';
import { i18n } from '../../i18n/index.ts';

/**
 * What a scanned code names (GET /barcode/{code}), or null when it names nothing: then SPEC §8's warning with the
 * code in brackets, in place of the API client's "URL not found". Other failures are reported as usual.
 */
export async function lookUpBarcode(code: string, type?: BarcodeType): Promise<BarcodeInfo | null> {
  try {
    return await call(barcodeEndpoints.info, { params: { code }, query: type ? { type } : {}, silent: true });
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      warnBarcodeNotFound(code);
      return null;
    }
    if (err instanceof ApiError) reportError(err);
    throw err;
  }
}

export function warnBarcodeNotFound(code: string) {
  useAppStore.getState().notify(`${i18n.t('common:errors.barcodeNotFound')} [${code}]`, 'warning');
}
