import {
  ApartmentOutlined,
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  FileExcelOutlined,
  MinusSquareOutlined,
  PlusOutlined,
  PlusSquareOutlined,
} from '@ant-design/icons';
import type { BomRequirement, Product } from '@eqms/contract';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Input,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type ExportColumn, exportRows } from '../../../components/exportRows.ts';
import { NumberField } from '../../../components/inputs/index.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import {
  type BomRow,
  flattenRows,
  productsWithBom,
  scaleTree,
  useBomApi,
  useBomRoots,
  useBomStock,
  useProductPage,
  useWhereUsed,
} from '../bom.queries.ts';
import { type BomLineDialogMode, BomLineDialog } from '../components/BomLineDialog.tsx';
import { CopyBomDialog } from '../components/CopyBomDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';

registerLocales('bom', { kr, en });

const PAGE_SIZE = 15;
const fmt = (v: number | null | undefined) =>
  v == null ? '-' : v.toLocaleString(undefined, { maximumFractionDigits: 5 });

export default function BomPage() {
  const { t } = useTranslation(['bom', 'common']);
  const canCreate = useCan('bom', 'create');
  const canModify = useCan('bom', 'modify');
  const canDelete = useCan('bom', 'delete');
  const bomApi = useBomApi();
  const [view, setView] = useUrlState<{ id: number | undefined; q: string | undefined }>(
    { id: undefined, q: undefined },
    { numbers: ['id'] },
  );
  const selectedId = view.id ?? null;
  const [search, setSearch] = useState(view.q ?? '');
  const [page, setPage] = useState(1);
  const [qty, setQty] = useState<number>(1);
  const [expandedOf, setExpandedOf] = useState<{ id: number | null; keys: string[] } | null>(null);
  const [dialog, setDialog] = useState<BomLineDialogMode | null>(null);
  const [copying, setCopying] = useState(false);
  const productTypeLabel = useCodeLabel('PRODUCT_TYPE');
  const materialTypeLabel = useCodeLabel('MATERIAL_TYPE');
  const unitLabel = useCodeLabel('UNIT');

  const list = useProductPage(view.q ?? '', page, PAGE_SIZE);
  const roots = useBomRoots();
  const withBom = useMemo(() => productsWithBom(roots.data ?? []), [roots.data]);
  // The selected product's row (from the list page, or remembered when the list moves on).
  const [selected, setSelected] = useState<Product | null>(null);
  useEffect(() => {
    const inList = list.data?.data.find((p) => p.id === selectedId);
    if (inList) setSelected(inList);
    else if (selectedId == null) setSelected(null);
  }, [list.data, selectedId]);
  const product = selected && selected.id === selectedId ? selected : null;

  const validQty = qty > 0 ? qty : 1;
  const stock = useBomStock(selectedId, validQty);
  const whereUsed = useWhereUsed(selectedId);
  const rows = useMemo(() => scaleTree(stock.data?.tree ?? [], validQty), [stock.data, validQty]);
  const allRows = useMemo(() => flattenRows(rows), [rows]);
  const parentKeys = useMemo(() => allRows.filter((r) => r.children?.length).map((r) => r.key), [allRows]);
  // A newly chosen product opens fully; the user's expand/collapse is kept while the tree reloads.
  const expandedKeys = expandedOf && expandedOf.id === selectedId ? expandedOf.keys : parentKeys;
  const setExpanded = (keys: string[]) => setExpandedOf({ id: selectedId, keys });

  const choose = (p: Product) => {
    setSelected(p);
    setView({ id: p.id }, { push: true });
  };
  const typeText = (r: BomRow) => (r.kind === 'PRODUCT' ? productTypeLabel(r.type) : materialTypeLabel(r.type));

  const removeLine = async (r: BomRow) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDeleteLine', { code: r.code, parent: r.parentCode }),
      danger: true,
    });
    if (!ok) return;
    try {
      await bomApi.remove(r.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // The API client has said why.
    }
  };
  const removeAll = async () => {
    if (!product) return;
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDeleteAll', { code: product.code, name: product.name }),
      danger: true,
    });
    if (!ok) return;
    try {
      await bomApi.removeAll(product.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // The API client has said why.
    }
  };

  const exportColumns: ExportColumn<BomRow>[] = [
    { title: t('fields.level'), value: (r) => r.level, width: 8 },
    { title: t('fields.kind'), value: (r) => t(`kind.${r.kind}`), width: 10 },
    { title: t('fields.code'), value: (r) => `${'  '.repeat(r.level - 1)}${r.code}`, width: 20 },
    { title: t('fields.name'), value: (r) => r.name, width: 28 },
    { title: t('fields.type'), value: typeText, width: 14 },
    { title: t('fields.specification'), value: (r) => r.specification, width: 20 },
    { title: t('fields.qtyPerUnit'), value: (r) => r.qty, width: 12 },
    { title: t('fields.unit'), value: (r) => unitLabel(r.unit), width: 10 },
    { title: t('fields.lossRate'), value: (r) => r.lossRate, width: 10 },
    { title: t('fields.requiredFor', { qty: validQty }), value: (r) => r.totalQty, width: 16 },
  ];
  const exportBom = async () => {
    if (!product) return;
    await exportRows(`BOM_${product.code}`, exportColumns, allRows);
  };

  const columns: TableColumnsType<BomRow> = [
    {
      title: t('fields.level'),
      dataIndex: 'level',
      width: 92,
      render: (l: number) => <span style={{ whiteSpace: 'nowrap' }}>{l}</span>,
    },
    {
      title: t('fields.kind'),
      dataIndex: 'kind',
      width: 66,
      render: (kind: BomRow['kind']) => (
        <Tag color={kind === 'PRODUCT' ? 'blue' : 'green'} data-testid="bom-kind">
          {t(`kind.${kind}`)}
        </Tag>
      ),
    },
    {
      title: t('fields.code'),
      dataIndex: 'code',
      width: 118,
      ellipsis: { showTitle: true },
      render: (code: string) => <span data-testid="bom-row-code">{code}</span>,
    },
    {
      // The specification under the name keeps the quantities in view without scrolling.
      title: `${t('fields.name')} / ${t('fields.specification')}`,
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, r) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
          {r.specification && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.specification }}>
              {r.specification}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('fields.qtyPerUnit'), dataIndex: 'qty', width: 84, align: 'right', render: fmt },
    // The unit's code (EA, KG) is short enough for the tree; its name is the tooltip.
    {
      title: t('fields.unit'),
      dataIndex: 'unit',
      width: 60,
      render: (u: string) => <span title={unitLabel(u)}>{u}</span>,
    },
    { title: t('fields.lossRate'), dataIndex: 'lossRate', width: 60, align: 'right', render: fmt },
    {
      title: t('fields.requiredFor', { qty: fmt(validQty) }),
      dataIndex: 'totalQty',
      width: 96,
      align: 'right',
      render: (v: number) => (
        <Typography.Text strong data-testid="bom-row-required">
          {fmt(v)}
        </Typography.Text>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 88,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {canCreate && r.kind === 'PRODUCT' && (
            <Tooltip title={t('actions.addUnder', { code: r.code })}>
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                data-testid="bom-row-add"
                aria-label={t('actions.addUnder', { code: r.code })}
                onClick={() =>
                  setDialog({ kind: 'create', parent: { id: r.childProductId!, code: r.code, name: r.name } })
                }
              />
            </Tooltip>
          )}
          {canModify && (
            <Tooltip title={t('common:actions.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                data-testid="bom-row-edit"
                aria-label={t('common:actions.edit')}
                onClick={() => setDialog({ kind: 'edit', line: r })}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('common:actions.delete')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                data-testid="bom-row-delete"
                aria-label={t('common:actions.delete')}
                onClick={() => removeLine(r)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const requirementColumns: TableColumnsType<BomRequirement> = [
    { title: t('fields.code'), dataIndex: 'code', width: 124, ellipsis: true },
    { title: t('fields.name'), dataIndex: 'name', ellipsis: true },
    { title: t('fields.specification'), dataIndex: 'specification', width: 100, ellipsis: true },
    {
      title: t('fields.unit'),
      dataIndex: 'unit',
      width: 60,
      render: (u: string) => <span title={unitLabel(u)}>{u}</span>,
    },
    {
      title: t('fields.requiredFor', { qty: fmt(validQty) }),
      dataIndex: 'requiredQty',
      width: 110,
      align: 'right',
      render: (v: number) => <span data-testid="bom-req-required">{fmt(v)}</span>,
    },
    { title: t('fields.stock'), dataIndex: 'stockQty', width: 90, align: 'right', render: fmt },
    { title: t('fields.shortage'), dataIndex: 'shortageQty', width: 90, align: 'right', render: fmt },
    {
      title: t('fields.sufficient'),
      dataIndex: 'sufficient',
      width: 90,
      render: (v: boolean | null) =>
        v == null ? (
          <Typography.Text type="secondary">-</Typography.Text>
        ) : v ? (
          <Tag color="success">{t('stock.enough')}</Tag>
        ) : (
          <Tag color="error">{t('stock.short')}</Tag>
        ),
    },
  ];

  const productColumns: TableColumnsType<Product> = [
    {
      title: t('fields.code'),
      dataIndex: 'code',
      width: '45%',
      ellipsis: true,
      render: (code: string, p) => (
        <Flex vertical align="start" style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: code }} data-testid="bom-product-code">
            {code}
          </Typography.Text>
          {withBom.has(p.id) && (
            <Tag color="processing" data-testid="bom-has" style={{ fontSize: 11, lineHeight: '16px' }}>
              BOM
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('fields.name'),
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, p) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {productTypeLabel(p.type)}
          </Typography.Text>
        </Flex>
      ),
    },
  ];

  return (
    <PageContainer menuName="bom">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={6}>
          <Card size="small" title={t('titles.products')} data-testid="bom-products">
            <Input.Search
              data-testid="bom-product-search"
              allowClear
              placeholder={t('hints.search')}
              aria-label={t('hints.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onSearch={(q) => {
                setPage(1);
                setView({ q: q.trim() || undefined });
              }}
              style={{ marginBottom: 12 }}
            />
            <Table<Product>
              size="small"
              rowKey="id"
              data-testid="bom-product-table"
              columns={productColumns}
              dataSource={list.data?.data ?? []}
              loading={list.isFetching}
              onRow={(p) => ({ onClick: () => choose(p), style: { cursor: 'pointer' } })}
              rowClassName={(p) => (p.id === selectedId ? 'ant-table-row-selected' : '')}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: list.data?.total ?? 0,
                onChange: setPage,
                showSizeChanger: false,
                size: 'small',
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={18}>
          <Card
            size="small"
            data-testid="bom-detail"
            title={
              product ? (
                <span data-testid="bom-title">
                  <ApartmentOutlined /> {product.code} · {product.name}
                </span>
              ) : (
                t('titles.bom')
              )
            }
            extra={
              product && (
                <Space wrap size={4}>
                  {canCreate && (
                    <Button
                      size="small"
                      type="primary"
                      icon={<PlusOutlined />}
                      data-testid="bom-add-root"
                      onClick={() =>
                        setDialog({
                          kind: 'create',
                          parent: { id: product.id, code: product.code, name: product.name },
                        })
                      }
                    >
                      {t('actions.add')}
                    </Button>
                  )}
                  {canCreate && (
                    <Button
                      size="small"
                      icon={<CopyOutlined />}
                      data-testid="bom-copy"
                      disabled={!rows.length}
                      onClick={() => setCopying(true)}
                    >
                      {t('actions.copy')}
                    </Button>
                  )}
                  <Button
                    size="small"
                    icon={<FileExcelOutlined />}
                    data-testid="bom-export"
                    disabled={!rows.length}
                    onClick={exportBom}
                  >
                    {t('actions.export')}
                  </Button>
                  {canDelete && (
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid="bom-delete-all"
                      disabled={!rows.length}
                      onClick={removeAll}
                    >
                      {t('actions.deleteAll')}
                    </Button>
                  )}
                </Space>
              )
            }
          >
            {!product ? (
              <Empty description={t('hints.select')} style={{ margin: '48px 0' }} />
            ) : (
              <>
                <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 12 }}>
                  <Space wrap>
                    <Typography.Text>{t('fields.productionQty')}</Typography.Text>
                    <NumberField
                      testId="bom-production-qty"
                      aria-label={t('fields.productionQty')}
                      value={qty}
                      min={0}
                      onChange={(v) => setQty(v ?? 0)}
                      style={{ width: 140 }}
                    />
                    <Typography.Text type="secondary">{unitLabel(product.unit)}</Typography.Text>
                  </Space>
                  <Space size={4}>
                    <Button
                      size="small"
                      icon={<PlusSquareOutlined />}
                      data-testid="bom-expand-all"
                      onClick={() => setExpanded(parentKeys)}
                    >
                      {t('actions.expandAll')}
                    </Button>
                    <Button
                      size="small"
                      icon={<MinusSquareOutlined />}
                      data-testid="bom-collapse-all"
                      onClick={() => setExpanded([])}
                    >
                      {t('actions.collapseAll')}
                    </Button>
                  </Space>
                </Flex>
                <Table<BomRow>
                  size="small"
                  data-testid="bom-tree"
                  rowKey="key"
                  columns={columns}
                  dataSource={rows}
                  loading={stock.isFetching}
                  pagination={false}
                  scroll={{ x: 760 }}
                  expandable={{
                    expandedRowKeys: expandedKeys,
                    onExpandedRowsChange: (keys) => setExpanded(keys.map(String)),
                  }}
                  locale={{
                    emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} />,
                  }}
                />
                <Typography.Title level={5} style={{ marginTop: 24 }}>
                  {t('titles.requirements', { qty: fmt(validQty), unit: unitLabel(product.unit) })}
                </Typography.Title>
                {stock.data && stock.data.materials.length > 0 && stock.data.sufficient === null && (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 12 }}
                    title={t('stock.notTracked')}
                    data-testid="bom-stock-not-tracked"
                  />
                )}
                {stock.data?.sufficient === false && (
                  <Alert type="error" showIcon style={{ marginBottom: 12 }} title={t('stock.insufficient')} />
                )}
                <Table<BomRequirement>
                  size="small"
                  rowKey="materialId"
                  data-testid="bom-requirements"
                  columns={requirementColumns}
                  dataSource={stock.data?.materials ?? []}
                  pagination={false}
                  scroll={{ x: 740 }}
                />
                <Typography.Title level={5} style={{ marginTop: 24 }}>
                  {t('titles.whereUsed')}
                </Typography.Title>
                <div data-testid="bom-where-used">
                  {whereUsed.data?.length ? (
                    <Space wrap>
                      {whereUsed.data.map((l) => (
                        <Tag key={l.id} color="purple">
                          {l.parentCode} · {l.parentName} ({fmt(l.qty)} {unitLabel(l.unit)})
                        </Tag>
                      ))}
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('messages.notUsed')}</Typography.Text>
                  )}
                </div>
              </>
            )}
          </Card>
        </Col>
      </Row>
      <BomLineDialog mode={dialog} onClose={() => setDialog(null)} />
      <CopyBomDialog
        source={copying && product ? product : null}
        onClose={() => setCopying(false)}
        onCopied={() => undefined}
      />
    </PageContainer>
  );
}
