import { BranchesOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { OperPlan, Product } from '@eqms/contract';
import { Button, Card, Descriptions, Empty, Select, Space, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type Key, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { SortableTable } from '../../route/components/SortableTable.tsx';
import { FromRouteDialog } from '../components/FromRouteDialog.tsx';
import { OperPlanFormDialog } from '../components/OperPlanFormDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { useOperPlanApi, useOperPlans, useProduct, useProductSearch } from '../oper-plan.queries.ts';

registerLocales('operPlan', { kr, en });

/** Text typed into the product search, settled for 300 ms before it is sent. */
function useSettled(value: string, ms = 300) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

const num = (v: number | null) => (v == null ? '' : v.toLocaleString(undefined, { maximumFractionDigits: 5 }));

export default function OperPlanPage() {
  const { t } = useTranslation(['operPlan', 'common']);
  const canCreate = useCan('operPlan', 'create');
  const canModify = useCan('operPlan', 'modify');
  const canDelete = useCan('operPlan', 'delete');
  // The chosen product is in the URL, so a link or a reload shows its plan.
  const [view, setView] = useUrlState<{ productId: number | undefined }>(
    { productId: undefined },
    { numbers: ['productId'] },
  );
  const productId = view.productId ?? null;
  const [search, setSearch] = useState('');
  const found = useProductSearch(useSettled(search));
  const current = useProduct(productId);
  const [picked, setPicked] = useState<Product | null>(null);
  const product = current.data ?? (picked?.id === productId ? picked : null);
  const plans = useOperPlans(productId);
  const planApi = useOperPlanApi(productId ?? 0);
  const [editing, setEditing] = useState<OperPlan | null | undefined>(undefined);
  const [fromRoute, setFromRoute] = useState(false);
  // Checked rows belong to one product: choosing another product starts with none.
  const [checkedOf, setCheckedOf] = useState<{ productId: number | null; keys: Key[] }>({ productId: null, keys: [] });
  const checked = checkedOf.productId === productId ? checkedOf.keys : [];
  const setChecked = (keys: Key[]) => setCheckedOf({ productId, keys });

  const productOptions = useMemo(() => {
    const list = [...(found.data ?? [])];
    if (product && !list.some((p) => p.id === product.id)) list.unshift(product);
    return list.map((p) => ({ value: p.id, label: `${p.code} · ${p.name}`, product: p }));
  }, [found.data, product]);

  const remove = async (rows: { operationId: number; operationName: string }[]) => {
    if (rows.length === 0) return;
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text:
        rows.length === 1
          ? t('messages.confirmDelete', { name: rows[0].operationName })
          : t('common:confirm.deleteCount', { count: rows.length }),
      danger: true,
    });
    if (!ok) return;
    try {
      await planApi.remove(rows.map((r) => r.operationId));
      setChecked([]);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // Reported by the API client.
    }
  };

  const columns: ColumnsType<OperPlan> = [
    { key: 'seq', title: t('fields.seq'), dataIndex: 'seq', width: 60 },
    {
      key: 'operation',
      title: t('fields.operation'),
      width: 200,
      render: (_, p) => (
        <span>
          <Typography.Text type="secondary">{p.operationCode}</Typography.Text> {p.operationName}
        </span>
      ),
    },
    {
      key: 'tool',
      title: t('fields.tool'),
      width: 200,
      render: (_, p) =>
        p.toolId ? (
          <span data-testid={`oper-plan-tool-${p.operationCode}`}>
            <Typography.Text type="secondary">{p.toolCode}</Typography.Text> {p.toolName}
          </span>
        ) : (
          ''
        ),
    },
    {
      key: 'cycleTime',
      title: t('fields.cycleTime'),
      width: 120,
      align: 'right',
      render: (_, p) => <span data-testid={`oper-plan-cycle-${p.operationCode}`}>{num(p.cycleTime)}</span>,
    },
    { key: 'capacity', title: t('fields.capacity'), width: 120, align: 'right', render: (_, p) => num(p.capacity) },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', ellipsis: true },
  ];
  const planActions = (p: OperPlan) => (
    <>
      {canModify && (
        <RowAction
          label={t('common:actions.edit')}
          icon={<EditOutlined />}
          testId={`oper-plan-edit-${p.operationCode}`}
          onClick={() => setEditing(p)}
        />
      )}
      {canDelete && (
        <RowAction
          label={t('common:actions.delete')}
          icon={<DeleteOutlined />}
          danger
          testId={`oper-plan-delete-${p.operationCode}`}
          onClick={() => void remove([p])}
        />
      )}
    </>
  );

  return (
    <PageContainer menuName="operPlan">
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text strong>{t('fields.product')}</Typography.Text>
          <Select
            data-testid="oper-plan-product"
            aria-label={t('fields.product')}
            showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
            placeholder={t('messages.searchProduct')}
            style={{ width: 360 }}
            value={productId ?? undefined}
            loading={found.isFetching}
            options={productOptions}
            notFoundContent={found.isFetching ? undefined : t('common:messages.noData')}
            onChange={(id, option) => {
              const chosen = (Array.isArray(option) ? option[0] : option) as { product: Product } | undefined;
              setPicked(chosen?.product ?? null);
              setSearch('');
              setView({ productId: id });
            }}
          />
        </Space>
        {productId ? (
          <Card
            size="small"
            data-testid="oper-plan-card"
            title={product ? `${product.code} · ${product.name}` : `#${productId}`}
            extra={
              <Space wrap>
                {canDelete && (
                  <Button
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    disabled={checked.length === 0}
                    data-testid="oper-plan-delete-selected"
                    onClick={() =>
                      void remove((plans.data ?? []).filter((p) => checked.map(Number).includes(p.operationId)))
                    }
                  >
                    {t('common:actions.deleteSelected')}
                    {checked.length > 0 ? ` (${checked.length})` : ''}
                  </Button>
                )}
                {canCreate && (
                  <Button
                    size="small"
                    icon={<BranchesOutlined />}
                    data-testid="oper-plan-from-route-open"
                    onClick={() => setFromRoute(true)}
                  >
                    {t('actions.fromRoute')}
                  </Button>
                )}
                {canCreate && (
                  <Button
                    type="primary"
                    size="small"
                    icon={<PlusOutlined />}
                    data-testid="oper-plan-create"
                    onClick={() => setEditing(null)}
                  >
                    {t('actions.create')}
                  </Button>
                )}
              </Space>
            }
          >
            {product && (
              <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 8 }}>
                <Descriptions.Item label={t('fields.route')}>
                  <span data-testid="oper-plan-product-route">{product.routeName ?? '-'}</span>
                </Descriptions.Item>
                <Descriptions.Item label={t('fields.specification')}>{product.specification ?? '-'}</Descriptions.Item>
                <Descriptions.Item label={t('fields.unit')}>{product.unit}</Descriptions.Item>
              </Descriptions>
            )}
            <SortableTable<OperPlan>
              testId="oper-plan-table"
              rows={plans.data ?? []}
              rowKey={(p) => p.operationId}
              rowName={(p) => p.operationCode}
              columns={columns}
              loading={plans.isFetching}
              emptyText={t('messages.noPlans')}
              rowSelection={canDelete ? { selectedRowKeys: checked, onChange: (keys) => setChecked(keys) } : undefined}
              onReorder={canModify ? (rows) => planApi.reorder(rows) : undefined}
              rowActions={canModify || canDelete ? planActions : undefined}
            />
          </Card>
        ) : (
          <Card size="small">
            <Empty description={t('messages.pickProduct')} />
          </Card>
        )}
      </Space>
      {productId && (
        <>
          <OperPlanFormDialog
            open={editing !== undefined}
            productId={productId}
            plan={editing ?? null}
            exclude={(plans.data ?? []).map((p) => p.operationId)}
            onClose={() => setEditing(undefined)}
          />
          <FromRouteDialog
            open={fromRoute}
            productId={productId}
            defaultRouteId={product?.routeId ?? null}
            onClose={() => setFromRoute(false)}
          />
        </>
      )}
    </PageContainer>
  );
}
