import { OUT_SOURCING_STATUSES, type OutSourcing, outSourcingEndpoints, type OutSourcingStatus } from '@eqms/contract';
import { Button, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { OutSourcingDialog } from '../components/OutSourcingDialog.tsx';
import { OUT_SOURCING_NS } from '../out-sourcing.locales.ts';
import { useOutSourcingApi, useOutSourcings } from '../out-sourcing.queries.ts';

const DEFAULT_DAYS = 30;
const STATUS_COLOR: Record<OutSourcingStatus, string> = { SENT: 'blue', PARTIAL: 'orange', RECEIVED: 'green' };

type Filters = {
  bizPartnerId: number | undefined;
  status: OutSourcingStatus | undefined;
  q: string | undefined;
};

/** /production/outSourcing: operations sent to outsourcers and what came back (the operation's result). */
export default function OutSourcingPage() {
  const { t } = useTranslation([OUT_SOURCING_NS, 'common']);
  const canCreate = useCan('outSourcing', 'create');
  const canModify = useCan('outSourcing', 'modify');
  const canDelete = useCan('outSourcing', 'delete');
  const unitLabel = useCodeLabel('UNIT');
  const api = useOutSourcingApi();
  const [editing, setEditing] = useState<OutSourcing | 'new' | null>(null);
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { bizPartnerId: undefined, status: undefined, q: undefined },
    { numbers: ['bizPartnerId'] },
  );
  const { s, filter, period } = view;
  const args = period.error
    ? null
    : { startDt: period.from, endDt: period.to, bizPartnerId: s.bizPartnerId, status: s.status, q: s.q };
  const list = useOutSourcings(args, s.page, s.size);

  const remove = async (rows: OutSourcing[]) => {
    await api.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const qty = (v: number, r: OutSourcing) => `${fmtQty(v)} ${unitLabel(r.unit)}`;

  const columns: DataColumn<OutSourcing>[] = [
    { key: 'sentDt', title: t('fields.sentDt'), dataIndex: 'sentDt', width: 100 },
    { key: 'bizPartnerName', title: t('fields.partner'), dataIndex: 'bizPartnerName', width: 150 },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 110 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
    { key: 'lineName', title: t('fields.line'), dataIndex: 'lineName', width: 110 },
    {
      key: 'operationName',
      title: t('fields.operation'),
      width: 120,
      render: (r) => `${r.seq}. ${r.operationName}`,
      exportValue: (r) => r.operationName,
    },
    {
      key: 'sentQty',
      title: t('fields.sentQty'),
      width: 100,
      render: (r) => qty(r.sentQty, r),
      exportValue: (r) => r.sentQty,
    },
    { key: 'receivedDt', title: t('fields.receivedDt'), dataIndex: 'receivedDt', width: 100 },
    {
      key: 'receivedGoodQty',
      title: t('fields.receivedGoodQty'),
      width: 100,
      render: (r) => <span data-testid="os-good-cell">{qty(r.receivedGoodQty, r)}</span>,
      exportValue: (r) => r.receivedGoodQty,
    },
    {
      key: 'receivedBadQty',
      title: t('fields.receivedBadQty'),
      width: 100,
      render: (r) => qty(r.receivedBadQty, r),
      exportValue: (r) => r.receivedBadQty,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (r) => (
        <Tag color={STATUS_COLOR[r.status]} data-testid="os-status">
          {t(`status.${r.status}`)}
        </Tag>
      ),
      exportValue: (r) => t(`status.${r.status}`),
    },
    {
      key: 'unitCost',
      title: t('fields.unitCost'),
      width: 90,
      render: (r) => fmtQty(r.unitCost),
      exportValue: (r) => r.unitCost,
    },
    {
      key: 'amount',
      title: t('fields.amount'),
      width: 110,
      render: (r) => fmtQty(r.amount),
      exportValue: (r) => r.amount,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
    { key: 'createdBy', title: t('fields.by'), dataIndex: 'createdBy', width: 100 },
    ...rowActionsColumn<OutSourcing>({
      title: t('fields.actions'),
      testId: 'os',
      rowId: (r) => r.id,
      canModify,
      canDelete,
      onEdit: (r) => setEditing(r),
      onDelete: (r) =>
        void confirmRemove(
          t('messages.confirmDelete', {
            partner: r.bizPartnerName,
            operation: r.operationName,
            qty: qty(r.sentQty, r),
          }),
          () => remove([r]),
        ),
    }),
  ];

  return (
    <PageContainer
      menuName="outSourcing"
      extra={
        canCreate && (
          <Button type="primary" data-testid="os-create" onClick={() => setEditing('new')}>
            {t('actions.send')}
          </Button>
        )
      }
    >
      <PeriodListTable
        testId="os"
        menuName="outSourcing"
        view={view}
        list={list}
        args={args}
        rowKey="id"
        historyTable="out_sourcings"
        columns={columns}
        selectable={canDelete}
        onDeleteSelected={remove}
        onExport={(a, fileName) =>
          download(outSourcingEndpoints.listExport, fileName, { query: { ...a, q: a.q || undefined } })
        }
        filters={
          <>
            <PartnerSelect
              type="OUTSOURCER"
              testId="os-filter-partner"
              placeholder={t('filters.allPartners')}
              notFound={t('hints.noOutsourcers')}
              value={s.bizPartnerId ?? null}
              onChange={(bizPartnerId) => filter({ bizPartnerId: bizPartnerId ?? undefined })}
              style={{ width: 180 }}
            />
            <Select<OutSourcingStatus>
              data-testid="os-filter-status"
              aria-label={t('filters.allStatuses')}
              allowClear
              placeholder={t('filters.allStatuses')}
              value={s.status}
              onChange={(status) => filter({ status })}
              options={OUT_SOURCING_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
              style={{ width: 140 }}
            />
            <SearchBox
              testId="os-search"
              placeholder={t('filters.search')}
              value={s.q}
              onSearch={(q) => filter({ q })}
              style={{ width: 200 }}
            />
          </>
        }
      />
      <OutSourcingDialog
        open={editing !== null}
        row={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </PageContainer>
  );
}
