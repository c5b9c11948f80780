import { DeleteOutlined, EditOutlined, HistoryOutlined, SwapOutlined } from '@ant-design/icons';
import type { EquipmentStock, EquipmentTreeNode } from '@eqms/contract';
import { Button, Col, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { AddStockDialog, DiscardStockDialog, EditStockDialog, MoveStockDialog } from '../components/StockDialogs.tsx';
import { StockHistoryDrawer } from '../components/StockHistoryDrawer.tsx';
import { findTreeNode, StockTreeCard } from '../components/StockTreeCard.tsx';
import { EQUIPMENT_NS } from '../equipment.locales.ts';
import { type StockTree, stockRows, useStockRows, useStockTree } from '../equipment.queries.ts';

type Discard = 'available' | 'discarded' | 'all';
/** Rows per page (the server pages them: a factory's spare parts at every shelf and machine run to thousands). */
const PAGE_SIZE = 50;

/** /equipmentManagement/equipmentStock: stock by location, equipment or tool; add, move, discard, edit. */
export default function EquipmentStockPage() {
  const { t } = useTranslation([EQUIPMENT_NS, 'common']);
  const canCreate = useCan('equipmentStock', 'create');
  const canModify = useCan('equipmentStock', 'modify');
  const menuLabel = useMenuLabel('equipmentStock');
  const typeLabel = useCodeLabel('EQUIPMENT_TYPE');
  const [view, setView] = useUrlState<{
    tree: string;
    node: string | undefined;
    discard: string;
    page: number;
    size: number;
  }>({ tree: 'location', node: undefined, discard: 'available', page: 1, size: PAGE_SIZE });
  const tree = (['location', 'stock', 'tool'].includes(view.tree) ? view.tree : 'location') as StockTree;
  const discard = (['available', 'discarded', 'all'].includes(view.discard) ? view.discard : 'available') as Discard;
  const treeQuery = useStockTree(tree);
  const selected = view.node && treeQuery.data ? findTreeNode(treeQuery.data, view.node) : undefined;
  const rowsArgs = { node: selected ?? null, isDiscard: discard === 'all' ? undefined : discard === 'discarded' };
  const rows = useStockRows(rowsArgs, { page: view.page, size: view.size });
  const [adding, setAdding] = useState(false);
  const [moving, setMoving] = useState<EquipmentStock | null>(null);
  const [discarding, setDiscarding] = useState<EquipmentStock | null>(null);
  const [editing, setEditing] = useState<EquipmentStock | null>(null);
  const [history, setHistory] = useState<EquipmentStock | null>(null);

  const columns: DataColumn<EquipmentStock>[] = [
    { key: 'equipmentName', title: t('fields.name'), dataIndex: 'equipmentName', width: 170, sorter: true },
    {
      key: 'type',
      title: t('fields.type'),
      width: 100,
      render: (r) => typeLabel(r.type),
      exportValue: (r) => typeLabel(r.type),
    },
    { key: 'standard', title: t('fields.standard'), dataIndex: 'standard', width: 100 },
    { key: 'placePath', title: t('fields.place'), dataIndex: 'placePath', width: 260, sorter: true },
    {
      key: 'qty',
      title: t('fields.qty'),
      width: 90,
      render: (r) => <span data-testid={`equipment-row-qty-${r.id}`}>{fmtQty(r.qty)}</span>,
      exportValue: (r) => r.qty,
      sorter: (a, b) => a.qty - b.qty,
    },
    {
      key: 'isDiscard',
      title: t('fields.isDiscard'),
      width: 80,
      render: (r) => (r.isDiscard ? <Tag color="red">{t('filters.discarded')}</Tag> : ''),
      exportValue: (r) => (r.isDiscard ? t('filters.discarded') : ''),
    },
    { key: 'discardReason', title: t('fields.discardReason'), dataIndex: 'discardReason', width: 140 },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 140 },
    { key: 'updatedBy', title: t('fields.by'), dataIndex: 'updatedBy', width: 90 },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 150,
      fixed: 'right',
      render: (r) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          <RowAction
            label={t('actions.histories')}
            icon={<HistoryOutlined />}
            testId={`equipment-history-${r.id}`}
            onClick={() => setHistory(r)}
          />
          {canModify && !r.isDiscard && (
            <>
              <RowAction
                label={t('actions.move')}
                icon={<SwapOutlined />}
                testId={`equipment-move-${r.id}`}
                onClick={() => setMoving(r)}
              />
              <RowAction
                label={t('actions.discard')}
                icon={<DeleteOutlined />}
                danger
                testId={`equipment-discard-${r.id}`}
                onClick={() => setDiscarding(r)}
              />
              <RowAction
                label={t('actions.edit')}
                icon={<EditOutlined />}
                testId={`equipment-edit-${r.id}`}
                onClick={() => setEditing(r)}
              />
            </>
          )}
        </Space>
      ),
      exportValue: () => null,
    },
  ];

  const addDefaults =
    selected?.kind === 'location'
      ? { placeKind: 'location' as const, locationId: selected.id }
      : selected?.kind === 'tool'
        ? { placeKind: 'tool' as const, toolId: selected.id }
        : selected?.kind === 'equipment'
          ? { equipmentId: selected.id ?? undefined }
          : {};

  return (
    <PageContainer
      menuName="equipmentStock"
      extra={
        canCreate && (
          <Button type="primary" data-testid="equipment-add-open" onClick={() => setAdding(true)}>
            {t('actions.addStock')}
          </Button>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8} xl={7}>
          <StockTreeCard
            tree={tree}
            onTree={(next) => setView({ tree: next, node: undefined, page: 1 })}
            selectedKey={view.node}
            onSelect={(node: EquipmentTreeNode | undefined) => setView({ node: node?.key, page: 1 }, { push: true })}
          />
        </Col>
        <Col xs={24} lg={16} xl={17}>
          <DataTable<EquipmentStock>
            testId="equipment-stock-table"
            rowKey="id"
            historyTable="equipment_stocks"
            columns={columns}
            data={rows.data?.data}
            loading={rows.isFetching}
            exportName={menuLabel}
            exportAll={async () => (await stockRows(rowsArgs)).data}
            pagination={{
              page: view.page,
              size: view.size,
              total: rows.data?.total ?? 0,
              onChange: (page, size) => setView({ page, size }),
            }}
            toolbar={
              <>
                <Select<Discard>
                  data-testid="equipment-filter-discard"
                  aria-label={t('filters.discard')}
                  value={discard}
                  onChange={(d) => setView({ discard: d, page: 1 })}
                  options={[
                    { value: 'available', label: t('filters.available') },
                    { value: 'discarded', label: t('filters.discarded') },
                    { value: 'all', label: t('filters.allStock') },
                  ]}
                  style={{ width: 110 }}
                />
                {selected && (
                  <Typography.Text type="secondary" data-testid="equipment-filter-label">
                    {t('messages.filteredBy', {
                      name: selected.kind === 'type' && selected.code ? typeLabel(selected.code) : selected.name,
                    })}
                  </Typography.Text>
                )}
              </>
            }
          />
        </Col>
      </Row>
      {adding && <AddStockDialog open defaults={addDefaults} onClose={() => setAdding(false)} />}
      <MoveStockDialog row={moving} onClose={() => setMoving(null)} />
      <DiscardStockDialog row={discarding} onClose={() => setDiscarding(null)} />
      <EditStockDialog row={editing} onClose={() => setEditing(null)} />
      <StockHistoryDrawer row={history} onClose={() => setHistory(null)} />
    </PageContainer>
  );
}
