import type { MenuNode } from '@eqms/contract';
import { Button, Checkbox, Space, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FLAG_KEYS, type FlagKey, flagState, grantableTree, type OwnFlags, toggleFlag } from '../permission-tree.ts';

type Row = { key: string; name: string; label: string; children?: Row[] };

function rowsOf(nodes: MenuNode[], locale: 'kr' | 'en'): Row[] {
  return nodes.map((n) => ({
    key: n.name,
    name: n.name,
    label: n.label[locale],
    ...(n.children?.length ? { children: rowsOf(n.children, locale) } : {}),
  }));
}

const allKeys = (rows: Row[]): string[] => rows.flatMap((r) => (r.children ? [r.key, ...allKeys(r.children)] : []));

/**
 * The menu tree with all/view/create/modify/delete per node (SPEC §6). A flag set on a node applies to its
 * children, which show it checked and locked as inherited; 'all' implies the other four.
 */
export function PermissionEditor({
  value,
  onChange,
  disabled,
}: {
  value: OwnFlags;
  onChange: (v: OwnFlags) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('role');
  const locale = useAppStore((s) => s.locale);
  const rows = useMemo(() => rowsOf(grantableTree(), locale), [locale]);
  const expandable = useMemo(() => allKeys(rows), [rows]);
  const [expanded, setExpanded] = useState<string[]>(expandable);

  const columns: ColumnsType<Row> = [
    { key: 'menu', title: t('fields.menu'), dataIndex: 'label', width: 240 },
    ...FLAG_KEYS.map((flag: FlagKey) => {
      const topAll = rows.every((r) => value[r.name]?.[flag]);
      return {
        key: flag,
        width: 72,
        align: 'center' as const,
        title: (
          <Space orientation="vertical" size={0} align="center">
            <span>{t(`flags.${flag}`)}</span>
            <Checkbox
              data-testid={`perm-column-${flag}`}
              aria-label={t(`flags.${flag}`)}
              checked={topAll}
              disabled={disabled}
              onChange={(e) => {
                let next = value;
                for (const r of rows) next = toggleFlag(next, r.name, flag, e.target.checked);
                onChange(next);
              }}
            />
          </Space>
        ),
        render: (_: unknown, row: Row) => {
          const s = flagState(value, row.name, flag);
          const box = (
            <Checkbox
              data-testid={`perm-${row.name}-${flag}`}
              aria-label={`${row.label} ${t(`flags.${flag}`)}`}
              checked={s.checked}
              disabled={disabled || s.inherited}
              data-inherited={s.inherited ? 'true' : undefined}
              onChange={(e) => onChange(toggleFlag(value, row.name, flag, e.target.checked))}
            />
          );
          return s.inherited ? <Tooltip title={t('hints.inherited')}>{box}</Tooltip> : box;
        },
      };
    }),
  ];

  return (
    <div data-testid="permission-editor">
      <Space style={{ marginBottom: 8 }} wrap>
        <Typography.Text type="secondary">{t('hints.inherit')}</Typography.Text>
        <Button size="small" onClick={() => setExpanded(expandable)}>
          {t('actions.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])}>
          {t('actions.collapseAll')}
        </Button>
      </Space>
      <Table<Row>
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys as string[]) }}
      />
    </div>
  );
}
