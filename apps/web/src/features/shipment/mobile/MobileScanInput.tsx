import { ConfigProvider } from 'antd';
import { BarcodeInput } from '../../../components/inputs/index.ts';
import { useClaimScans } from '../../../components/scanner/scan-context.ts';

/**
 * The phone's LOT box, scanner first: focused when shown and again after each scan, no phone keyboard until manual
 * entry is switched on; a wedge scan made away from it (the focus on a button) reaches it through the shell.
 */
export function MobileScanInput({
  testId,
  placeholder,
  onScan,
  disabled,
}: {
  testId: string;
  placeholder: string;
  onScan: (code: string) => void;
  disabled?: boolean;
}) {
  useClaimScans(onScan, !disabled);
  return (
    <ConfigProvider componentSize="large">
      <BarcodeInput testId={testId} placeholder={placeholder} onScan={onScan} disabled={disabled} autoFocus />
    </ConfigProvider>
  );
}
