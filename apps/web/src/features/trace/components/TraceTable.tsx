import { type TraceGraph, type TraceNodeKind, type TraceRow, traceRows } from '@eqms/contract';
import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { TRACE_NS } from '../trace.locales.ts';
import { KIND_COLORS } from './TraceGraphChart.tsx';

// The genealogy as a table, one row per edge (the contract's traceRows: the rows of the server's workbook too), with
// the workbook as its export.

type Row = TraceRow & { id: string };

function End({
  kind,
  label,
  code,
  name,
}: {
  kind: TraceNodeKind;
  label: string;
  code: string | null;
  name: string | null;
}) {
  const { t } = useTranslation(TRACE_NS);
  return (
    <>
      <Tag color={KIND_COLORS[kind]} style={{ marginInlineEnd: 6 }}>
        {t(`kinds.${kind}`)}
      </Tag>
      <Typography.Text strong>{label}</Typography.Text>
      {(code || name) && kind !== 'CUSTOMER' && (
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
          {[code, name].filter(Boolean).join(' ')}
        </Typography.Text>
      )}
    </>
  );
}

export function TraceTable({ graph, onExport }: { graph: TraceGraph; onExport: () => Promise<void> }) {
  const { t } = useTranslation(TRACE_NS);
  const unitLabel = useCodeLabel('UNIT');
  const rows = useMemo<Row[]>(
    () => traceRows(graph).map((r) => ({ ...r, id: `${r.kind}|${r.from}|${r.to}` })),
    [graph],
  );
  const columns: DataColumn<Row>[] = [
    { key: 'level', title: t('fields.level'), dataIndex: 'level', width: 70, sorter: (a, b) => a.level - b.level },
    {
      key: 'kind',
      title: t('fields.flow'),
      width: 100,
      render: (r) => t(`flows.${r.kind}`),
      exportValue: (r) => t(`flows.${r.kind}`),
    },
    {
      key: 'from',
      title: t('fields.from'),
      width: 260,
      render: (r) => <End kind={r.fromKind} label={r.fromLabel} code={r.fromCode} name={r.fromName} />,
      exportValue: (r) => `${r.fromLabel} ${[r.fromCode, r.fromName].filter(Boolean).join(' ')}`.trim(),
    },
    {
      key: 'to',
      title: t('fields.to'),
      width: 260,
      render: (r) => <End kind={r.toKind} label={r.toLabel} code={r.toCode} name={r.toName} />,
      exportValue: (r) => `${r.toLabel} ${[r.toCode, r.toName].filter(Boolean).join(' ')}`.trim(),
    },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 110,
      render: (r) => (
        <span style={{ whiteSpace: 'nowrap' }} data-testid="trace-row-qty">
          <Typography.Text strong>{fmtQty(r.qty)}</Typography.Text> {unitLabel(r.unit)}
        </span>
      ),
      exportValue: (r) => r.qty,
      sorter: (a, b) => a.qty - b.qty,
    },
    {
      key: 'dailyPlans',
      title: t('fields.dailyPlans'),
      width: 110,
      render: (r) => r.dailyPlanIds.join(', '),
    },
    {
      key: 'canceled',
      title: t('fields.canceled'),
      width: 90,
      render: (r) => (r.canceled ? <Tag data-testid="trace-row-canceled">{t('canceled')}</Tag> : ''),
      exportValue: (r) => (r.canceled ? 'Y' : ''),
    },
  ];
  return (
    <DataTable<Row>
      testId="trace-table"
      rowKey="id"
      columns={columns}
      data={rows}
      exportName={t('title')}
      onExport={onExport}
    />
  );
}
