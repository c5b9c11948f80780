import { FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/RowAction.tsx';
import { INSPECTION_REPORT_NS } from '../inspection-report.locales.ts';
import { downloadReport } from '../inspection-report.queries.ts';

/** A row's PDF and Excel buttons: the report `name/single` of the row's id through the generic report routes. */
export function ReportFileActions({
  name,
  id,
  fileName,
  testId,
}: {
  name: string;
  id: number;
  fileName: string;
  testId: string;
}) {
  const { t } = useTranslation(INSPECTION_REPORT_NS);
  return (
    <>
      <RowAction
        label={t('actions.pdf')}
        icon={<FilePdfOutlined />}
        testId={`${testId}-pdf-${id}`}
        onClick={() => void downloadReport('pdf', name, 'single', { id }, `${fileName}.pdf`)}
      />
      <RowAction
        label={t('actions.excel')}
        icon={<FileExcelOutlined />}
        testId={`${testId}-excel-${id}`}
        onClick={() => void downloadReport('excel', name, 'single', { id }, `${fileName}.xlsx`)}
      />
    </>
  );
}
