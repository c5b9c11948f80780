import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';
import { BarcodeInput } from './inputs/index.ts';

/**
 * A barcode scan (or typed code) that opens the row it belongs to. SPEC §8: a barcode that finds nothing warns
 * with the code in brackets; any other failure is the API client's to report.
 */
export function BarcodeLookup<T>({
  testId,
  placeholder,
  find,
  onFound,
  style,
}: {
  testId: string;
  placeholder: string;
  /** The look-up call; a 404 means "no such barcode". */
  find: (barcode: string) => Promise<T>;
  onFound: (row: T) => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  const lookUp = async (code: string) => {
    try {
      onFound(await find(code));
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        useAppStore.getState().notify(`${t('common:errors.barcodeNotFound')} [${code}]`, 'warning');
      } else throw err;
    }
  };
  return <BarcodeInput testId={testId} placeholder={placeholder} onScan={(code) => void lookUp(code)} style={style} />;
}
