import { PlusOutlined } from '@ant-design/icons';
import type { Order, OrderMaterial, OrderProduct } from '@eqms/contract';
import { Button, Card, Space, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useOrderInfoApi, useOrderMaterials, useOrderProducts } from '../order-info.queries.ts';
import { OrderMaterialDialog, OrderProductDialog } from './OrderLineDialogs.tsx';
import { orderProductColumns } from './product-columns.tsx';

export type LinesTab = 'products' | 'materials';

/**
 * The chosen order's lines: its order products (planned, produced and remaining, with the planner's action on those
 * with something left to plan) and its order materials, each added, changed and deleted (singly or several at once).
 */
export function OrderLines({
  order,
  tab,
  onTab,
  onPlan,
}: {
  order: Order;
  tab: LinesTab;
  onTab: (tab: LinesTab) => void;
  onPlan: (row: OrderProduct) => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const canCreate = useCan('orderInfo', 'create');
  const canModify = useCan('orderInfo', 'modify');
  const canDelete = useCan('orderInfo', 'delete');
  const canPlan = useCan('productionPlan', 'create');
  const unitLabel = useCodeLabel('UNIT');
  const api = useOrderInfoApi();
  const products = useOrderProducts(order.id);
  const materials = useOrderMaterials(order.id);
  const [product, setProduct] = useState<OrderProduct | 'new' | null>(null);
  const [material, setMaterial] = useState<OrderMaterial | 'new' | null>(null);

  const removeProducts = async (rows: OrderProduct[]) => {
    await api.removeProducts(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const removeMaterials = async (rows: OrderMaterial[]) => {
    await api.removeMaterials(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };

  const productColumns: DataColumn<OrderProduct>[] = [
    ...orderProductColumns({ t, unitLabel, onPlan: canPlan ? onPlan : undefined }),
    ...rowActionsColumn<OrderProduct>({
      title: t('fields.actions'),
      testId: 'op',
      rowId: (r) => r.id,
      canModify,
      canDelete,
      onEdit: (r) => setProduct(r),
      onDelete: (r) =>
        void confirmRemove(t('messages.confirmDeleteProduct', { name: r.productName, qty: fmtQty(r.qty) }), () =>
          removeProducts([r]),
        ),
    }),
  ];

  const materialColumns: DataColumn<OrderMaterial>[] = [
    { key: 'materialCode', title: t('fields.materialCode'), dataIndex: 'materialCode', width: 110 },
    { key: 'materialName', title: t('fields.materialName'), dataIndex: 'materialName', width: 170 },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 110,
      render: (m) => `${fmtQty(m.qty)} ${unitLabel(m.unit)}`,
      exportValue: (m) => m.qty,
    },
    { key: 'period', title: t('fields.materialPeriod'), width: 200, render: (m) => `${m.startDt} ~ ${m.endDt}` },
    {
      key: 'supplied',
      title: t('fields.supplied'),
      width: 110,
      render: (m) => (
        <Tag color={m.supplied ? 'purple' : undefined} data-testid="om-supplied-tag" style={{ marginInlineEnd: 0 }}>
          {t(m.supplied ? 'supplied.yes' : 'supplied.no')}
        </Tag>
      ),
      exportValue: (m) => t(m.supplied ? 'supplied.yes' : 'supplied.no'),
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 200 },
    ...rowActionsColumn<OrderMaterial>({
      title: t('fields.actions'),
      testId: 'om',
      rowId: (m) => m.id,
      canModify,
      canDelete,
      onEdit: (m) => setMaterial(m),
      onDelete: (m) =>
        void confirmRemove(t('messages.confirmDeleteMaterial', { name: m.materialName, qty: fmtQty(m.qty) }), () =>
          removeMaterials([m]),
        ),
    }),
  ];

  const addButton = (testId: string, label: string, onClick: () => void) =>
    canCreate && (
      <Button size="small" icon={<PlusOutlined />} data-testid={testId} onClick={onClick}>
        {label}
      </Button>
    );

  return (
    <Card
      size="small"
      data-testid="order-lines"
      title={
        <Space size={8} wrap>
          <span data-testid="order-lines-title">{t('titles.orderLines', { no: order.orderNo })}</span>
        </Space>
      }
    >
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(k) => onTab(k as LinesTab)}
        items={[
          {
            key: 'products',
            label: t('tabs.products', { count: products.data?.length ?? order.productCount }),
            children: (
              <DataTable<OrderProduct>
                testId="op-table"
                urlKey="op"
                rowKey="id"
                historyTable="order_products"
                columns={productColumns}
                data={products.data}
                loading={products.isFetching}
                selectable={canDelete}
                onDeleteSelected={removeProducts}
                exportName={`${t('files.orderProducts')} ${order.orderNo}`}
                toolbar={addButton('op-create', t('actions.addProduct'), () => setProduct('new'))}
              />
            ),
          },
          {
            key: 'materials',
            label: t('tabs.materials', { count: materials.data?.length ?? order.materialCount }),
            children: (
              <DataTable<OrderMaterial>
                testId="om-table"
                urlKey="om"
                rowKey="id"
                historyTable="order_materials"
                columns={materialColumns}
                data={materials.data}
                loading={materials.isFetching}
                selectable={canDelete}
                onDeleteSelected={removeMaterials}
                exportName={`${t('files.orderMaterials')} ${order.orderNo}`}
                toolbar={addButton('om-create', t('actions.addMaterial'), () => setMaterial('new'))}
              />
            ),
          },
        ]}
      />
      <OrderProductDialog
        open={product !== null}
        orderId={order.id}
        orderDueDt={order.dueDt}
        row={product === 'new' ? null : product}
        onClose={() => setProduct(null)}
      />
      <OrderMaterialDialog
        open={material !== null}
        orderId={order.id}
        row={material === 'new' ? null : material}
        onClose={() => setMaterial(null)}
      />
    </Card>
  );
}
