import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadReport } from '../../inspection-report/inspection-report.queries.ts';
import { KPI_NS } from '../kpi-report.locales.ts';

/** The page's PDF and Excel buttons: report `kpi-report/<type>` with the page's filter as its params. */
export function KpiFileButtons(props: {
  type: 'monthly' | 'atelier';
  params: Record<string, unknown> | null;
  fileName: string;
}) {
  const { t } = useTranslation(KPI_NS);
  const [busy, setBusy] = useState<'pdf' | 'excel' | null>(null);
  const get = async (format: 'pdf' | 'excel') => {
    if (!props.params) return;
    setBusy(format);
    try {
      await downloadReport(
        format,
        'kpi-report',
        props.type,
        props.params,
        `${props.fileName}.${format === 'pdf' ? 'pdf' : 'xlsx'}`,
      );
    } finally {
      setBusy(null);
    }
  };
  return (
    <>
      <Button
        icon={<FilePdfOutlined />}
        data-testid="kpi-pdf"
        disabled={!props.params}
        loading={busy === 'pdf'}
        onClick={() => void get('pdf')}
      >
        {t('pdf')}
      </Button>
      <Button
        icon={<FileExcelOutlined />}
        data-testid="kpi-excel"
        disabled={!props.params}
        loading={busy === 'excel'}
        onClick={() => void get('excel')}
      >
        {t('excel')}
      </Button>
    </>
  );
}
