import { HistoryOutlined } from '@ant-design/icons';
import type { HistoryEntry, ProductionResult } from '@eqms/contract';
import { Button, Empty, Flex, Modal, Space, Table, Typography } from 'antd';
import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRevisionDate, formatValue, RevisionDiff, RevisionTypeTag } from '../../../components/RevisionDiff.tsx';
import { useLineTools } from '../../oper-plan/oper-plan.queries.ts';
import { fmtQty } from '../../production-plan/plan-rules.ts';
import { useLineCrew, useResultHistory } from '../production-result.queries.ts';
import { RESULT_NS } from '../production-result.locales.ts';
import { type HistoryField, resultChanges } from '../result-rules.ts';

/**
 * A result's edit history (GET /productionprofit/{id}/history: the change history of its daily plan), oldest first:
 * each revision's result fields as "before → after" in the UI language — statuses by name, workers and tools by name
 * — and, opened, every changed column with the shared revision view.
 */
export function ResultHistoryDialog({ result, onClose }: { result: ProductionResult | null; onClose: () => void }) {
  const { t } = useTranslation([RESULT_NS, 'common']);
  const history = useResultHistory(result?.id ?? null);
  const crew = useLineCrew(result?.lineId ?? null);
  const tools = useLineTools();
  const [expanded, setExpanded] = useState<Key[]>([]);
  const rows = history.data ?? [];

  const names = useMemo(() => {
    const workers = new Map<number, string>();
    for (const u of [...crew.lineWorkers, ...crew.others]) workers.set(u.id, u.username);
    if (result?.workerId != null && result.workerName) workers.set(result.workerId, result.workerName);
    const toolNames = new Map(tools.data.map((x) => [x.id, `${x.code} · ${x.name}`]));
    if (result?.toolId != null && result.toolName) toolNames.set(result.toolId, result.toolName);
    return { workers, tools: toolNames };
  }, [crew.lineWorkers, crew.others, tools.data, result]);

  const valueText = (field: HistoryField, v: unknown): string => {
    if (v === null || v === undefined || v === '') return '-';
    if (field === 'status') return t(`status.${String(v)}`);
    if (field === 'good_qty' || field === 'bad_qty' || field === 'target_qty') return fmtQty(Number(v));
    if (field === 'worker_id') return names.workers.get(Number(v)) ?? `#${v}`;
    if (field === 'tool_id') return names.tools.get(Number(v)) ?? `#${v}`;
    const text = formatValue(v) ?? '-';
    // Times to the minute, as they are entered.
    return field === 'started_at' || field === 'ended_at' ? text.slice(0, 16) : text;
  };

  const changes = (e: HistoryEntry) => {
    if (e.revisionType === 'ADD') return <Typography.Text type="secondary">{t('history.created')}</Typography.Text>;
    if (e.revisionType === 'DEL') return <Typography.Text type="secondary">{t('history.deleted')}</Typography.Text>;
    const list = resultChanges(e);
    if (list.length === 0) return <Typography.Text type="secondary">{t('history.otherFields')}</Typography.Text>;
    return (
      <Flex vertical gap={2}>
        {list.map((c) => (
          <span key={c.field} data-testid="result-history-change" data-field={c.field}>
            <Typography.Text type="secondary">{t(`history.fields.${c.field}`)}</Typography.Text>{' '}
            {valueText(c.field, c.before)} → <Typography.Text strong>{valueText(c.field, c.after)}</Typography.Text>
          </span>
        ))}
      </Flex>
    );
  };

  const toggle = (key: Key) =>
    setExpanded((keys) => (keys.includes(key) ? keys.filter((k) => k !== key) : [...keys, key]));

  return (
    <Modal
      open={result !== null}
      onCancel={onClose}
      destroyOnHidden
      width={960}
      style={{ maxWidth: 'calc(100vw - 32px)' }}
      title={
        <Space wrap>
          <HistoryOutlined />
          <span>{t('titles.history')}</span>
          {result && (
            <Typography.Text type="secondary" data-testid="result-history-subject">
              {result.productCode} · {result.day} · {result.seq}/{result.lastSeq} {result.operationName}
            </Typography.Text>
          )}
        </Space>
      }
      footer={
        <Button onClick={onClose} data-testid="result-history-close">
          {t('common:actions.close')}
        </Button>
      }
    >
      <div data-testid="result-history">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('history.expandHint')}
        </Typography.Paragraph>
        <Table<HistoryEntry>
          size="small"
          rowKey="revisionId"
          loading={history.isFetching}
          dataSource={rows}
          pagination={rows.length > 20 ? { pageSize: 20, size: 'small', showSizeChanger: false } : false}
          scroll={{ x: 760, y: 'min(60vh, 520px)' }}
          data-testid="result-history-table"
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.none')} /> }}
          expandable={{
            expandedRowKeys: expanded,
            expandRowByClick: true,
            onExpand: (_open, e) => toggle(e.revisionId),
            expandedRowRender: (e) => <RevisionDiff entry={e} testId={`result-history-diff-${e.revisionId}`} />,
          }}
          onRow={(e) =>
            ({
              style: { cursor: 'pointer' },
              'data-testid': 'result-history-row',
              'data-revision-id': e.revisionId,
              'data-type': e.revisionType,
            }) as object
          }
          columns={[
            { key: 'revisionId', title: t('history.revision'), dataIndex: 'revisionId', width: 90 },
            {
              key: 'revisionDate',
              title: t('history.changedAt'),
              width: 170,
              render: (_, e) => formatRevisionDate(e.revisionDate),
            },
            {
              key: 'type',
              title: t('history.type'),
              width: 80,
              render: (_, e) => <RevisionTypeTag type={e.revisionType} />,
            },
            { key: 'by', title: t('history.by'), dataIndex: 'updateBy', width: 120, ellipsis: true },
            { key: 'changes', title: t('history.changes'), render: (_, e) => changes(e) },
          ]}
        />
      </div>
    </Modal>
  );
}
