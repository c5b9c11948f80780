import { type HistoryEntry, historyEndpoints } from '@eqms/contract';
import { HistoryOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Space, Table, Typography } from 'antd';
import { type Key, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callPage } from '../api/http.ts';
import { registerLocales } from '../i18n/index.ts';
import { ChangedFieldsSummary, formatRevisionDate, RevisionDiff, RevisionTypeTag } from './RevisionDiff.tsx';

// The change-history dialog of one record (SPEC §2 other screens, §3 change-history entry): its revisions, paged
// on the server, oldest first; a revision opens field by field.
registerLocales('historyDialog', {
  kr: {
    title: '변경 이력',
    revisionId: '리비전',
    revisionDate: '변경 일시',
    revisionType: '구분',
    updateBy: '변경자',
    changedFields: '변경 항목',
    none: '변경 이력이 없습니다.',
    expandHint: '행을 누르면 항목별 변경 내용이 보입니다.',
  },
  en: {
    title: 'Change history',
    revisionId: 'Revision',
    revisionDate: 'Changed at',
    revisionType: 'Type',
    updateBy: 'Changed by',
    changedFields: 'Changed fields',
    none: 'No change history.',
    expandHint: 'Click a row to see the changes field by field.',
  },
});

const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_SIZE = 20;

export function recordHistoryKey(table: string, rowId: string, page: number, size: number) {
  return ['history', 'record', table, rowId, page, size] as const;
}

export function HistoryDialog({
  table,
  rowId,
  title,
  onClose,
}: {
  table: string;
  rowId: string | number | null;
  title?: ReactNode;
  onClose: () => void;
}) {
  const { t } = useTranslation(['historyDialog', 'common']);
  const open = rowId != null;
  const id = rowId == null ? '' : String(rowId);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_SIZE);
  const [expanded, setExpanded] = useState<Key[]>([]);
  // Another record starts on its first page with nothing open (state reset while rendering, not in an effect).
  const recordKey = `${table}/${id}`;
  const [shownKey, setShownKey] = useState(recordKey);
  if (shownKey !== recordKey) {
    setShownKey(recordKey);
    setPage(1);
    setExpanded([]);
  }

  const query = useQuery({
    queryKey: recordHistoryKey(table, id, page, size),
    queryFn: ({ signal }) =>
      callPage(historyEndpoints.record, { params: { table, id }, query: { page, size }, signal }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const toggle = (key: Key) =>
    setExpanded((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={
        <Space>
          <HistoryOutlined />
          <span>{t('title')}</span>
          {title && (
            <Typography.Text type="secondary" data-testid="history-dialog-subject">
              {title}
            </Typography.Text>
          )}
        </Space>
      }
      width={1000}
      style={{ maxWidth: 'calc(100vw - 32px)' }}
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid="history-dialog-close">
          {t('common:actions.close')}
        </Button>
      }
    >
      {/* The modal's own root has no box: the test id is on its content. */}
      <div data-testid="history-dialog">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('expandHint')}
        </Typography.Paragraph>
        <Table<HistoryEntry>
          size="small"
          rowKey="revisionId"
          loading={query.isFetching}
          dataSource={rows}
          scroll={{ x: 720, y: 'min(60vh, 560px)' }}
          data-testid="history-dialog-table"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('none')} /> }}
          expandable={{
            expandedRowKeys: expanded,
            expandRowByClick: true,
            onExpand: (_open, r) => toggle(r.revisionId),
            expandedRowRender: (r) => <RevisionDiff entry={r} testId={`history-dialog-diff-${r.revisionId}`} />,
          }}
          onRow={(r) =>
            ({
              style: { cursor: 'pointer' },
              'data-testid': 'history-dialog-row',
              'data-revision-id': r.revisionId,
            }) as object
          }
          columns={[
            { key: 'revisionId', title: t('revisionId'), dataIndex: 'revisionId', width: 90 },
            {
              key: 'revisionDate',
              title: t('revisionDate'),
              width: 170,
              render: (_, r) => formatRevisionDate(r.revisionDate),
            },
            {
              key: 'revisionType',
              title: t('revisionType'),
              width: 80,
              render: (_, r) => <RevisionTypeTag type={r.revisionType} />,
            },
            { key: 'updateBy', title: t('updateBy'), dataIndex: 'updateBy', width: 120 },
            { key: 'changedFields', title: t('changedFields'), render: (_, r) => <ChangedFieldsSummary entry={r} /> },
          ]}
          pagination={{
            current: page,
            pageSize: size,
            total: query.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            hideOnSinglePage: false,
            size: 'small',
            onChange: (p, s) => {
              setPage(s !== size ? 1 : p);
              setSize(s);
            },
          }}
        />
      </div>
    </Modal>
  );
}
