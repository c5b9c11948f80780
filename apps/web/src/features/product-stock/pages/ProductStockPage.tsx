import {
  CalculatorOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  PrinterOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { lotLabelEndpoints, type ProductStock } from '@eqms/contract';
import { Button, Col, Flex, Row, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { LabelPrintDialog, type LabelPrintItem } from '../../../components/labels/LabelPrintDialog.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { ACTIONS_WIDTH, RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { AddStockDialog } from '../components/AddStockDialog.tsx';
import { HistoryDrawer } from '../components/HistoryDrawer.tsx';
import { ProdStockTreePanel } from '../components/ProdStockTreePanel.tsx';
import { AdjustDialog, DisposeDialog, NoteDialog } from '../components/RowDialogs.tsx';
import { DisposedTag, LotExpiryCell } from '../components/stock-cells.tsx';
import { PROD_STOCK_NS } from '../product-stock.locales.ts';
import {
  downloadProdStocks,
  type ProdStockFilterValues,
  type TreeKind,
  useProdStockRows,
} from '../product-stock.queries.ts';
import { scopeOfKey } from '../product-stock-rules.ts';

const PAGE_SIZE = 50;

type PageState = {
  tree: string;
  node: string | undefined;
  q: string | undefined;
  containQtyZero: string;
  includeDisposed: string;
  page: number;
  size: number;
};

/**
 * /production/prodStock: the lots in product stock by location and by item, with adding stock by hand and, per row,
 * the quantity adjustment, discarding, the note and the ledger (SPEC §7 "Product stock").
 */
export default function ProductStockPage() {
  const { t } = useTranslation([PROD_STOCK_NS, 'common']);
  const menuLabel = useMenuLabel('prodStock');
  const canCreate = useCan('prodStock', 'create');
  const canModify = useCan('prodStock', 'modify');
  const unitLabel = useCodeLabel('UNIT');
  const [s, set] = useUrlState<PageState>({
    tree: 'location',
    node: undefined,
    q: undefined,
    containQtyZero: '',
    includeDisposed: '',
    page: 1,
    size: PAGE_SIZE,
  });
  const [adding, setAdding] = useState(false);
  const [adjusting, setAdjusting] = useState<ProductStock | null>(null);
  const [disposing, setDisposing] = useState<ProductStock | null>(null);
  const [noting, setNoting] = useState<ProductStock | null>(null);
  const [historyOf, setHistoryOf] = useState<ProductStock | null>(null);
  // The rows whose lot labels the print dialog is open for (SPEC: a LOT ID label, Code 128 and QR).
  const [labelItems, setLabelItems] = useState<LabelPrintItem[] | null>(null);

  const scope = scopeOfKey(s.node);
  const filters: ProdStockFilterValues = {
    q: s.q,
    containQtyZero: s.containQtyZero,
    includeDisposed: s.includeDisposed,
  };
  const zero = s.containQtyZero === 'true';
  const disposed = zero || s.includeDisposed === 'true';
  const rows = useProdStockRows(scope, filters, s.page, s.size);
  const filter = (patch: Partial<PageState>) => set({ ...patch, page: 1 });

  const columns: DataColumn<ProductStock>[] = [
    {
      key: 'lotId',
      title: t('fields.lotId'),
      width: 180,
      render: (r) => (
        <Space size={4} wrap>
          <span data-testid="prod-stock-lot-id">{r.lotId}</span>
          <DisposedTag row={r} />
        </Space>
      ),
      exportValue: (r) => r.lotId,
    },
    {
      key: 'product',
      title: t('fields.product'),
      width: 170,
      render: (r) => (
        <span>
          <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
            {r.productCode}
          </Typography.Text>
          {r.productName}
        </span>
      ),
      exportValue: (r) => `${r.productCode} ${r.productName}`,
      sorter: (a, b) => a.productCode.localeCompare(b.productCode),
    },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 100,
      render: (r) => (
        <span data-testid="prod-stock-qty-cell">
          <Typography.Text strong data-testid="prod-stock-qty" type={r.disposed ? 'secondary' : undefined}>
            {fmtQty(r.qty)}
          </Typography.Text>{' '}
          <Typography.Text type="secondary">{unitLabel(r.unit)}</Typography.Text>
        </span>
      ),
      exportValue: (r) => r.qty,
      sorter: (a, b) => a.qty - b.qty,
    },
    {
      key: 'expiryDate',
      title: t('fields.expiryDate'),
      width: 230,
      render: (r) => <LotExpiryCell row={r} />,
      exportValue: (r) => r.expiryDate,
    },
    { key: 'placePath', title: t('fields.location'), dataIndex: 'placePath', width: 220 },
    { key: 'day', title: t('fields.day'), dataIndex: 'day', width: 110 },
    {
      key: 'adjustedQty',
      title: t('fields.adjustedQty'),
      width: 100,
      render: (r) => (r.adjustedQty == null ? '' : fmtQty(r.adjustedQty)),
      exportValue: (r) => r.adjustedQty,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: ACTIONS_WIDTH + (canModify ? 72 : 36),
      fixed: 'right',
      render: (r) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {canModify && !r.disposed && (
            <RowAction
              label={t('actions.adjust')}
              icon={<CalculatorOutlined />}
              testId={`prod-stock-adjust-${r.id}`}
              onClick={() => setAdjusting(r)}
            />
          )}
          {canModify && !r.disposed && (
            <RowAction
              label={t('actions.dispose')}
              icon={<DeleteOutlined />}
              danger
              testId={`prod-stock-dispose-${r.id}`}
              onClick={() => setDisposing(r)}
            />
          )}
          {canModify && (
            <RowAction
              label={t('actions.note')}
              icon={<EditOutlined />}
              testId={`prod-stock-note-${r.id}`}
              onClick={() => setNoting(r)}
            />
          )}
          {!r.disposed && (
            <RowAction
              label={t('actions.label')}
              icon={<PrinterOutlined />}
              testId={`prod-stock-label-${r.id}`}
              onClick={() => setLabelItems([{ id: r.id, code: r.lotId }])}
            />
          )}
          <RowAction
            label={t('actions.history')}
            icon={<SwapOutlined />}
            testId={`prod-stock-history-${r.id}`}
            onClick={() => setHistoryOf(r)}
          />
        </Space>
      ),
    },
  ];

  const toolbar = (
    <>
      {s.node && (
        <Tag closable data-testid="prod-stock-node-filter" onClose={() => filter({ node: undefined })}>
          {t('filters.treeNode')}
        </Tag>
      )}
      <SearchBox
        testId="prod-stock-search"
        placeholder={t('filters.search')}
        value={s.q}
        onSearch={(q) => filter({ q })}
        style={{ width: 240 }}
      />
      <Flex align="center" gap={6}>
        <Switch
          size="small"
          checked={zero}
          onChange={(v) => filter({ containQtyZero: v ? 'true' : '' })}
          data-testid="prod-stock-zero-filter"
          aria-label={t('filters.containQtyZero')}
        />
        <Typography.Text>{t('filters.containQtyZero')}</Typography.Text>
      </Flex>
      <Tooltip title={zero ? t('filters.withZero') : undefined}>
        <Flex align="center" gap={6}>
          <Switch
            size="small"
            checked={disposed}
            disabled={zero}
            onChange={(v) => filter({ includeDisposed: v ? 'true' : '' })}
            data-testid="prod-stock-disposed-filter"
            aria-label={t('filters.includeDisposed')}
          />
          <Typography.Text>{t('filters.includeDisposed')}</Typography.Text>
        </Flex>
      </Tooltip>
    </>
  );

  return (
    <PageContainer
      menuName="prodStock"
      extra={
        canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="prod-stock-add-open"
            onClick={() => setAdding(true)}
          >
            {t('actions.add')}
          </Button>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={6}>
          <ProdStockTreePanel
            kind={s.tree as TreeKind}
            onKind={(tree) => set({ tree })}
            filter={{ containQtyZero: zero, includeDisposed: disposed }}
            selected={s.node}
            onSelect={(key) => set({ node: key, page: 1 }, { push: true })}
          />
        </Col>
        <Col xs={24} lg={16} xl={18}>
          <DataTable<ProductStock>
            testId="prod-stock-table"
            rowKey="id"
            historyTable="product_stocks"
            columns={columns}
            data={rows.data?.data}
            loading={rows.isFetching}
            exportName={menuLabel}
            onExport={() => downloadProdStocks(filters, scope, `${menuLabel}.xlsx`)}
            pagination={{
              page: s.page,
              size: s.size,
              total: rows.data?.total ?? 0,
              onChange: (page, size) => set({ page, size }),
            }}
            toolbar={toolbar}
          />
        </Col>
      </Row>
      <AddStockDialog open={adding} onClose={() => setAdding(false)} />
      <AdjustDialog row={adjusting} onClose={() => setAdjusting(null)} />
      <DisposeDialog row={disposing} onClose={() => setDisposing(null)} />
      <NoteDialog row={noting} onClose={() => setNoting(null)} />
      <HistoryDrawer row={historyOf} onClose={() => setHistoryOf(null)} />
      <LabelPrintDialog
        endpoint={lotLabelEndpoints.lotLabels}
        items={labelItems ?? []}
        open={labelItems !== null}
        onClose={() => setLabelItems(null)}
        title={t('titles.labels', { count: labelItems?.length ?? 0 })}
        testId="prod-stock-labels"
      />
    </PageContainer>
  );
}
