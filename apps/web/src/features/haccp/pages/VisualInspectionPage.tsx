import {
  AuditOutlined,
  CameraOutlined,
  CheckCircleOutlined,
  DiffOutlined,
  FilePdfOutlined,
  FileSearchOutlined,
} from '@ant-design/icons';
import { VISUAL_RESULTS, type VisualInspection, type VisualResult, visualEndpoints } from '@eqms/contract';
import { Button, Dropdown, Input, Select, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { downloadReport } from '../../inspection-report/inspection-report.queries.ts';
import { signatureText } from '../components/record-text.ts';
import { SignatureDialog } from '../components/SignDialog.tsx';
import { STATUS_COLOR } from '../components/status.ts';
import { VisualDetailDialog } from '../components/VisualDetailDialog.tsx';
import { VisualDialog, type VisualMode } from '../components/VisualDialog.tsx';
import { VisualPhotosDialog } from '../components/VisualPhotos.tsx';
import { HACCP_NS } from '../haccp.locales.ts';
import { VISUAL_NS } from '../visual.locales.ts';
import { useVisualApi, useVisualList } from '../visual.queries.ts';

const DEFAULT_DAYS = 7;

type Filters = { result: VisualResult | undefined; lotId: string | undefined };

const failedChecks = (r: VisualInspection) =>
  r.checks
    .filter((c) => !c.passed)
    .map((c) => `${c.name}${c.note ? `: ${c.note}` : ''}`)
    .join('; ');

/**
 * /haccp/visualInspection: visual inspections of a period (newest first), of a lot or of the day, with their checks,
 * result and photos, and the record's life like a CCP record: sign (operator, password; a failed check needs its
 * note), review (another user with the modify right), amend (a new linked record). The server enforces every rule.
 */
export default function VisualInspectionPage() {
  const { t } = useTranslation([VISUAL_NS, HACCP_NS, 'common']);
  const { t: th } = useTranslation([HACCP_NS, 'common']);
  const me = useAppStore((s) => s.user?.userId);
  const canCreate = useCan('visualInspection', 'create');
  const canModify = useCan('visualInspection', 'modify');
  const canDelete = useCan('visualInspection', 'delete');
  const canPdf = useCan('ccpMonitoring', 'view');
  const api = useVisualApi();
  const [editing, setEditing] = useState<{ mode: VisualMode; row: VisualInspection | null } | null>(null);
  const [signing, setSigning] = useState<{ kind: 'sign' | 'review'; row: VisualInspection } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [photosId, setPhotosId] = useState<number | null>(null);
  const view = usePeriodList<Filters>(DEFAULT_DAYS, { result: undefined, lotId: undefined }, { maxDays: 92 });
  const { s, filter, period } = view;
  const args = period.error
    ? null
    : { startDt: period.from!, endDt: period.to!, result: s.result, lotId: s.lotId || undefined };
  const list = useVisualList(args, { page: s.page, size: s.size });

  const columns: DataColumn<VisualInspection>[] = [
    { key: 'inspectedAt', title: t('fields.inspectedAt'), dataIndex: 'inspectedAt', width: 140 },
    {
      key: 'target',
      title: t('fields.target'),
      width: 190,
      render: (r) => (r.lotId ? `${r.lotId}` : <Tag>{t('values.day')}</Tag>),
      exportValue: (r) => r.lotId ?? t('values.day'),
    },
    { key: 'productName', title: t('fields.product'), dataIndex: 'productName', width: 140 },
    {
      key: 'result',
      title: t('fields.result'),
      width: 90,
      render: (r) => (
        <Tag color={r.result === 'PASS' ? 'green' : 'red'} data-testid={`visual-result-${r.id}`}>
          {t(`values.${r.result}`)}
        </Tag>
      ),
      exportValue: (r) => t(`values.${r.result}`),
    },
    {
      key: 'checks',
      title: t('fields.checks'),
      width: 240,
      render: (r) => (r.result === 'FAIL' ? failedChecks(r) : `${r.checks.length} × ${t('values.PASS')}`),
      exportValue: (r) =>
        r.checks
          .map((c) => `${c.name}: ${t(`values.${c.passed ? 'PASS' : 'FAIL'}`)}${c.note ? ` (${c.note})` : ''}`)
          .join('; '),
    },
    {
      key: 'photos',
      title: t('fields.photos'),
      width: 80,
      render: (r) => (
        <Button
          type="link"
          size="small"
          icon={<CameraOutlined />}
          aria-label={`${t('fields.photos')} ${r.photos.length}`}
          data-testid={`visual-photos-${r.id}`}
          onClick={(e) => {
            e.stopPropagation();
            setPhotosId(r.id);
          }}
        >
          {r.photos.length}
        </Button>
      ),
      exportValue: (r) => r.photos.length,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 150,
      render: (r) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOR[r.status]} data-testid={`visual-status-${r.id}`}>
            {th(`status.${r.status}`)}
          </Tag>
          {r.amendsId && <Tag color="purple">{th('hints.amendsOf', { id: r.amendsId })}</Tag>}
          {r.amendedById && <Tag color="gold">{th('hints.amendedBy', { id: r.amendedById })}</Tag>}
        </Space>
      ),
      exportValue: (r) => th(`status.${r.status}`),
    },
    { key: 'operatorName', title: t('fields.operator'), dataIndex: 'operatorName', width: 110 },
    {
      key: 'signatures',
      title: t('fields.signatures'),
      width: 240,
      render: (r) => (
        <div>
          {r.signatures.map((sig) => (
            <div key={sig.id}>{signatureText(sig, th)}</div>
          ))}
        </div>
      ),
      exportValue: (r) => r.signatures.map((sig) => signatureText(sig, th)).join('; '),
    },
    { key: 'note', title: t('fields.note'), dataIndex: 'note', width: 160 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 190,
      fixed: 'right',
      render: (r) => {
        const draft = r.status === 'DRAFT';
        const mine = r.operatorUserId === me;
        return (
          <EditDeleteActions
            testId="visual"
            rowId={r.id}
            canModify={canModify && draft}
            canDelete={canDelete && draft}
            onEdit={() => setEditing({ mode: 'edit', row: r })}
            onDelete={() =>
              void confirmRemove(t('messages.confirmDelete', { date: r.inspectedAt }), async () => {
                await api.remove(r.id);
                useAppStore.getState().notify(t('common:messages.deleted'), 'success');
              })
            }
          >
            <RowAction
              label={th('actions.detail')}
              icon={<FileSearchOutlined />}
              onClick={() => setDetailId(r.id)}
              testId={`visual-detail-${r.id}`}
            />
            {canCreate && draft && mine && (
              <RowAction
                label={th('actions.sign')}
                icon={<CheckCircleOutlined />}
                onClick={() => setSigning({ kind: 'sign', row: r })}
                testId={`visual-sign-${r.id}`}
              />
            )}
            {canModify &&
              r.status === 'SIGNED' &&
              (mine ? (
                <Tooltip title={th('hints.selfReview')}>
                  <Button
                    type="text"
                    size="small"
                    disabled
                    icon={<AuditOutlined />}
                    aria-label={th('actions.review')}
                    data-testid={`visual-review-${r.id}`}
                  />
                </Tooltip>
              ) : (
                <RowAction
                  label={th('actions.review')}
                  icon={<AuditOutlined />}
                  onClick={() => setSigning({ kind: 'review', row: r })}
                  testId={`visual-review-${r.id}`}
                />
              ))}
            {canCreate && !draft && !r.amendedById && (
              <RowAction
                label={th('actions.amend')}
                icon={<DiffOutlined />}
                onClick={() => setEditing({ mode: 'amend', row: r })}
                testId={`visual-amend-${r.id}`}
              />
            )}
          </EditDeleteActions>
        );
      },
      exportValue: () => null,
    },
  ];

  return (
    <PageContainer
      menuName="visualInspection"
      extra={
        <Space wrap>
          {canPdf && (
            <Dropdown
              disabled={!period.to}
              menu={{
                items: [
                  { key: 'day', label: th('actions.pdfDay', { date: period.to }), 'data-testid': 'visual-pdf-day' },
                  {
                    key: 'month',
                    label: th('actions.pdfMonth', { month: period.to?.slice(0, 7) }),
                    'data-testid': 'visual-pdf-month',
                  },
                ],
                onClick: ({ key }) =>
                  void downloadReport(
                    'pdf',
                    'haccp',
                    key,
                    { date: period.to },
                    `haccp-${key === 'day' ? period.to : period.to?.slice(0, 7)}.pdf`,
                  ),
              }}
            >
              <Button icon={<FilePdfOutlined />} data-testid="visual-pdf">
                PDF
              </Button>
            </Dropdown>
          )}
          {canCreate && (
            <Button
              type="primary"
              data-testid="visual-create"
              onClick={() => setEditing({ mode: 'create', row: null })}
            >
              {t('actions.create')}
            </Button>
          )}
        </Space>
      }
    >
      <PeriodListTable
        testId="visual"
        menuName="visualInspection"
        view={view}
        list={list}
        args={args}
        rowKey="id"
        historyTable="visual_inspections"
        columns={columns}
        onExport={(a, fileName) => download(visualEndpoints.listExport, fileName, { query: a })}
        filters={
          <>
            <Select<VisualResult>
              data-testid="visual-filter-result"
              aria-label={t('filters.allResults')}
              allowClear
              placeholder={t('filters.allResults')}
              value={s.result}
              onChange={(result) => filter({ result })}
              options={VISUAL_RESULTS.map((v) => ({ value: v, label: t(`values.${v}`) }))}
              style={{ width: 130 }}
            />
            <Input.Search
              data-testid="visual-filter-lot"
              aria-label={t('filters.lotId')}
              placeholder={t('filters.lotId')}
              allowClear
              defaultValue={s.lotId}
              onSearch={(v) => filter({ lotId: v.trim() || undefined })}
              style={{ width: 200 }}
            />
          </>
        }
      />
      <VisualDialog
        mode={editing?.mode ?? null}
        row={editing?.row ?? null}
        onClose={() => setEditing(null)}
        onCreated={(made) => setPhotosId(made.id)}
      />
      <SignatureDialog
        kind={signing?.kind ?? null}
        testId="visual"
        onClose={() => setSigning(null)}
        onSign={(kind, password) =>
          kind === 'review' ? api.review(signing!.row.id, password) : api.sign(signing!.row.id, password)
        }
        details={
          signing && [
            [t('fields.inspectedAt'), signing.row.inspectedAt],
            [
              t('fields.target'),
              signing.row.lotId ? `${signing.row.lotId} · ${signing.row.productName ?? ''}` : t('values.day'),
            ],
            [t('fields.result'), t(`values.${signing.row.result}`)],
            [t('fields.operator'), signing.row.operatorName],
          ]
        }
      />
      <VisualDetailDialog id={detailId} onClose={() => setDetailId(null)} />
      <VisualPhotosDialog id={photosId} canUpload={canCreate} canDelete={canModify} onClose={() => setPhotosId(null)} />
    </PageContainer>
  );
}
