import { ApartmentOutlined, NodeIndexOutlined, PictureOutlined } from '@ant-design/icons';
import { CLAIM_STATUSES, type Claim, type ClaimStatus, claimEndpoints } from '@eqms/contract';
import { Badge, Button, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { download } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { traceUrl } from '../../trace/trace.links.ts';
import { ClaimDialog } from '../components/ClaimDialog.tsx';
import { ClaimPhotosDialog } from '../components/ClaimPhotosDialog.tsx';
import { CLAIM_NS } from '../claim.locales.ts';
import { useClaimApi, useClaims } from '../claim.queries.ts';

const DEFAULT_DAYS = 90;
export const CLAIM_STATUS_COLOR: Record<ClaimStatus, string> = {
  RECEIVED: 'blue',
  INVESTIGATING: 'orange',
  COUNTERMEASURE: 'purple',
  CLOSED: 'green',
};

type Filters = {
  bizPartnerId: number | undefined;
  status: ClaimStatus | undefined;
  q: string | undefined;
};

/** /quality/claim/claim-management: customer complaints by received date, their photos and their lot's genealogy. */
export default function ClaimPage() {
  const { t } = useTranslation([CLAIM_NS, 'common']);
  const navigate = useNavigate();
  const canCreate = useCan('claimManagement', 'create');
  const canModify = useCan('claimManagement', 'modify');
  const canDelete = useCan('claimManagement', 'delete');
  const canTrace = useCan('lotReport', 'view');
  const unitLabel = useCodeLabel('UNIT');
  const api = useClaimApi();
  const [editing, setEditing] = useState<Claim | 'new' | null>(null);
  const [photosOf, setPhotosOf] = useState<Claim | null>(null);
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { bizPartnerId: undefined, status: undefined, q: undefined },
    { numbers: ['bizPartnerId'] },
  );
  const { s, filter, period } = view;
  const args = period.error
    ? null
    : { startDt: period.from, endDt: period.to, bizPartnerId: s.bizPartnerId, status: s.status, q: s.q };
  const list = useClaims(args, s.page, s.size);
  // The photos dialog follows the list, so its status (closed or not) is the saved one.
  const photosRow = photosOf && (list.data?.data.find((r) => r.claimId === photosOf.claimId) ?? photosOf);

  const columns: DataColumn<Claim>[] = [
    { key: 'receivedDt', title: t('fields.receivedDt'), dataIndex: 'receivedDt', width: 100 },
    {
      key: 'status',
      title: t('fields.status'),
      width: 100,
      render: (r) => (
        <Tag color={CLAIM_STATUS_COLOR[r.status]} data-testid={`claim-status-${r.claimId}`}>
          {t(`status.${r.status}`)}
        </Tag>
      ),
      exportValue: (r) => t(`status.${r.status}`),
    },
    { key: 'bizPartnerName', title: t('fields.customer'), dataIndex: 'bizPartnerName', width: 150 },
    { key: 'content', title: t('fields.content'), dataIndex: 'content', width: 220 },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 110 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
    { key: 'lotId', title: t('fields.lotId'), dataIndex: 'lotId', width: 170 },
    {
      key: 'claimQty',
      title: t('fields.claimQty'),
      width: 90,
      render: (r) => `${fmtQty(r.claimQty)} ${unitLabel(r.unit)}`,
      exportValue: (r) => r.claimQty,
    },
    { key: 'closedDt', title: t('fields.closedDt'), dataIndex: 'closedDt', width: 100 },
    { key: 'cause', title: t('fields.cause'), dataIndex: 'cause', width: 160 },
    { key: 'countermeasure', title: t('fields.countermeasure'), dataIndex: 'countermeasure', width: 160 },
    { key: 'createdBy', title: t('fields.by'), dataIndex: 'createdBy', width: 90 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 170,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="claim"
          rowId={r.claimId}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditing(r)}
          onDelete={() =>
            void confirmRemove(
              t('messages.confirmDelete', { customer: r.bizPartnerName, date: r.receivedDt }),
              async () => {
                await api.remove(r.claimId);
                useAppStore.getState().notify(t('common:messages.deleted'), 'success');
              },
            )
          }
        >
          <Badge count={r.photoCount} size="small" offset={[-4, 4]}>
            <RowAction
              label={t('actions.photos')}
              icon={<PictureOutlined />}
              onClick={() => setPhotosOf(r)}
              testId={`claim-photos-${r.claimId}`}
            />
          </Badge>
          {canTrace && r.lotId && (
            <>
              <RowAction
                label={t('actions.traceForward')}
                icon={<ApartmentOutlined />}
                onClick={() => navigate(traceUrl({ view: 'forward', lotId: r.lotId! }))}
                testId={`claim-trace-${r.claimId}`}
              />
              <RowAction
                label={t('actions.traceBackward')}
                icon={<NodeIndexOutlined />}
                onClick={() => navigate(traceUrl({ view: 'backward', lotId: r.lotId! }))}
                testId={`claim-trace-back-${r.claimId}`}
              />
            </>
          )}
        </EditDeleteActions>
      ),
      exportValue: () => null,
    },
  ];

  return (
    <PageContainer
      menuName="claimManagement"
      extra={
        canCreate && (
          <Button type="primary" data-testid="claim-create" onClick={() => setEditing('new')}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <PeriodListTable
        testId="claim"
        menuName="claimManagement"
        view={view}
        list={list}
        args={args}
        rowKey="claimId"
        historyTable="claims"
        columns={columns}
        onExport={(a, fileName) =>
          download(claimEndpoints.listExport, fileName, { query: { ...a, q: a.q || undefined } })
        }
        filters={
          <>
            <PartnerSelect
              type="CUSTOMER"
              testId="claim-filter-customer"
              placeholder={t('filters.allCustomers')}
              notFound={t('hints.noCustomers')}
              value={s.bizPartnerId ?? null}
              onChange={(bizPartnerId) => filter({ bizPartnerId: bizPartnerId ?? undefined })}
              style={{ width: 180 }}
            />
            <Select<ClaimStatus>
              data-testid="claim-filter-status"
              aria-label={t('filters.allStatuses')}
              allowClear
              placeholder={t('filters.allStatuses')}
              value={s.status}
              onChange={(status) => filter({ status })}
              options={CLAIM_STATUSES.map((v) => ({ value: v, label: t(`status.${v}`) }))}
              style={{ width: 140 }}
            />
            <SearchBox
              testId="claim-search"
              placeholder={t('filters.search')}
              value={s.q}
              onSearch={(q) => filter({ q })}
              style={{ width: 220 }}
            />
          </>
        }
      />
      <ClaimDialog open={editing !== null} row={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      <ClaimPhotosDialog claim={photosRow} canModify={canModify} onClose={() => setPhotosOf(null)} />
    </PageContainer>
  );
}
