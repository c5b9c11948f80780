import {
  AuditOutlined,
  CheckCircleOutlined,
  DiffOutlined,
  FilePdfOutlined,
  FileSearchOutlined,
  FormOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { type SanitationCheckList, sanitationEndpoints } from '@eqms/contract';
import { Button, Dropdown, Select, Space, Tag, Tooltip } from 'antd';
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
import { CheckListDetailDialog } from '../components/CheckListDetailDialog.tsx';
import { CheckListDialog, CreateCheckListDialog } from '../components/CheckListDialog.tsx';
import { signatureText } from '../components/record-text.ts';
import { SignatureDialog } from '../components/SignDialog.tsx';
import { STATUS_COLOR } from '../components/status.ts';
import { TemplateDialog } from '../components/TemplateDialog.tsx';
import { HACCP_NS } from '../haccp.locales.ts';
import { SANITATION_NS } from '../sanitation.locales.ts';
import { useCheckLists, useSanitationApi, useSanitationAreas } from '../sanitation.queries.ts';

const MENU = 'sanitationProcessCheckList';
const DEFAULT_DAYS = 7;

type Filters = { locationId: number | undefined };

/**
 * /haccp/sanitationProcessCheckList: the daily check lists of each area in a period (newest first) with their failed
 * items and corrective actions, and a check list's life: make it from the area's check items, enter pass/fail and
 * notes, sign (operator, password), review (another user with the modify right), amend (a new linked check list).
 * The server enforces every rule; the buttons only follow them.
 */
export default function SanitationCheckListPage() {
  const { t } = useTranslation([SANITATION_NS, HACCP_NS, 'common']);
  // The HACCP namespace's own t: signature texts (meanings) live there.
  const { t: th } = useTranslation([HACCP_NS, 'common']);
  const h = (key: string, o?: Record<string, unknown>) => t(`${HACCP_NS}:${key}`, o);
  const me = useAppStore((s) => s.user?.userId);
  const canCreate = useCan(MENU, 'create');
  const canModify = useCan(MENU, 'modify');
  const canDelete = useCan(MENU, 'delete');
  const api = useSanitationApi();
  const { areas } = useSanitationAreas();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<{ mode: 'edit' | 'amend'; row: SanitationCheckList } | null>(null);
  const [signing, setSigning] = useState<{ kind: 'sign' | 'review'; row: SanitationCheckList } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [templateOpen, setTemplateOpen] = useState(false);
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { locationId: undefined },
    { maxDays: 92, numbers: ['locationId'] },
  );
  const { s, filter, period } = view;
  const args = period.error ? null : { startDt: period.from!, endDt: period.to!, locationId: s.locationId };
  const list = useCheckLists(args, { page: s.page, size: s.size });

  const counts = (r: SanitationCheckList) =>
    t('values.counts', {
      pass: r.items.length - r.failedCount - r.uncheckedCount,
      fail: r.failedCount,
      unchecked: r.uncheckedCount,
    });
  const failedText = (r: SanitationCheckList) =>
    r.items
      .filter((i) => i.passed === false)
      .map((i) => `${i.name}: ${i.note ?? '-'}`)
      .join('; ');

  const columns: DataColumn<SanitationCheckList>[] = [
    { key: 'checkDate', title: t('fields.checkDate'), dataIndex: 'checkDate', width: 110 },
    { key: 'locationName', title: t('fields.area'), dataIndex: 'locationName', width: 140 },
    {
      key: 'results',
      title: t('fields.results'),
      width: 200,
      render: (r) => (
        <Space size={4} wrap data-testid={`sanitation-results-${r.id}`}>
          <Tag color="green">
            {t('values.pass')} {r.items.length - r.failedCount - r.uncheckedCount}
          </Tag>
          {r.failedCount > 0 && (
            <Tag color="red">
              {t('values.fail')} {r.failedCount}
            </Tag>
          )}
          {r.uncheckedCount > 0 && (
            <Tag>
              {t('values.unchecked')} {r.uncheckedCount}
            </Tag>
          )}
        </Space>
      ),
      exportValue: counts,
    },
    {
      key: 'failed',
      title: t('fields.failedItems'),
      width: 240,
      render: (r) => (
        <div>
          {r.items
            .filter((i) => i.passed === false)
            .map((i) => (
              <div key={i.id}>
                <b>{i.name}</b>: {i.note ?? '-'}
              </div>
            ))}
        </div>
      ),
      exportValue: failedText,
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 150,
      render: (r) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOR[r.status]} data-testid={`sanitation-status-${r.id}`}>
            {h(`status.${r.status}`)}
          </Tag>
          {r.amendsId && <Tag color="purple">{h('hints.amendsOf', { id: r.amendsId })}</Tag>}
          {r.amendedById && <Tag color="gold">{h('hints.amendedBy', { id: r.amendedById })}</Tag>}
        </Space>
      ),
      exportValue: (r) => h(`status.${r.status}`),
    },
    { key: 'operatorName', title: t('fields.operator'), dataIndex: 'operatorName', width: 100 },
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
    { key: 'note', title: t('fields.note'), dataIndex: 'note', width: 140 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 200,
      fixed: 'right',
      render: (r) => {
        const draft = r.status === 'DRAFT';
        const mine = r.operatorUserId === me;
        return (
          <EditDeleteActions
            testId="sanitation"
            rowId={r.id}
            canModify={false}
            canDelete={canDelete && draft}
            onEdit={() => undefined}
            onDelete={() =>
              void confirmRemove(t('messages.confirmDelete', { date: r.checkDate, area: r.locationName }), async () => {
                await api.remove(r.id);
                useAppStore.getState().notify(t('common:messages.deleted'), 'success');
              })
            }
          >
            <RowAction
              label={h('actions.detail')}
              icon={<FileSearchOutlined />}
              onClick={() => setDetailId(r.id)}
              testId={`sanitation-detail-${r.id}`}
            />
            {canModify && draft && (
              <RowAction
                label={t('actions.fill')}
                icon={<FormOutlined />}
                onClick={() => setEditing({ mode: 'edit', row: r })}
                testId={`sanitation-fill-${r.id}`}
              />
            )}
            {canCreate && draft && mine && (
              <RowAction
                label={h('actions.sign')}
                icon={<CheckCircleOutlined />}
                onClick={() => setSigning({ kind: 'sign', row: r })}
                testId={`sanitation-sign-${r.id}`}
              />
            )}
            {canModify &&
              r.status === 'SIGNED' &&
              (mine ? (
                <Tooltip title={h('hints.selfReview')}>
                  <Button
                    type="text"
                    size="small"
                    disabled
                    icon={<AuditOutlined />}
                    aria-label={h('actions.review')}
                    data-testid={`sanitation-review-${r.id}`}
                  />
                </Tooltip>
              ) : (
                <RowAction
                  label={h('actions.review')}
                  icon={<AuditOutlined />}
                  onClick={() => setSigning({ kind: 'review', row: r })}
                  testId={`sanitation-review-${r.id}`}
                />
              ))}
            {canCreate && !draft && !r.amendedById && (
              <RowAction
                label={h('actions.amend')}
                icon={<DiffOutlined />}
                onClick={() => setEditing({ mode: 'amend', row: r })}
                testId={`sanitation-amend-${r.id}`}
              />
            )}
          </EditDeleteActions>
        );
      },
      exportValue: () => null,
    },
  ];

  const sign = signing?.row;
  return (
    <PageContainer
      menuName={MENU}
      extra={
        <Space wrap>
          <Dropdown
            disabled={!period.to}
            menu={{
              items: [
                { key: 'day', label: t('actions.pdfDay', { date: period.to }), 'data-testid': 'sanitation-pdf-day' },
                {
                  key: 'month',
                  label: t('actions.pdfMonth', { month: period.to?.slice(0, 7) }),
                  'data-testid': 'sanitation-pdf-month',
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
            <Button icon={<FilePdfOutlined />} data-testid="sanitation-pdf">
              PDF
            </Button>
          </Dropdown>
          <Button icon={<SettingOutlined />} data-testid="sanitation-template" onClick={() => setTemplateOpen(true)}>
            {t('actions.template')}
          </Button>
          {canCreate && (
            <Button type="primary" data-testid="sanitation-create" onClick={() => setCreating(true)}>
              {t('actions.create')}
            </Button>
          )}
        </Space>
      }
    >
      <PeriodListTable
        testId="sanitation"
        menuName={MENU}
        view={view}
        list={list}
        args={args}
        rowKey="id"
        historyTable="sanitation_check_lists"
        columns={columns}
        onExport={(a, fileName) => download(sanitationEndpoints.listExport, fileName, { query: a })}
        filters={
          <Select<number>
            data-testid="sanitation-filter-area"
            aria-label={t('filters.allAreas')}
            allowClear
            placeholder={t('filters.allAreas')}
            value={s.locationId}
            onChange={(locationId) => filter({ locationId })}
            options={areas.map((a) => ({ value: a.id, label: a.name }))}
            style={{ width: 180 }}
          />
        }
      />
      <CreateCheckListDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(row) => setEditing({ mode: 'edit', row })}
      />
      <CheckListDialog mode={editing?.mode ?? null} row={editing?.row ?? null} onClose={() => setEditing(null)} />
      <SignatureDialog
        kind={signing?.kind ?? null}
        testId="sanitation"
        onClose={() => setSigning(null)}
        onSign={(kind, password) => (kind === 'review' ? api.review(sign!.id, password) : api.sign(sign!.id, password))}
        details={
          sign
            ? [
                [t('fields.checkDate'), sign.checkDate],
                [t('fields.area'), sign.locationName],
                [t('fields.results'), counts(sign)],
                [t('fields.operator'), sign.operatorName],
              ]
            : null
        }
      />
      <CheckListDetailDialog id={detailId} onClose={() => setDetailId(null)} />
      <TemplateDialog open={templateOpen} onClose={() => setTemplateOpen(false)} />
    </PageContainer>
  );
}
