import type { BomReqComponent } from '@eqms/contract';
import { Alert, Empty, Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import { type BomReqSubject, useBomReqInfo } from '../shipment.queries.ts';

/**
 * The BOM requirement of a shipment's quantity (GET /shipment/shipments/bom-req-info): every component over every
 * level with what it needs, the stock on hand and the shortage, short ones in red. Gross figures, as the server
 * gives them: a semi-finished product in stock does not reduce what it is made of.
 */
export function BomReqDialog({ subject, onClose }: { subject: BomReqSubject | null; onClose: () => void }) {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const info = useBomReqInfo(subject);
  const d = info.data;
  const qty = (v: number, r: BomReqComponent) => `${fmtQty(v)} ${unitLabel(r.unit)}`;
  const columns: TableColumnsType<BomReqComponent> = [
    { title: t('hints.bomLevel'), dataIndex: 'level', width: 60, align: 'center' },
    {
      title: t('hints.bomKind'),
      dataIndex: 'kind',
      width: 70,
      render: (v: BomReqComponent['kind']) => (
        <Tag color={v === 'PRODUCT' ? 'geekblue' : 'default'} style={{ marginInlineEnd: 0 }}>
          {t(`hints.kind${v}`)}
        </Tag>
      ),
    },
    { title: t('fields.productCode'), dataIndex: 'code', width: 110 },
    { title: t('fields.productName'), dataIndex: 'name', ellipsis: true },
    { title: t('hints.bomRequired'), key: 'req', width: 110, align: 'right', render: (_, r) => qty(r.requiredQty, r) },
    { title: t('hints.bomStock'), key: 'stock', width: 110, align: 'right', render: (_, r) => qty(r.stockQty, r) },
    {
      title: t('hints.bomShortage'),
      key: 'short',
      width: 100,
      align: 'right',
      render: (_, r) =>
        r.shortageQty > 0 ? (
          <Typography.Text type="danger" strong data-testid="ship-bom-short">
            {qty(r.shortageQty, r)}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">-</Typography.Text>
        ),
    },
  ];
  return (
    <Modal
      open={subject !== null}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
      title={
        d
          ? t('titles.bomReq', {
              product: `${d.productCode} ${d.productName}`,
              qty: `${fmtQty(d.qty)} ${unitLabel(d.unit)}`,
            })
          : t('actions.bomReq')
      }
      data-testid="ship-bom-dialog"
    >
      {d &&
        (d.components.length === 0 ? (
          <Alert type="info" showIcon title={t('hints.bomNone')} style={{ marginBottom: 12 }} />
        ) : (
          <Alert
            type={d.sufficient ? 'success' : 'warning'}
            showIcon
            title={t(d.sufficient ? 'hints.bomSufficient' : 'hints.bomShort')}
            style={{ marginBottom: 12 }}
            data-testid="ship-bom-summary"
          />
        ))}
      <Table<BomReqComponent>
        size="small"
        rowKey={(r) => `${r.kind}-${r.id}`}
        loading={info.isLoading}
        columns={columns}
        dataSource={d?.components ?? []}
        pagination={false}
        scroll={{ x: 680, y: 420 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.bomNone')} /> }}
        data-testid="ship-bom-table"
      />
    </Modal>
  );
}
