import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Business, Order } from '@eqms/contract';
import { Alert, Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useBusiness, useOrderInfoApi, useOrders } from '../order-info.queries.ts';
import { periodText } from './BusinessList.tsx';
import { OrderDialog } from './OrderDialog.tsx';

/**
 * The chosen business: its fields with edit and delete, and its orders (by order date) — each with its line counts,
 * quantity and amount — made, changed and deleted here. A row chooses the order whose lines show below.
 */
export function BusinessDetail({
  businessId,
  orderId,
  onBack,
  onEdit,
  onDeleted,
  onOrder,
}: {
  businessId: number;
  orderId: number | undefined;
  onBack: () => void;
  onEdit: (b: Business) => void;
  onDeleted: () => void;
  onOrder: (orderId: number | undefined) => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const canCreate = useCan('orderInfo', 'create');
  const canModify = useCan('orderInfo', 'modify');
  const canDelete = useCan('orderInfo', 'delete');
  const api = useOrderInfoApi();
  const business = useBusiness(businessId);
  const orders = useOrders(businessId);
  const [editing, setEditing] = useState<Order | 'new' | null>(null);
  const b = business.data;

  if (business.isError)
    return <Alert type="warning" showIcon title={t('messages.businessGone')} data-testid="business-gone" />;
  if (!b)
    return (
      <div style={{ textAlign: 'center', padding: 48 }}>
        <Spin />
      </div>
    );

  const removeOrders = async (rows: Order[]) => {
    await api.removeOrders(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    if (orderId && rows.some((r) => r.id === orderId)) onOrder(undefined);
  };
  const removeBusiness = () =>
    confirmRemove(t('messages.confirmDeleteBusiness', { name: `${b.name} (${b.code})` }), async () => {
      await api.removeBusinesses([b.id]);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
      onDeleted();
    });

  const columns: DataColumn<Order>[] = [
    {
      key: 'orderNo',
      title: t('fields.orderNo'),
      width: 140,
      render: (o) => <span data-testid="order-row-no">{o.orderNo}</span>,
      exportValue: (o) => o.orderNo,
    },
    { key: 'orderDt', title: t('fields.orderDt'), dataIndex: 'orderDt', width: 105 },
    { key: 'dueDt', title: t('fields.orderDueDt'), dataIndex: 'dueDt', width: 105 },
    { key: 'productCount', title: t('fields.productCount'), dataIndex: 'productCount', width: 90 },
    { key: 'materialCount', title: t('fields.materialCount'), dataIndex: 'materialCount', width: 90 },
    {
      key: 'totalQty',
      title: t('fields.totalQty'),
      width: 100,
      render: (o) => fmtQty(o.totalQty),
      exportValue: (o) => o.totalQty,
    },
    {
      key: 'amount',
      title: t('fields.amount'),
      width: 130,
      render: (o) => fmtQty(o.amount),
      exportValue: (o) => o.amount,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 200 },
    ...rowActionsColumn<Order>({
      title: t('fields.actions'),
      testId: 'order',
      rowId: (o) => o.orderNo,
      canModify,
      canDelete,
      onEdit: (o) => setEditing(o),
      onDelete: (o) => void confirmRemove(t('messages.confirmDeleteOrder', { no: o.orderNo }), () => removeOrders([o])),
    }),
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        size="small"
        data-testid="business-card"
        title={
          <Space size={8} wrap>
            <Button
              type="text"
              size="small"
              icon={<ArrowLeftOutlined />}
              aria-label={t('actions.backToList')}
              data-testid="business-back"
              onClick={onBack}
            />
            <span data-testid="business-title">{b.name}</span>
            <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
              {b.code}
            </Typography.Text>
          </Space>
        }
        extra={
          <Space size={4} wrap>
            {canModify && (
              <Button size="small" icon={<EditOutlined />} data-testid="business-edit" onClick={() => onEdit(b)}>
                {t('common:actions.edit')}
              </Button>
            )}
            {canDelete && (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                data-testid="business-delete"
                onClick={() => void removeBusiness()}
              >
                {t('common:actions.delete')}
              </Button>
            )}
          </Space>
        }
      >
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          items={[
            { key: 'customer', label: t('fields.customer'), children: `${b.bizPartnerName} (${b.bizPartnerCode})` },
            { key: 'period', label: t('fields.businessPeriod'), children: periodText(b.startDt, b.endDt) || '-' },
            { key: 'manager', label: t('fields.manager'), children: b.manager ?? '-' },
            { key: 'description', label: t('fields.description'), children: b.description ?? '-' },
          ]}
        />
      </Card>
      <DataTable<Order>
        testId="order-table"
        urlKey="o"
        rowKey="id"
        historyTable="orders"
        columns={columns}
        data={orders.data}
        loading={orders.isFetching}
        selectable={canDelete}
        onDeleteSelected={removeOrders}
        onRowClick={(o) => onOrder(o.id)}
        activeRowKey={orderId ?? null}
        exportName={`${t('files.orders')} ${b.code}`}
        height={260}
        toolbar={
          <>
            <Typography.Text strong>{t('titles.orders')}</Typography.Text>
            {canCreate && (
              <Button
                type="primary"
                size="small"
                icon={<PlusOutlined />}
                data-testid="order-create"
                onClick={() => setEditing('new')}
              >
                {t('actions.createOrder')}
              </Button>
            )}
          </>
        }
      />
      <OrderDialog
        open={editing !== null}
        order={editing === 'new' ? null : editing}
        business={b}
        onClose={() => setEditing(null)}
        onSaved={(o) => {
          // A new order, or one moved to another business, is shown where it now is.
          if (o.businessId === businessId) onOrder(o.id);
        }}
      />
    </Space>
  );
}
