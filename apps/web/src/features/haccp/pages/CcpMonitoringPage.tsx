import {
  AuditOutlined,
  CheckCircleOutlined,
  DiffOutlined,
  FilePdfOutlined,
  FileSearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { CCP_TYPES, type CcpMonitoring, type CcpType, ccpEndpoints } from '@eqms/contract';
import { Alert, Button, Collapse, Dropdown, Select, Space, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { downloadReport } from '../../inspection-report/inspection-report.queries.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { DetailDialog } from '../components/DetailDialog.tsx';
import { MonitoringDialog, type MonitoringMode } from '../components/MonitoringDialog.tsx';
import { PointsDialog } from '../components/PointsDialog.tsx';
import { limitsText, signatureText, valueText } from '../components/record-text.ts';
import { SignDialog } from '../components/SignDialog.tsx';
import { STATUS_COLOR } from '../components/status.ts';
import { HACCP_NS } from '../haccp.locales.ts';
import { useHaccpApi, useMonitorings } from '../haccp.queries.ts';

const DEFAULT_DAYS = 7;

type Filters = { type: CcpType | undefined };

/**
 * /haccp/ccpMonitoringPage: CCP checks of a period (newest first) with their deviations and corrective actions, the
 * missing checks, and the record's life: sign (operator, password), review (another user with the modify right),
 * amend (a new linked record). The server enforces every rule; the buttons only follow them.
 */
export default function CcpMonitoringPage() {
  const { t } = useTranslation([HACCP_NS, 'common']);
  const me = useAppStore((s) => s.user?.userId);
  const canCreate = useCan('ccpMonitoring', 'create');
  const canModify = useCan('ccpMonitoring', 'modify');
  const canDelete = useCan('ccpMonitoring', 'delete');
  const api = useHaccpApi();
  const [editing, setEditing] = useState<{ mode: MonitoringMode; row: CcpMonitoring | null } | null>(null);
  const [signing, setSigning] = useState<{ kind: 'sign' | 'review'; row: CcpMonitoring } | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const [pointsOpen, setPointsOpen] = useState(false);
  const view = usePeriodList<Filters>(DEFAULT_DAYS, { type: undefined }, { maxDays: 92 });
  const { s, filter, period } = view;
  const args = period.error ? null : { startDt: period.from!, endDt: period.to!, type: s.type };
  const list = useMonitorings(args, { page: s.page, size: s.size });
  const missing = list.data?.missing ?? [];

  const columns: DataColumn<CcpMonitoring>[] = [
    { key: 'checkedAt', title: t('fields.checkedAt'), dataIndex: 'checkedAt', width: 140 },
    { key: 'ccpName', title: t('fields.ccp'), dataIndex: 'ccpName', width: 150 },
    {
      key: 'ccpType',
      title: t('fields.type'),
      width: 100,
      render: (r) => t(`types.${r.ccpType}`),
      exportValue: (r) => t(`types.${r.ccpType}`),
    },
    {
      key: 'limits',
      title: t('fields.limits'),
      width: 120,
      render: (r) => limitsText(r, t),
      exportValue: (r) => limitsText(r, t),
    },
    {
      key: 'value',
      title: t('fields.value'),
      width: 120,
      render: (r) => (
        <Space size={4} data-testid={`ccp-value-${r.id}`}>
          {valueText(r, t)}
          {r.deviation && <Tag color="red">{t('values.yes')}</Tag>}
        </Space>
      ),
      exportValue: (r) => valueText(r, t),
    },
    {
      key: 'status',
      title: t('fields.status'),
      width: 150,
      render: (r) => (
        <Space size={4} wrap>
          <Tag color={STATUS_COLOR[r.status]} data-testid={`ccp-status-${r.id}`}>
            {t(`status.${r.status}`)}
          </Tag>
          {r.amendsId && <Tag color="purple">{t('hints.amendsOf', { id: r.amendsId })}</Tag>}
          {r.amendedById && <Tag color="gold">{t('hints.amendedBy', { id: r.amendedById })}</Tag>}
        </Space>
      ),
      exportValue: (r) => t(`status.${r.status}`),
    },
    { key: 'productAction', title: t('fields.productAction'), dataIndex: 'productAction', width: 180 },
    { key: 'cause', title: t('fields.cause'), dataIndex: 'cause', width: 140 },
    { key: 'actionBy', title: t('fields.actionBy'), dataIndex: 'actionBy', width: 90 },
    { key: 'operatorName', title: t('fields.operator'), dataIndex: 'operatorName', width: 110 },
    {
      key: 'signatures',
      title: t('fields.signatures'),
      width: 240,
      render: (r) => (
        <div>
          {r.signatures.map((sig) => (
            <div key={sig.id}>{signatureText(sig, t)}</div>
          ))}
        </div>
      ),
      exportValue: (r) => r.signatures.map((sig) => signatureText(sig, t)).join('; '),
    },
    { key: 'note', title: t('fields.note'), dataIndex: 'note', width: 140 },
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
            testId="ccp"
            rowId={r.id}
            canModify={canModify && draft}
            canDelete={canDelete && draft}
            onEdit={() => setEditing({ mode: 'edit', row: r })}
            onDelete={() =>
              void confirmRemove(t('messages.confirmDelete', { date: r.checkedAt, ccp: r.ccpName }), async () => {
                await api.remove(r.id);
                useAppStore.getState().notify(t('common:messages.deleted'), 'success');
              })
            }
          >
            <RowAction
              label={t('actions.detail')}
              icon={<FileSearchOutlined />}
              onClick={() => setDetailId(r.id)}
              testId={`ccp-detail-${r.id}`}
            />
            {canCreate && draft && mine && (
              <RowAction
                label={t('actions.sign')}
                icon={<CheckCircleOutlined />}
                onClick={() => setSigning({ kind: 'sign', row: r })}
                testId={`ccp-sign-${r.id}`}
              />
            )}
            {canModify &&
              r.status === 'SIGNED' &&
              (mine ? (
                <Tooltip title={t('hints.selfReview')}>
                  <Button
                    type="text"
                    size="small"
                    disabled
                    icon={<AuditOutlined />}
                    aria-label={t('actions.review')}
                    data-testid={`ccp-review-${r.id}`}
                  />
                </Tooltip>
              ) : (
                <RowAction
                  label={t('actions.review')}
                  icon={<AuditOutlined />}
                  onClick={() => setSigning({ kind: 'review', row: r })}
                  testId={`ccp-review-${r.id}`}
                />
              ))}
            {canCreate && !draft && !r.amendedById && (
              <RowAction
                label={t('actions.amend')}
                icon={<DiffOutlined />}
                onClick={() => setEditing({ mode: 'amend', row: r })}
                testId={`ccp-amend-${r.id}`}
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
      menuName="ccpMonitoring"
      extra={
        <Space>
          <Dropdown
            disabled={!period.to}
            menu={{
              items: [
                { key: 'day', label: t('actions.pdfDay', { date: period.to }), 'data-testid': 'ccp-pdf-day' },
                {
                  key: 'month',
                  label: t('actions.pdfMonth', { month: period.to?.slice(0, 7) }),
                  'data-testid': 'ccp-pdf-month',
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
            <Button icon={<FilePdfOutlined />} data-testid="ccp-pdf">
              PDF
            </Button>
          </Dropdown>
          <Button icon={<SettingOutlined />} data-testid="ccp-points" onClick={() => setPointsOpen(true)}>
            {t('actions.points')}
          </Button>
          {canCreate && (
            <Button type="primary" data-testid="ccp-create" onClick={() => setEditing({ mode: 'create', row: null })}>
              {t('actions.create')}
            </Button>
          )}
        </Space>
      }
    >
      {missing.length > 0 && (
        <Collapse
          size="small"
          style={{ marginBottom: 12 }}
          data-testid="ccp-missing"
          items={[
            {
              key: 'missing',
              label: (
                <Alert
                  type="warning"
                  showIcon
                  banner
                  style={{ background: 'transparent', padding: 0 }}
                  title={t('titles.missing', { count: missing.length })}
                />
              ),
              children: (
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {missing.slice(0, 200).map((m) => (
                    <li key={`${m.ccpId}-${m.slotStart}`}>
                      {m.ccpName} ({t(`types.${m.ccpType}`)}) — {m.slotStart} ~ {m.slotEnd.slice(11)}
                    </li>
                  ))}
                </ul>
              ),
            },
          ]}
        />
      )}
      <PeriodListTable
        testId="ccp"
        menuName="ccpMonitoring"
        view={view}
        list={list}
        args={args}
        rowKey="id"
        historyTable="ccp_monitorings"
        columns={columns}
        onExport={(a, fileName) => download(ccpEndpoints.listExport, fileName, { query: a })}
        filters={
          <Select<CcpType>
            data-testid="ccp-filter-type"
            aria-label={t('filters.allTypes')}
            allowClear
            placeholder={t('filters.allTypes')}
            value={s.type}
            onChange={(type) => filter({ type })}
            options={CCP_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            style={{ width: 160 }}
          />
        }
      />
      <MonitoringDialog mode={editing?.mode ?? null} row={editing?.row ?? null} onClose={() => setEditing(null)} />
      <SignDialog kind={signing?.kind ?? null} row={signing?.row ?? null} onClose={() => setSigning(null)} />
      <DetailDialog id={detailId} onClose={() => setDetailId(null)} />
      <PointsDialog open={pointsOpen} onClose={() => setPointsOpen(false)} />
    </PageContainer>
  );
}
