import type { QualityStandard } from '@eqms/contract';
import { FileExcelOutlined } from '@ant-design/icons';
import { Button, Empty, Select, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import {
  downloadStandards,
  standardExcelEndpoints,
  useRefreshStandards,
  useStandardApi,
  useStandards,
} from '../quality.queries.ts';
import { SIDE, type Side } from '../quality-side.ts';
import { type ItemLabel, ItemPick } from './ItemPick.tsx';
import { StandardDialog } from './StandardDialog.tsx';

type State = { id: number | undefined; stage: string | undefined };

/** The limits of an item as one text: `9.9 ~ 10.1 mm`, `≥ 3`, `≤ 5`; a pass/fail item has none. */
export function limitsText(i: { kind: string; lsl: number | null; usl: number | null; unit: string | null }) {
  if (i.kind === 'PASS_FAIL') return '';
  const unit = i.unit ? ` ${i.unit}` : '';
  if (i.lsl != null && i.usl != null) return `${fmtQty(i.lsl)} ~ ${fmtQty(i.usl)}${unit}`;
  if (i.lsl != null) return `≥ ${fmtQty(i.lsl)}${unit}`;
  return `≤ ${fmtQty(i.usl)}${unit}`;
}

/**
 * /quality/material/info and /quality/product/info: a material's or product's inspection items. Pick the item above
 * the table; add, edit, delete (one or the selected); Excel import (any materials' or products' items, by code or
 * name) and export (the server's workbook of the picked subject, in the import's columns). An item a result used cannot be
 * deleted (the related-data dialog names the results); editing it does not change a past judgement.
 */
export function StandardsScreen({ side }: { side: Side }) {
  const { t } = useTranslation([QUALITY_NS, 'common']);
  const menu = SIDE[side].infoMenu;
  const menuLabel = useMenuLabel(menu);
  const canCreate = useCan(menu, 'create');
  const canModify = useCan(menu, 'modify');
  const canDelete = useCan(menu, 'delete');
  const [s, set] = useUrlState<State>({ id: undefined, stage: undefined }, { numbers: ['id'] });
  const [picked, setPicked] = useState<ItemLabel | null>(null);
  const [editing, setEditing] = useState<QualityStandard | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const refreshStandards = useRefreshStandards(side);
  const list = useStandards(side, s.id);
  const api = useStandardApi(side);
  const rows = useMemo(() => (list.data ?? []).filter((r) => !s.stage || r.stage === s.stage), [list.data, s.stage]);
  const nextSort = (list.data ?? []).reduce((m, r) => Math.max(m, r.sort + 1), 1);

  const remove = async (items: QualityStandard[]) => {
    await api.remove(items.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };

  const columns: DataColumn<QualityStandard>[] = [
    { key: 'sort', title: t('fields.sort'), dataIndex: 'sort', width: 70 },
    ...(side === 'PRODUCT'
      ? [
          {
            key: 'stage',
            title: t('fields.stage'),
            width: 120,
            render: (r: QualityStandard) => t(`stage.${r.stage}`),
          },
          {
            key: 'operation',
            title: t('fields.operation'),
            width: 130,
            render: (r: QualityStandard) => (r.operationName ? `${r.operationCode} · ${r.operationName}` : '-'),
          },
        ]
      : []),
    {
      key: 'name',
      title: t('fields.itemName'),
      width: 180,
      render: (r) => <span data-testid="qs-row-name">{r.name}</span>,
      exportValue: (r) => r.name,
    },
    { key: 'method', title: t('fields.method'), dataIndex: 'method', width: 140 },
    {
      key: 'kind',
      title: t('fields.kind'),
      width: 110,
      render: (r) => <Tag color={r.kind === 'NUMBER' ? 'blue' : 'purple'}>{t(`kind.${r.kind}`)}</Tag>,
      exportValue: (r) => t(`kind.${r.kind}`),
    },
    { key: 'lsl', title: t('fields.lsl'), width: 90, render: (r) => fmtQty(r.lsl), exportValue: (r) => r.lsl },
    {
      key: 'target',
      title: t('fields.target'),
      width: 90,
      render: (r) => fmtQty(r.target),
      exportValue: (r) => r.target,
    },
    { key: 'usl', title: t('fields.usl'), width: 90, render: (r) => fmtQty(r.usl), exportValue: (r) => r.usl },
    { key: 'unit', title: t('fields.unit'), dataIndex: 'unit', width: 70 },
    { key: 'sampleSize', title: t('fields.sampleSize'), dataIndex: 'sampleSize', width: 90 },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
    { key: 'updatedBy', title: t('fields.by'), dataIndex: 'updatedBy', width: 100 },
    ...rowActionsColumn<QualityStandard>({
      title: t('fields.actions'),
      testId: 'qs',
      rowId: (r) => r.id,
      canModify,
      canDelete,
      onEdit: (r) => setEditing(r),
      onDelete: (r) => void confirmRemove(t('messages.confirmDeleteItem', { name: r.name }), () => remove([r])),
    }),
  ];

  return (
    <PageContainer
      menuName={menu}
      extra={
        canCreate && (
          <>
            {/* Import needs no picked subject: each row names its material or product. */}
            <Button icon={<FileExcelOutlined />} data-testid="qs-import" onClick={() => setImporting(true)}>
              {t('excelImport:open')}
            </Button>
            <Button type="primary" data-testid="qs-create" disabled={s.id == null} onClick={() => setEditing('new')}>
              {t('actions.addItem')}
            </Button>
          </>
        )
      }
    >
      {s.id == null ? (
        <>
          <ItemPick
            side={side}
            testId="qs-item"
            value={undefined}
            onChange={(i) => {
              setPicked(i);
              set({ id: i?.id });
            }}
          />
          <Empty style={{ marginTop: 48 }} description={t(`hints.pickFirst.${side}`)} data-testid="qs-pick-first" />
        </>
      ) : (
        <DataTable<QualityStandard>
          testId="qs-table"
          rowKey="id"
          historyTable="quality_standards"
          columns={columns}
          data={rows}
          loading={list.isFetching}
          selectable={canDelete}
          onDeleteSelected={remove}
          onExport={() =>
            downloadStandards(side, s.id!, s.stage, `${picked ? `${menuLabel} ${picked.code}` : menuLabel}.xlsx`)
          }
          toolbar={
            <>
              <ItemPick
                side={side}
                testId="qs-item"
                value={s.id}
                current={picked}
                allowClear={false}
                onChange={(i) => {
                  setPicked(i);
                  set({ id: i?.id });
                }}
              />
              {side === 'PRODUCT' && (
                <Select
                  data-testid="qs-filter-stage"
                  aria-label={t('filters.allStages')}
                  placeholder={t('filters.allStages')}
                  allowClear
                  value={s.stage}
                  onChange={(stage) => set({ stage })}
                  options={['IN_PROCESS', 'FINAL'].map((v) => ({ value: v, label: t(`stage.${v}`) }))}
                  style={{ width: 150 }}
                />
              )}
            </>
          }
        />
      )}
      <ExcelImportDialog
        open={importing}
        endpoints={standardExcelEndpoints(side)}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void refreshStandards()}
      />
      {s.id != null && (
        <StandardDialog
          side={side}
          itemId={s.id}
          open={editing !== null}
          row={editing === 'new' ? null : editing}
          nextSort={nextSort}
          onClose={() => setEditing(null)}
        />
      )}
    </PageContainer>
  );
}
