import { ApartmentOutlined, DownloadOutlined, EyeOutlined, FilePdfOutlined, StopOutlined } from '@ant-design/icons';
import type { Shipment } from '@eqms/contract';
import { Button, Checkbox, Select, Space, Typography } from 'antd';
import { createContext, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { BomReqDialog } from '../components/BomReqDialog.tsx';
import { CancelDialog } from '../components/CancelDialog.tsx';
import { cancelText, ShipmentStatusTag } from '../components/cells.tsx';
import { OrderProductSelect, ProductPickSelect } from '../components/pickers.tsx';
import { ShipmentDialog } from '../components/ShipmentDialog.tsx';
import { ShipmentDrawer } from '../components/ShipmentDrawer.tsx';
import { traceUrl } from '../../trace/trace.links.ts';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import {
  type BomReqSubject,
  type CanceledFilter,
  downloadNote,
  downloadShipments,
  openNote,
  useShipments,
} from '../shipment.queries.ts';

const DEFAULT_DAYS = 30;

type Filters = {
  bizPartnerId: number | undefined;
  productId: number | undefined;
  orderProductId: number | undefined;
  canceled: CanceledFilter | undefined;
  q: string | undefined;
};

/**
 * The rows chosen for a bulk cancel. The list's own selection offers only delete, and a shipment is canceled, never
 * deleted: this page keeps its own, read by the check boxes through a context so they follow it at once.
 */
type Picked = {
  ids: ReadonlySet<number>;
  toggle: (id: number, on: boolean) => void;
  setPage: (on: boolean) => void;
  pageIds: number[];
};
const PickedContext = createContext<Picked | null>(null);

function RowCheck({ row }: { row: Shipment }) {
  const { t } = useTranslation(SHIPMENT_NS);
  const picked = useContext(PickedContext)!;
  if (row.canceled) return null;
  return (
    <Checkbox
      checked={picked.ids.has(row.id)}
      onChange={(e) => picked.toggle(row.id, e.target.checked)}
      onClick={(e) => e.stopPropagation()}
      aria-label={t('actions.selectRow', { no: row.shipmentNo })}
      data-testid={`ship-pick-${row.id}`}
    />
  );
}

function PageCheck() {
  const { t } = useTranslation(SHIPMENT_NS);
  const picked = useContext(PickedContext)!;
  const on = picked.pageIds.filter((id) => picked.ids.has(id)).length;
  return (
    <Checkbox
      checked={on > 0 && on === picked.pageIds.length}
      indeterminate={on > 0 && on < picked.pageIds.length}
      disabled={picked.pageIds.length === 0}
      onChange={(e) => picked.setPage(e.target.checked)}
      aria-label={t('actions.selectPage')}
      data-testid="ship-pick-page"
    />
  );
}

/**
 * /production/shipment (SPEC §7 "Shipment", §4): the shipments of a period — by customer, product, order product,
 * canceled or not, and text — with the canceled ones labelled "출하 취소" and who canceled them, when and why. A
 * shipment opens beside the list with its lots; its note opens or downloads from the row; rows are canceled one by
 * one or several at once (all or none). New shipments: the dialog (FEFO fill, scanned lots).
 */
export default function ShipmentPage() {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const canCreate = useCan('shipment', 'create');
  const canModify = useCan('shipment', 'modify');
  const canSeeOrders = useCan('orderInfo', 'view');
  const canTrace = useCan('lotReport', 'view');
  const navigate = useNavigate();
  const unitLabel = useCodeLabel('UNIT');
  const [creating, setCreating] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [canceling, setCanceling] = useState<Pick<Shipment, 'id' | 'shipmentNo'>[] | null>(null);
  const [bom, setBom] = useState<BomReqSubject | null>(null);
  const [pickedIds, setPickedIds] = useState<ReadonlySet<number>>(new Set());
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { bizPartnerId: undefined, productId: undefined, orderProductId: undefined, canceled: undefined, q: undefined },
    { numbers: ['bizPartnerId', 'productId', 'orderProductId'] },
  );
  const { s, filter, period } = view;
  const args = period.error
    ? null
    : {
        startDt: period.from!,
        endDt: period.to!,
        bizPartnerId: s.bizPartnerId,
        productId: s.productId,
        orderProductId: s.orderProductId,
        canceled: s.canceled,
        q: s.q,
      };
  const list = useShipments(args, s.page, s.size);
  const rows = list.data?.data;
  // The product of the filter, labelled from its rows after a reload (the pick-list holds only what was typed).
  const shown = rows?.find((r) => r.productId === s.productId);
  const filteredProduct = shown ? { id: shown.productId, code: shown.productCode, name: shown.productName } : null;

  // Only rows on this page that still stand can be picked; the rest drop out of the pick by themselves.
  const pageIds = useMemo(() => (rows ?? []).filter((r) => !r.canceled).map((r) => r.id), [rows]);
  const live = new Set(pageIds.filter((id) => pickedIds.has(id)));
  const picked: Picked = {
    ids: live,
    pageIds,
    toggle: (id, on) =>
      setPickedIds((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setPage: (on) => setPickedIds(on ? new Set(pageIds) : new Set()),
  };
  const pickedRows = (rows ?? []).filter((r) => live.has(r.id));

  const qty = (v: number, r: Shipment) => `${fmtQty(v)} ${unitLabel(r.unit)}`;
  const columns: DataColumn<Shipment>[] = [
    ...(canModify
      ? [{ key: 'pick', title: <PageCheck />, width: 48, filter: false, render: (r: Shipment) => <RowCheck row={r} /> }]
      : []),
    {
      key: 'shipmentNo',
      title: t('fields.shipmentNo'),
      width: 140,
      render: (r) => (
        <Typography.Link onClick={() => setDetailId(r.id)} data-testid="ship-no">
          {r.shipmentNo}
        </Typography.Link>
      ),
      exportValue: (r) => r.shipmentNo,
    },
    { key: 'shipmentDt', title: t('fields.shipmentDt'), dataIndex: 'shipmentDt', width: 100 },
    {
      key: 'status',
      title: t('fields.status'),
      width: 130,
      render: (r) => <ShipmentStatusTag row={r} />,
      exportValue: (r) => t(r.canceled ? 'status.canceled' : 'status.shipped'),
    },
    { key: 'bizPartnerName', title: t('fields.customer'), dataIndex: 'bizPartnerName', width: 150 },
    {
      key: 'product',
      title: t('fields.product'),
      width: 220,
      render: (r) => `${r.productCode} ${r.productName}`,
    },
    {
      key: 'totalQty',
      title: t('fields.qty'),
      width: 110,
      render: (r) => <span data-testid="ship-qty">{qty(r.totalQty, r)}</span>,
      exportValue: (r) => r.totalQty,
    },
    {
      key: 'lotIds',
      title: t('fields.lots'),
      width: 200,
      render: (r) => (r.lotCount > 1 ? `${r.lotIds[0]} +${r.lotCount - 1}` : (r.lotIds[0] ?? '')),
      exportValue: (r) => r.lotIds.join(', '),
    },
    {
      key: 'canceledInfo',
      title: t('fields.canceled'),
      width: 220,
      render: (r) => <span data-testid="ship-cancel-info">{cancelText(r)}</span>,
      exportValue: (r) => cancelText(r),
    },
    { key: 'orderNo', title: t('fields.orderNo'), dataIndex: 'orderNo', width: 120 },
    {
      key: 'amount',
      title: t('fields.amount'),
      width: 100,
      render: (r) => (r.amount == null ? '' : fmtQty(r.amount)),
      exportValue: (r) => r.amount,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 150 },
    { key: 'createdBy', title: t('fields.by'), dataIndex: 'createdBy', width: 100 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: canTrace ? 172 : 140,
      fixed: 'right',
      render: (r) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <RowAction
            label={t('actions.detail')}
            icon={<EyeOutlined />}
            onClick={() => setDetailId(r.id)}
            testId={`ship-detail-${r.id}`}
          />
          <RowAction
            label={t('actions.openNote')}
            icon={<FilePdfOutlined />}
            onClick={() => void openNote(r)}
            testId={`ship-note-${r.id}`}
          />
          <RowAction
            label={t('actions.downloadNote')}
            icon={<DownloadOutlined />}
            onClick={() => void downloadNote(r)}
            testId={`ship-note-download-${r.id}`}
          />
          {canTrace && (
            <RowAction
              label={t('actions.trace')}
              icon={<ApartmentOutlined />}
              onClick={() => navigate(traceUrl({ view: 'backward', shipmentId: r.id }))}
              testId={`ship-trace-${r.id}`}
            />
          )}
          {canModify && !r.canceled && (
            <RowAction
              label={t('actions.cancel')}
              icon={<StopOutlined />}
              danger
              onClick={() => setCanceling([r])}
              testId={`ship-cancel-${r.id}`}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      menuName="shipment"
      extra={
        <>
          {canModify && (
            <Button
              danger
              icon={<StopOutlined />}
              disabled={pickedRows.length === 0}
              onClick={() => setCanceling(pickedRows)}
              data-testid="ship-cancel-selected"
            >
              {t('actions.cancelSelected', { count: pickedRows.length })}
            </Button>
          )}
          {canCreate && (
            <Button type="primary" data-testid="ship-create" onClick={() => setCreating(true)}>
              {t('actions.create')}
            </Button>
          )}
        </>
      }
    >
      <PickedContext.Provider value={picked}>
        <PeriodListTable
          testId="ship"
          menuName="shipment"
          view={view}
          list={list}
          args={args}
          rowKey="id"
          columns={columns}
          activeRowKey={detailId}
          onExport={downloadShipments}
          filters={
            <>
              <PartnerSelect
                type="CUSTOMER"
                testId="ship-filter-customer"
                placeholder={t('filters.allCustomers')}
                value={s.bizPartnerId ?? null}
                onChange={(bizPartnerId) =>
                  filter({ bizPartnerId: bizPartnerId ?? undefined, orderProductId: undefined })
                }
                style={{ width: 180 }}
              />
              <ProductPickSelect
                testId="ship-filter-product"
                placeholder={t('filters.allProducts')}
                value={s.productId ?? null}
                current={filteredProduct}
                onChange={(productId) => filter({ productId: productId ?? undefined })}
                style={{ width: 180 }}
              />
              {canSeeOrders && (
                <OrderProductSelect
                  bizPartnerId={s.bizPartnerId}
                  testId="ship-filter-order-product"
                  placeholder={t('filters.allOrderProducts')}
                  value={s.orderProductId ?? null}
                  onChange={(orderProductId) => filter({ orderProductId: orderProductId ?? undefined })}
                  style={{ width: 220 }}
                />
              )}
              <Select<CanceledFilter>
                data-testid="ship-filter-canceled"
                aria-label={t('filters.allStatuses')}
                allowClear
                placeholder={t('filters.allStatuses')}
                value={s.canceled}
                onChange={(canceled) => filter({ canceled })}
                options={[
                  { value: 'false', label: t('filters.onlyShipped') },
                  { value: 'true', label: t('filters.onlyCanceled') },
                ]}
                style={{ width: 130 }}
              />
              <SearchBox
                testId="ship-search"
                placeholder={t('filters.search')}
                value={s.q}
                onSearch={(q) => filter({ q })}
                style={{ width: 240 }}
              />
            </>
          }
        />
      </PickedContext.Provider>
      <ShipmentDialog open={creating} onClose={() => setCreating(false)} />
      <ShipmentDrawer
        id={detailId}
        onClose={() => setDetailId(null)}
        onCancel={(r) => setCanceling([r])}
        onBomReq={(shipmentId) => setBom({ shipmentId })}
      />
      <CancelDialog rows={canceling} onClose={() => setCanceling(null)} onDone={() => setPickedIds(new Set())} />
      <BomReqDialog subject={bom} onClose={() => setBom(null)} />
    </PageContainer>
  );
}
