import { Modal, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../app/codes.ts';
import { SignedQty } from '../material-stock/components/stock-inputs.tsx';
import { fmtQty } from '../material-stock/stock-rules.ts';
import type { IssueScreen } from './issue-screen.ts';

/** A movement at the line, as both screens' servers give it. */
export type LineMovement = {
  id: number;
  type: 'RELEASE' | 'RESTOCK' | 'CONSUME';
  qty: number;
  balance: number;
  reason: string | null;
  occurredAt: string;
  createdBy: string | null;
};

const COLORS: Record<LineMovement['type'], string> = { RELEASE: 'blue', RESTOCK: 'cyan', CONSUME: 'purple' };

/**
 * A released row's movements at the line, oldest first. The item kind gives the title, the row's line of text (what,
 * to which plan) and the movements query.
 */
export function HistoryDialog({
  screen,
  row,
  title,
  about,
  movements,
  onClose,
}: {
  screen: IssueScreen;
  /** The released row (null: closed). */
  row: { qty: number; unit: string } | null;
  title: string;
  /** "item — plan's product (line)". */
  about: string | null;
  movements: { isLoading: boolean; data?: LineMovement[] };
  onClose: () => void;
}) {
  const { t } = useTranslation(screen.ns);
  const p = screen.testPrefix;
  const unitLabel = useCodeLabel('UNIT');
  const columns: TableColumnsType<LineMovement> = [
    {
      title: t('fields.occurredAt'),
      dataIndex: 'occurredAt',
      width: 150,
      render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('fields.movementType'),
      dataIndex: 'type',
      width: 100,
      render: (v: LineMovement['type']) => (
        <Tag color={COLORS[v]} data-testid={`${p}-movement-type`} data-type={v} style={{ marginInlineEnd: 0 }}>
          {t(`movement.${v}`)}
        </Tag>
      ),
    },
    { title: t('fields.qty'), dataIndex: 'qty', width: 90, align: 'right', render: (v: number) => <SignedQty v={v} /> },
    { title: t('fields.atLine'), dataIndex: 'balance', width: 90, align: 'right', render: fmtQty },
    { title: t('fields.reason'), dataIndex: 'reason', ellipsis: true },
    { title: t('fields.by'), dataIndex: 'createdBy', width: 110, ellipsis: true },
  ];
  return (
    <Modal
      open={row !== null}
      title={title}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
      data-testid={`${p}-history`}
    >
      {row && (
        <Typography.Paragraph type="secondary">
          {about} — {t('hints.atLine', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) })}
        </Typography.Paragraph>
      )}
      <Table<LineMovement>
        size="small"
        rowKey="id"
        data-testid={`${p}-history-table`}
        loading={movements.isLoading}
        columns={columns}
        dataSource={movements.data ?? []}
        pagination={false}
        scroll={{ x: 700, y: 420 }}
        onRow={(m) => ({ 'data-testid': `${p}-history-row`, 'data-type': m.type }) as never}
      />
    </Modal>
  );
}
