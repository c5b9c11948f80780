import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { ReportFormat } from '@eqms/contract';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadReport } from '../../inspection-report/inspection-report.queries.ts';
import { DEFECT_REPORT_NS } from '../defect-report.locales.ts';

/**
 * A period report's PDF and Excel buttons: the report `name/period` with the screen's filter as its parameters,
 * through the generic report routes. Disabled while the filter cannot be asked.
 */
export function ReportDownloads({
  name,
  params,
  fileName,
  testId,
}: {
  name: string;
  params: Record<string, unknown> | null;
  fileName: string;
  testId: string;
}) {
  const { t } = useTranslation(DEFECT_REPORT_NS);
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const get = async (format: ReportFormat) => {
    if (!params) return;
    setBusy(format);
    try {
      await downloadReport(format, name, 'period', params, `${fileName}.${format === 'pdf' ? 'pdf' : 'xlsx'}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Space>
      <Button
        data-testid={`${testId}-pdf`}
        icon={<FilePdfOutlined />}
        disabled={!params}
        loading={busy === 'pdf'}
        onClick={() => void get('pdf')}
      >
        {t('actions.pdf')}
      </Button>
      <Button
        data-testid={`${testId}-excel`}
        icon={<FileExcelOutlined />}
        disabled={!params}
        loading={busy === 'excel'}
        onClick={() => void get('excel')}
      >
        {t('actions.excel')}
      </Button>
    </Space>
  );
}
