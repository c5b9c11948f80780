import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Flex, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { type BomRow, useBomApi } from '../bom.queries.ts';
import type { BomLineDialogMode } from './BomLineDialog.tsx';
import { fmt } from './bom-format.ts';

// The chosen product's BOM as a tree: each line with its quantity per unit, loss rate and the quantity required for
// the production quantity; a product line can take lines under it; every line can be edited or deleted.

export function BomTree({
  rows,
  loading,
  qty,
  expandedKeys,
  onExpandedChange,
  onDialog,
}: {
  rows: BomRow[];
  loading: boolean;
  qty: number;
  expandedKeys: string[];
  onExpandedChange: (keys: string[]) => void;
  /** Opens the line dialog: a new line under a product line, or a line to edit. */
  onDialog: (mode: BomLineDialogMode) => void;
}) {
  const { t } = useTranslation(['bom', 'common']);
  const canCreate = useCan('bom', 'create');
  const canModify = useCan('bom', 'modify');
  const canDelete = useCan('bom', 'delete');
  const bomApi = useBomApi();
  const unitLabel = useCodeLabel('UNIT');

  const removeLine = async (r: BomRow) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDeleteLine', { code: r.code, parent: r.parentCode }),
      danger: true,
    });
    if (!ok) return;
    try {
      await bomApi.remove(r.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch {
      // The API client has said why.
    }
  };

  const columns: TableColumnsType<BomRow> = [
    {
      title: t('fields.level'),
      dataIndex: 'level',
      width: 92,
      render: (l: number) => <span style={{ whiteSpace: 'nowrap' }}>{l}</span>,
    },
    {
      title: t('fields.kind'),
      dataIndex: 'kind',
      width: 66,
      render: (kind: BomRow['kind']) => (
        <Tag color={kind === 'PRODUCT' ? 'blue' : 'green'} data-testid="bom-kind">
          {t(`kind.${kind}`)}
        </Tag>
      ),
    },
    {
      title: t('fields.code'),
      dataIndex: 'code',
      width: 118,
      ellipsis: { showTitle: true },
      render: (code: string) => <span data-testid="bom-row-code">{code}</span>,
    },
    {
      // The specification under the name keeps the quantities in view without scrolling.
      title: `${t('fields.name')} / ${t('fields.specification')}`,
      dataIndex: 'name',
      ellipsis: true,
      render: (name: string, r) => (
        <Flex vertical style={{ minWidth: 0 }}>
          <Typography.Text ellipsis={{ tooltip: name }}>{name}</Typography.Text>
          {r.specification && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: r.specification }}>
              {r.specification}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('fields.qtyPerUnit'), dataIndex: 'qty', width: 84, align: 'right', render: fmt },
    // The unit's code (EA, KG) is short enough for the tree; its name is the tooltip.
    {
      title: t('fields.unit'),
      dataIndex: 'unit',
      width: 60,
      render: (u: string) => <span title={unitLabel(u)}>{u}</span>,
    },
    { title: t('fields.lossRate'), dataIndex: 'lossRate', width: 60, align: 'right', render: fmt },
    {
      title: t('fields.requiredFor', { qty: fmt(qty) }),
      dataIndex: 'totalQty',
      width: 96,
      align: 'right',
      render: (v: number) => (
        <Typography.Text strong data-testid="bom-row-required">
          {fmt(v)}
        </Typography.Text>
      ),
    },
    {
      title: '',
      key: 'actions',
      width: 88,
      fixed: 'right',
      render: (_, r) => (
        <Space size={0}>
          {canCreate && r.kind === 'PRODUCT' && (
            <Tooltip title={t('actions.addUnder', { code: r.code })}>
              <Button
                type="text"
                size="small"
                icon={<PlusOutlined />}
                data-testid="bom-row-add"
                aria-label={t('actions.addUnder', { code: r.code })}
                onClick={() =>
                  onDialog({ kind: 'create', parent: { id: r.childProductId!, code: r.code, name: r.name } })
                }
              />
            </Tooltip>
          )}
          {canModify && (
            <Tooltip title={t('common:actions.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                data-testid="bom-row-edit"
                aria-label={t('common:actions.edit')}
                onClick={() => onDialog({ kind: 'edit', line: r })}
              />
            </Tooltip>
          )}
          {canDelete && (
            <Tooltip title={t('common:actions.delete')}>
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                data-testid="bom-row-delete"
                aria-label={t('common:actions.delete')}
                onClick={() => removeLine(r)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<BomRow>
      size="small"
      data-testid="bom-tree"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 760 }}
      expandable={{
        expandedRowKeys: expandedKeys,
        onExpandedRowsChange: (keys) => onExpandedChange(keys.map(String)),
      }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.empty')} />,
      }}
    />
  );
}
