import type { InspectionReport } from '@eqms/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { EditDeleteActions } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { InspectionReportDialog } from '../components/InspectionReportDialog.tsx';
import { ReportFileActions } from '../components/ReportFileActions.tsx';
import { INSPECTION_REPORT_NS } from '../inspection-report.locales.ts';
import { downloadReport, useInspectionReportApi, useInspectionReports } from '../inspection-report.queries.ts';

const DEFAULT_DAYS = 90;

type Filters = { bizPartnerId: number | undefined; q: string | undefined };

/**
 * /quality/report/inspection-report: inspection reports issued to customers by issue date; each prints as PDF or
 * Excel through the generic report files (inspection-report/single), the list as Excel (inspection-report/list).
 */
export default function InspectionReportPage() {
  const { t } = useTranslation([INSPECTION_REPORT_NS, 'common']);
  const canCreate = useCan('inspectionReport', 'create');
  const canModify = useCan('inspectionReport', 'modify');
  const canDelete = useCan('inspectionReport', 'delete');
  const api = useInspectionReportApi();
  const [editing, setEditing] = useState<InspectionReport | 'new' | null>(null);
  const view = usePeriodList<Filters>(
    DEFAULT_DAYS,
    { bizPartnerId: undefined, q: undefined },
    { numbers: ['bizPartnerId'] },
  );
  const { s, filter, period } = view;
  const args = period.error
    ? null
    : { startDt: period.from, endDt: period.to, bizPartnerId: s.bizPartnerId, q: s.q || undefined };
  const list = useInspectionReports(args, s.page, s.size);
  const removeRows = async (rows: InspectionReport[]) => {
    await api.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };

  const columns: DataColumn<InspectionReport>[] = [
    { key: 'reportNo', title: t('fields.reportNo'), dataIndex: 'reportNo', width: 160 },
    { key: 'issueDt', title: t('fields.issueDt'), dataIndex: 'issueDt', width: 100 },
    { key: 'bizPartnerName', title: t('fields.customer'), dataIndex: 'bizPartnerName', width: 150 },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 110 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
    { key: 'lotId', title: t('fields.lotId'), dataIndex: 'lotId', width: 180 },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 90,
      render: (r) => `${fmtQty(r.qty)} ${r.unit}`,
      exportValue: (r) => r.qty,
    },
    {
      key: 'judgement',
      title: t('fields.judgement'),
      width: 90,
      render: (r) => (
        <Tag color={r.judgement === 'FAIL' ? 'red' : 'green'} data-testid={`inspection-report-judgement-${r.id}`}>
          {t(`judgement.${r.judgement}`)}
        </Tag>
      ),
      exportValue: (r) => t(`judgement.${r.judgement}`),
    },
    {
      key: 'results',
      title: t('fields.results'),
      width: 80,
      render: (r) => t('hints.resultCount', { count: r.resultIds.length }),
      exportValue: (r) => r.resultIds.length,
    },
    { key: 'inspectorName', title: t('fields.inspectorName'), dataIndex: 'inspectorName', width: 90 },
    { key: 'approverName', title: t('fields.approverName'), dataIndex: 'approverName', width: 90 },
    { key: 'remarks', title: t('fields.remarks'), dataIndex: 'remarks', width: 160 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 150,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="inspection-report"
          rowId={r.id}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditing(r)}
          onDelete={() => void confirmRemove(t('messages.confirmDelete', { no: r.reportNo }), () => removeRows([r]))}
        >
          <ReportFileActions
            name="inspection-report"
            id={r.id}
            fileName={`inspection-report-${r.reportNo}`}
            testId="inspection-report"
          />
        </EditDeleteActions>
      ),
      exportValue: () => null,
    },
  ];

  return (
    <PageContainer
      menuName="inspectionReport"
      extra={
        canCreate && (
          <Button type="primary" data-testid="inspection-report-create" onClick={() => setEditing('new')}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <PeriodListTable
        testId="inspection-report"
        menuName="inspectionReport"
        view={view}
        list={list}
        args={args}
        rowKey="id"
        historyTable="inspection_reports"
        columns={columns}
        selectable={canDelete}
        onDeleteSelected={removeRows}
        onExport={(a, fileName) => downloadReport('excel', 'inspection-report', 'list', a, fileName)}
        filters={
          <>
            <PartnerSelect
              type="CUSTOMER"
              testId="inspection-report-filter-customer"
              placeholder={t('filters.allCustomers')}
              notFound={t('hints.noCustomers')}
              value={s.bizPartnerId ?? null}
              onChange={(bizPartnerId) => filter({ bizPartnerId: bizPartnerId ?? undefined })}
              style={{ width: 180 }}
            />
            <SearchBox
              testId="inspection-report-search"
              placeholder={t('filters.search')}
              value={s.q}
              onSearch={(q) => filter({ q })}
              style={{ width: 260 }}
            />
          </>
        }
      />
      <InspectionReportDialog
        open={editing !== null}
        row={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    </PageContainer>
  );
}
