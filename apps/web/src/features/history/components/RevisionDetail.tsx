import { HistoryOutlined } from '@ant-design/icons';
import type { HistoryEntry } from '@eqms/contract';
import { Button, Descriptions, Drawer, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { HistoryDialog } from '../../../components/HistoryDialog.tsx';
import { formatRevisionDate, RevisionDiff, RevisionTypeTag } from '../../../components/RevisionDiff.tsx';
import { hasRecordHistory, tableLabel } from '../history-tables.ts';

const DRAWER_WIDTH = 760;

/** One revision drilled into: who changed what and when, the values field by field, and the record's history. */
export function RevisionDetail({ entry, onClose }: { entry: HistoryEntry | null; onClose: () => void }) {
  const { t } = useTranslation(['history', 'historyDialog']);
  const locale = useAppStore((s) => s.locale);
  const [recordOpen, setRecordOpen] = useState(false);
  const canOpenRecord = !!entry?.rowId && hasRecordHistory(entry.table);
  return (
    <Drawer
      open={!!entry}
      onClose={onClose}
      placement="right"
      size={Math.min(DRAWER_WIDTH, typeof window === 'undefined' ? DRAWER_WIDTH : window.innerWidth)}
      title={entry ? t('detail.title', { id: entry.revisionId }) : ''}
      extra={
        entry &&
        canOpenRecord && (
          <Button icon={<HistoryOutlined />} onClick={() => setRecordOpen(true)} data-testid="revision-record-history">
            {t('detail.recordHistory')}
          </Button>
        )
      }
    >
      {entry && (
        <Flex vertical gap={16} data-testid="revision-detail">
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'type',
                label: t('columns.revisionType'),
                children: <RevisionTypeTag type={entry.revisionType} />,
              },
              { key: 'date', label: t('columns.revisionDate'), children: formatRevisionDate(entry.revisionDate) },
              { key: 'service', label: t('columns.service'), children: tableLabel(entry.table, locale) },
              {
                key: 'rowId',
                label: t('columns.rowId'),
                children: <span data-testid="revision-detail-row-id">{entry.rowId ?? '-'}</span>,
              },
              { key: 'updateBy', label: t('columns.updateBy'), children: entry.updateBy ?? '-' },
            ]}
          />
          <RevisionDiff key={entry.revisionId} entry={entry} testId="revision-detail-diff" />
          {!canOpenRecord && entry.rowId && (
            <Typography.Text type="secondary">{t('detail.noRecordHistory')}</Typography.Text>
          )}
        </Flex>
      )}
      {entry && (
        <HistoryDialog
          table={entry.table}
          rowId={recordOpen ? entry.rowId : null}
          title={`${tableLabel(entry.table, locale)} #${entry.rowId}`}
          onClose={() => setRecordOpen(false)}
        />
      )}
    </Drawer>
  );
}
