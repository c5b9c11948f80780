import type { TestReport } from '@eqms/contract';
import { Empty, Modal, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { TEST_REPORT_NS } from '../test-report.locales.ts';
import { useDesignImageUrl } from '../test-report.queries.ts';

/** The design image of a test report's product (GET /report/{id}/design-image), as the PDF prints it. */
export function DesignImageDialog({ report, onClose }: { report: TestReport | null; onClose: () => void }) {
  const { t } = useTranslation(TEST_REPORT_NS);
  const image = useDesignImageUrl(report?.hasDesignImage ? report.id : null);
  return (
    <Modal
      open={report !== null}
      title={t('titles.designImage', { name: report ? `${report.productCode} ${report.productName}` : '' })}
      onCancel={onClose}
      footer={null}
      width={720}
      data-testid="test-report-design-dialog"
    >
      {report && !report.hasDesignImage ? (
        <Empty description={t('hints.noImage')} />
      ) : image.url ? (
        <img
          src={image.url}
          alt={t('fields.designImage')}
          data-testid="test-report-design-image"
          style={{ maxWidth: '100%', maxHeight: '65vh', display: 'block', margin: '0 auto' }}
        />
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
