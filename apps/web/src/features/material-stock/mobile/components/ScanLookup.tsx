import type { BarcodeInfo, BarcodeType } from '@eqms/contract';
import { theme, Typography } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAppStore } from '../../../../app/store.ts';
import { useBarcodeInfo } from '../mobile-stock.queries.ts';
import { ScanBox } from './ScanBox.tsx';

/**
 * A phone page that looks up what was scanned (SPEC §2: each takes a barcode query parameter): the code lives in the
 * URL, the same code again reads it anew, and a code of another kind than the page shows gets a warning with the code
 * (`wrongType`), as an unknown one does.
 */
export function useScannedCode(accepts: readonly BarcodeType[], wrongType: (data: BarcodeInfo) => string) {
  const [params, setParams] = useSearchParams();
  const code = params.get('barcode')?.trim() || null;
  const info = useBarcodeInfo(code);
  const scan = (next: string) => {
    if (next === code) void info.refetch();
    else setParams({ barcode: next }, { replace: true });
  };
  const data = info.data;
  useEffect(() => {
    if (data && !accepts.includes(data.type)) useAppStore.getState().notify(wrongType(data), 'warning');
  }, [data, accepts, wrongType]);
  return { code, info, data, scan };
}

/** The code box on its card, with a hint under it. */
export function ScanPanel({
  testId,
  placeholder,
  hint,
  onScan,
}: {
  testId: string;
  placeholder: string;
  hint: string;
  onScan: (code: string) => void;
}) {
  const { token } = theme.useToken();
  return (
    <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: 12 }}>
      <ScanBox testId={testId} placeholder={placeholder} onScan={onScan} />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6, fontSize: 13 }}>
        {hint}
      </Typography.Text>
    </div>
  );
}
