import { PictureOutlined } from '@ant-design/icons';
import type { TestReport } from '@eqms/contract';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import type { DataColumn } from '../../../components/DataTable.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodListTable, usePeriodList } from '../../../components/PeriodListTable.tsx';
import { EditDeleteActions, RowAction } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { ReportFileActions } from '../../inspection-report/components/ReportFileActions.tsx';
import { downloadReport } from '../../inspection-report/inspection-report.queries.ts';
import { DesignImageDialog } from '../components/DesignImageDialog.tsx';
import { TestReportDialog } from '../components/TestReportDialog.tsx';
import { TEST_REPORT_NS } from '../test-report.locales.ts';
import { useTestReportApi, useTestReports } from '../test-report.queries.ts';

const DEFAULT_DAYS = 90;

type Filters = { q: string | undefined };

/**
 * /report/inspect: test reports by test date, each with its product's design image; PDF and Excel through the generic
 * report files (test-report/single), the list as Excel (test-report/list).
 */
export default function TestReportPage() {
  const { t } = useTranslation([TEST_REPORT_NS, 'common']);
  const canCreate = useCan('inspectReport', 'create');
  const canModify = useCan('inspectReport', 'modify');
  const canDelete = useCan('inspectReport', 'delete');
  const api = useTestReportApi();
  const [editing, setEditing] = useState<TestReport | 'new' | null>(null);
  const [imageOf, setImageOf] = useState<TestReport | null>(null);
  const view = usePeriodList<Filters>(DEFAULT_DAYS, { q: undefined });
  const { s, filter, period } = view;
  const args = period.error ? null : { startDt: period.from, endDt: period.to, q: s.q || undefined };
  const list = useTestReports(args, s.page, s.size);
  const removeRows = async (rows: TestReport[]) => {
    await api.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const judgementText = (r: TestReport) => t(`judgement.${r.judgement ?? 'NONE'}`);

  const columns: DataColumn<TestReport>[] = [
    { key: 'reportNo', title: t('fields.reportNo'), dataIndex: 'reportNo', width: 160 },
    { key: 'testDt', title: t('fields.testDt'), dataIndex: 'testDt', width: 100 },
    { key: 'productCode', title: t('fields.productCode'), dataIndex: 'productCode', width: 110 },
    { key: 'productName', title: t('fields.productName'), dataIndex: 'productName', width: 150 },
    { key: 'lotId', title: t('fields.lotId'), dataIndex: 'lotId', width: 180 },
    { key: 'bizPartnerName', title: t('fields.customer'), dataIndex: 'bizPartnerName', width: 140 },
    {
      key: 'judgement',
      title: t('fields.judgement'),
      width: 90,
      render: (r) => (
        <Tag
          color={r.judgement === 'FAIL' ? 'red' : r.judgement === 'PASS' ? 'green' : 'default'}
          data-testid={`test-report-judgement-${r.id}`}
        >
          {judgementText(r)}
        </Tag>
      ),
      exportValue: judgementText,
    },
    { key: 'itemCount', title: t('fields.itemCount'), dataIndex: 'itemCount', width: 70 },
    { key: 'testerName', title: t('fields.testerName'), dataIndex: 'testerName', width: 90 },
    { key: 'approverName', title: t('fields.approverName'), dataIndex: 'approverName', width: 90 },
    { key: 'remarks', title: t('fields.remarks'), dataIndex: 'remarks', width: 160 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 180,
      fixed: 'right',
      render: (r) => (
        <EditDeleteActions
          testId="test-report"
          rowId={r.id}
          canModify={canModify}
          canDelete={canDelete}
          onEdit={() => setEditing(r)}
          onDelete={() => void confirmRemove(t('messages.confirmDelete', { no: r.reportNo }), () => removeRows([r]))}
        >
          <RowAction
            label={t('actions.designImage')}
            icon={<PictureOutlined />}
            onClick={() => setImageOf(r)}
            testId={`test-report-design-${r.id}`}
          />
          <ReportFileActions name="test-report" id={r.id} fileName={`test-report-${r.reportNo}`} testId="test-report" />
        </EditDeleteActions>
      ),
      exportValue: () => null,
    },
  ];

  return (
    <PageContainer
      menuName="inspectReport"
      extra={
        canCreate && (
          <Button type="primary" data-testid="test-report-create" onClick={() => setEditing('new')}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <PeriodListTable
        testId="test-report"
        menuName="inspectReport"
        view={view}
        list={list}
        args={args}
        rowKey="id"
        historyTable="test_reports"
        columns={columns}
        selectable={canDelete}
        onDeleteSelected={removeRows}
        onExport={(a, fileName) => downloadReport('excel', 'test-report', 'list', a, fileName)}
        filters={
          <SearchBox
            testId="test-report-search"
            placeholder={t('filters.search')}
            value={s.q}
            onSearch={(q) => filter({ q })}
            style={{ width: 260 }}
          />
        }
      />
      <TestReportDialog
        open={editing !== null}
        row={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <DesignImageDialog report={imageOf} onClose={() => setImageOf(null)} />
    </PageContainer>
  );
}
