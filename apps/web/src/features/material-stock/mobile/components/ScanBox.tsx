import { ConfigProvider } from 'antd';
import { BarcodeInput } from '../../../../components/inputs/index.ts';
import { useClaimScans } from '../../../../components/scanner/scan-context.ts';

/**
 * A phone screen's code box: typed codes and a keyboard-wedge scan into it or anywhere on the page (the shell hands
 * such scans to the page while this is shown). Empty → SPEC §5's "enter a search term".
 */
export function ScanBox({
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
      <BarcodeInput
        manual
        manualSwitch={false}
        testId={testId}
        placeholder={placeholder}
        onScan={onScan}
        disabled={disabled}
      />
    </ConfigProvider>
  );
}
