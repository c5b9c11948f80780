import {
  DeploymentUnitOutlined,
  FileExcelOutlined,
  PrinterOutlined,
  ShoppingCartOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { EXPIRY_SOON_DAYS_MAX, EXPIRY_STATES, type MaterialStock, materialStockEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Row, Select, Space, Switch, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { download } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { LabelPrintDialog, type LabelPrintItem } from '../../../components/labels/LabelPrintDialog.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { ACTIONS_WIDTH, EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { traceUrl } from '../../trace/trace.links.ts';
import { CorrectDialog } from '../components/CorrectDialog.tsx';
import { MaterialTotalsTable } from '../components/MaterialTotalsTable.tsx';
import { MovementsDialog } from '../components/MovementsDialog.tsx';
import { ReceiveDialog } from '../components/ReceiveDialog.tsx';
import { SellDialog } from '../components/SellDialog.tsx';
import { ExpiryCell } from '../components/stock-inputs.tsx';
import { scopeOfKey, StockTreePanel, type TreeKind } from '../components/StockTreePanel.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import {
  type StockFilterValues,
  scopeQuery,
  stockFilterQuery,
  stockKeys,
  useStockApi,
  useStockRows,
} from '../material-stock.queries.ts';
import { fmtQty } from '../stock-rules.ts';

registerLocales('materialStock', { kr, en });

const PAGE_SIZE = 50;

type PageState = {
  view: string;
  tree: string;
  node: string | undefined;
  treeZero: string;
  q: string | undefined;
  materialType: string | undefined;
  expiry: string | undefined;
  soonDays: number | undefined;
  containQtyZero: string;
  page: number;
  size: number;
};

/** /material/stock: the warehouse's stock by place and by material, receipts, corrections and moves. */
export default function MaterialStockPage() {
  const { t } = useTranslation(['materialStock', 'common']);
  const menuLabel = useMenuLabel('materialStock');
  const canCreate = useCan('materialStock', 'create');
  const canModify = useCan('materialStock', 'modify');
  const canDelete = useCan('materialStock', 'delete');
  const canSell = useCan('materialSales', 'create');
  const canTrace = useCan('lotReport', 'view');
  const navigate = useNavigate();
  const unitLabel = useCodeLabel('UNIT');
  const typeLabel = useCodeLabel('MATERIAL_TYPE');
  const queryClient = useQueryClient();
  const api = useStockApi();
  const [s, set] = useUrlState<PageState>(
    {
      view: 'rows',
      tree: 'location',
      node: undefined,
      treeZero: '',
      q: undefined,
      materialType: undefined,
      expiry: undefined,
      soonDays: undefined,
      containQtyZero: '',
      page: 1,
      size: PAGE_SIZE,
    },
    { numbers: ['soonDays'] },
  );
  const [receiving, setReceiving] = useState(false);
  const [importing, setImporting] = useState(false);
  const [correcting, setCorrecting] = useState<MaterialStock | null>(null);
  const [movementsOf, setMovementsOf] = useState<MaterialStock | null>(null);
  // The stock rows whose labels the print dialog is open for.
  const [labelItems, setLabelItems] = useState<LabelPrintItem[] | null>(null);
  const labelItemOf = (r: MaterialStock): LabelPrintItem => ({ id: r.id, code: r.packageId });
  const [sellFrom, setSellFrom] = useState<MaterialStock | null>(null);

  const node = scopeOfKey(s.node);
  const filters: StockFilterValues = {
    q: s.q,
    // A material type node filters by its type (with any type chosen in the bar).
    materialType: node.type ?? s.materialType,
    expiry: s.expiry,
    soonDays: s.soonDays,
    containQtyZero: s.containQtyZero,
  };
  const rows = useStockRows(node.scope, filters, s.page, s.size);
  const filter = (patch: Partial<PageState>) => set({ ...patch, page: 1 });

  const removeOne = (row: MaterialStock) =>
    confirmRemove(t('messages.confirmDelete', { packageId: row.packageId, material: row.materialName }), async () => {
      await api.remove(row.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    });

  const columns: DataColumn<MaterialStock>[] = [
    {
      key: 'packageId',
      title: t('fields.packageId'),
      width: 150,
      render: (r) => <span data-testid="stock-package-id">{r.packageId}</span>,
      exportValue: (r) => r.packageId,
    },
    { key: 'materialCode', title: t('fields.materialCode'), dataIndex: 'materialCode', width: 110 },
    { key: 'materialName', title: t('fields.materialName'), dataIndex: 'materialName', width: 150 },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 110,
      render: (r) => (
        <span data-testid="stock-qty">
          <Typography.Text strong>{fmtQty(r.qty)}</Typography.Text> {unitLabel(r.unit)}
        </span>
      ),
      exportValue: (r) => r.qty,
      sorter: (a, b) => a.qty - b.qty,
    },
    {
      key: 'expiryDate',
      title: t('fields.expiryDate'),
      width: 190,
      render: (r) => <ExpiryCell date={r.expiryDate} days={r.daysToExpiry} state={r.expiryState} />,
      exportValue: (r) => r.expiryDate,
    },
    { key: 'placePath', title: t('fields.place'), dataIndex: 'placePath', width: 220 },
    { key: 'supplierLot', title: t('fields.supplierLot'), dataIndex: 'supplierLot', width: 110 },
    { key: 'receivedDate', title: t('fields.receivedDate'), dataIndex: 'receivedDate', width: 110 },
    { key: 'supplierName', title: t('fields.supplier'), dataIndex: 'supplierName', width: 130 },
    {
      key: 'materialType',
      title: t('fields.materialType'),
      width: 90,
      render: (r) => typeLabel(r.materialType),
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: ACTIONS_WIDTH + 96,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="stock"
          rowId={r.packageId}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setCorrecting(r)}
          onDelete={() => void removeOne(r)}
        >
          <RowAction
            label={t('actions.movements')}
            icon={<SwapOutlined />}
            testId={`stock-movements-${r.packageId}`}
            onClick={() => setMovementsOf(r)}
          />
          <RowAction
            label={t('labels.print')}
            icon={<PrinterOutlined />}
            testId={`stock-label-${r.packageId}`}
            onClick={() => setLabelItems([labelItemOf(r)])}
          />
          {canTrace && (
            <RowAction
              label={t('actions.trace')}
              icon={<DeploymentUnitOutlined />}
              testId={`stock-trace-${r.packageId}`}
              onClick={() => navigate(traceUrl({ view: 'forward', stockId: r.id }))}
            />
          )}
          {canSell && r.qty > 0 && (
            <RowAction
              label={t('actions.sell')}
              icon={<ShoppingCartOutlined />}
              testId={`stock-sell-${r.packageId}`}
              onClick={() => setSellFrom(r)}
            />
          )}
        </EditDeleteActions>
      ),
    },
  ];

  const nodeTag = s.node ? (
    <Tag closable data-testid="stock-node-filter" onClose={() => filter({ node: undefined })}>
      {t('filters.treeNode')}
    </Tag>
  ) : null;

  const stockTable = (
    <DataTable<MaterialStock>
      testId="stock-table"
      rowKey="id"
      historyTable="material_stocks"
      columns={columns}
      data={rows.data?.data}
      loading={rows.isFetching}
      exportName={menuLabel}
      onExport={() =>
        download(materialStockEndpoints.excelExport, `${menuLabel}.xlsx`, {
          query: { ...stockFilterQuery(filters), ...scopeQuery(node.scope) },
        })
      }
      pagination={{
        page: s.page,
        size: s.size,
        total: rows.data?.total ?? 0,
        onChange: (page, size) => set({ page, size }),
      }}
      toolbar={
        <>
          {nodeTag}
          <SearchBox
            testId="stock-search"
            placeholder={t('filters.search')}
            value={s.q}
            onSearch={(q) => filter({ q })}
            style={{ width: 220 }}
          />
          <CodeSelect
            mode="multiple"
            category="MATERIAL_TYPE"
            testId="stock-type-filter"
            placeholder={t('filters.allTypes')}
            value={s.materialType ? s.materialType.split(',') : []}
            onChange={(v) => filter({ materialType: v.join(',') || undefined })}
            style={{ minWidth: 140, maxWidth: 260 }}
          />
          <Select<string[]>
            mode="multiple"
            data-testid="stock-expiry-filter"
            aria-label={t('filters.expiry')}
            placeholder={t('filters.expiry')}
            allowClear
            value={s.expiry ? s.expiry.split(',') : []}
            onChange={(v) => filter({ expiry: v.join(',') || undefined })}
            options={EXPIRY_STATES.map((e) => ({ value: e, label: t(`expiry.${e}`) }))}
            style={{ minWidth: 150, maxWidth: 280 }}
          />
          <Space.Compact>
            <NumberField
              testId="stock-soon-days"
              aria-label={t('filters.soonDays')}
              placeholder={t('filters.soonDaysPlaceholder')}
              integer
              min={0}
              max={EXPIRY_SOON_DAYS_MAX}
              value={s.soonDays ?? null}
              onChange={(v) => filter({ soonDays: v ?? undefined })}
              suffix={t('filters.days')}
              style={{ width: 130 }}
            />
          </Space.Compact>
          <Flex align="center" gap={6}>
            <Switch
              size="small"
              checked={s.containQtyZero === 'true'}
              onChange={(v) => filter({ containQtyZero: v ? 'true' : '' })}
              data-testid="stock-zero-filter"
              aria-label={t('filters.containQtyZero')}
            />
            <Typography.Text>{t('filters.containQtyZero')}</Typography.Text>
          </Flex>
        </>
      }
    />
  );

  return (
    <PageContainer
      menuName="materialStock"
      extra={
        <>
          <Button
            icon={<PrinterOutlined />}
            data-testid="stock-labels-page"
            disabled={!rows.data?.data.length}
            onClick={() => setLabelItems((rows.data?.data ?? []).map(labelItemOf))}
          >
            {t('labels.printPage')}
          </Button>
          {canCreate && (
            <>
              <Button icon={<FileExcelOutlined />} data-testid="stock-import" onClick={() => setImporting(true)}>
                {t('excelImport:open')}
              </Button>
              <Button type="primary" data-testid="stock-receive-open" onClick={() => setReceiving(true)}>
                {t('actions.receive')}
              </Button>
            </>
          )}
        </>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={6}>
          <StockTreePanel
            kind={s.tree as TreeKind}
            onKind={(tree) => set({ tree })}
            zero={s.treeZero === 'true'}
            onZero={(z) => set({ treeZero: z ? 'true' : '' })}
            selected={s.node}
            onSelect={(key) => set({ node: key, view: 'rows', page: 1 }, { push: true })}
          />
        </Col>
        <Col xs={24} lg={16} xl={18}>
          <Tabs
            activeKey={s.view}
            onChange={(view) => set({ view })}
            data-testid="stock-view-tabs"
            items={[
              { key: 'rows', label: t('tabs.rows'), children: stockTable },
              {
                key: 'totals',
                label: t('tabs.totals'),
                children: (
                  <MaterialTotalsTable
                    onOpen={(m) => set({ node: `M${m.materialId}`, tree: 'material', view: 'rows', page: 1 })}
                  />
                ),
              },
            ]}
          />
        </Col>
      </Row>
      <ReceiveDialog open={receiving} onClose={() => setReceiving(false)} />
      <CorrectDialog row={correcting} onClose={() => setCorrecting(null)} />
      <MovementsDialog row={movementsOf} onClose={() => setMovementsOf(null)} />
      <LabelPrintDialog
        endpoint={materialStockEndpoints.labels}
        items={labelItems ?? []}
        open={labelItems !== null}
        onClose={() => setLabelItems(null)}
        title={t('labels.title', { count: labelItems?.length ?? 0 })}
        testId="stock-labels"
      />
      <SellDialog open={sellFrom !== null} from={sellFrom} onClose={() => setSellFrom(null)} />
      <ExcelImportDialog
        open={importing}
        endpoints={materialStockEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: stockKeys.all })}
      />
    </PageContainer>
  );
}
