import { DownloadOutlined, FilePdfOutlined, PartitionOutlined, StopOutlined } from '@ant-design/icons';
import type { ShipmentLot } from '@eqms/contract';
import { Button, Descriptions, Drawer, Empty, Flex, Spin, Table, type TableColumnsType, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import { downloadNote, openNote, useShipment } from '../shipment.queries.ts';
import { cancelText, ShipmentStatusTag } from './cells.tsx';

/**
 * One shipment beside the list (GET /shipment/{id}): its customer, order, product and quantity, whether it was
 * canceled (who, when, why), and its lines — the lots, each with its shelf, production day, expiry and quantity. From
 * here: the note (open or download), the BOM requirement and the cancel.
 */
export function ShipmentDrawer({
  id,
  onClose,
  onCancel,
  onBomReq,
}: {
  id: number | null;
  onClose: () => void;
  onCancel: (s: { id: number; shipmentNo: string }) => void;
  onBomReq: (shipmentId: number) => void;
}) {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const unitLabel = useCodeLabel('UNIT');
  const canModify = useCan('shipment', 'modify');
  const one = useShipment(id);
  const s = one.data;
  const qty = (v: number) => `${fmtQty(v)} ${unitLabel(s?.unit ?? '')}`;
  const columns: TableColumnsType<ShipmentLot> = [
    {
      title: t('fields.lotId'),
      dataIndex: 'lotId',
      width: 190,
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('fields.day'), dataIndex: 'day', width: 100 },
    { title: t('fields.expiry'), dataIndex: 'expiryDate', width: 100, render: (v: string | null) => v ?? '-' },
    { title: t('fields.shelf'), dataIndex: 'placePath', ellipsis: true },
    {
      title: t('fields.qty'),
      dataIndex: 'qty',
      width: 100,
      align: 'right',
      render: (v: number) => <span data-testid="ship-detail-line-qty">{qty(v)}</span>,
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={s ? t('titles.detail', { no: s.shipmentNo }) : ''}
      data-testid="ship-detail"
      extra={
        s && (
          <Flex gap={6} wrap>
            <Button icon={<FilePdfOutlined />} onClick={() => void openNote(s)} data-testid="ship-detail-open-note">
              {t('actions.openNote')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void downloadNote(s)}
              aria-label={t('actions.downloadNote')}
              title={t('actions.downloadNote')}
              data-testid="ship-detail-download-note"
            />
          </Flex>
        )
      }
    >
      {!s ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            bordered
            data-testid="ship-detail-info"
            items={[
              { key: 'dt', label: t('fields.shipmentDt'), children: s.shipmentDt },
              { key: 'status', label: t('fields.status'), children: <ShipmentStatusTag row={s} /> },
              { key: 'customer', label: t('fields.customer'), children: `${s.bizPartnerName} (${s.bizPartnerCode})` },
              { key: 'order', label: t('fields.orderNo'), children: s.orderNo ?? '-' },
              { key: 'product', label: t('fields.product'), children: `${s.productCode} ${s.productName}` },
              {
                key: 'qty',
                label: t('fields.qty'),
                children: (
                  <span data-testid="ship-detail-total">
                    {qty(s.totalQty)} · {t('fields.lotCount')} {s.lotCount}
                  </span>
                ),
              },
              ...(s.amount != null
                ? [
                    {
                      key: 'amount',
                      label: t('fields.amount'),
                      children: `${fmtQty(s.amount)} (${fmtQty(s.unitPrice)})`,
                    },
                  ]
                : []),
              ...(s.canceled
                ? [
                    {
                      key: 'canceled',
                      label: t('fields.canceled'),
                      span: 2,
                      children: <span data-testid="ship-detail-canceled">{cancelText(s)}</span>,
                    },
                  ]
                : []),
              { key: 'note', label: t('fields.description'), span: 2, children: s.description ?? '-' },
              {
                key: 'by',
                label: t('fields.by'),
                span: 2,
                children: `${s.createdBy ?? '-'} · ${s.createdAt ? dayjs(s.createdAt).format('YYYY-MM-DD HH:mm') : ''}`,
              },
            ]}
          />
          <Table<ShipmentLot>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={s.lots}
            pagination={false}
            scroll={{ x: 600 }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
            data-testid="ship-detail-lines"
          />
          <Flex gap={8} wrap>
            <Button icon={<PartitionOutlined />} onClick={() => onBomReq(s.id)} data-testid="ship-detail-bom">
              {t('actions.bomReq')}
            </Button>
            {canModify && !s.canceled && (
              <Button danger icon={<StopOutlined />} onClick={() => onCancel(s)} data-testid="ship-detail-cancel">
                {t('actions.cancel')}
              </Button>
            )}
          </Flex>
        </Flex>
      )}
    </Drawer>
  );
}
