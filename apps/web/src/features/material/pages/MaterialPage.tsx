import { type Material, materialEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { AutoComplete } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { customFieldColumns, useCustomFieldOptions, useCustomFields } from '../../../components/custom-fields.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { BarcodeLookup } from '../../../components/BarcodeLookup.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { CodeSelect } from '../../../components/inputs/index.ts';
import { ImportCreateButtons } from '../../../components/ImportCreateButtons.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { useCodeLabel } from '../../product/code-label.ts';
import { MaterialFormDialog } from '../components/MaterialFormDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import {
  exportQuery,
  type MaterialListParams,
  materialKeys,
  useMaterialApi,
  useMaterialList,
  useMaterialsByName,
} from '../material.queries.ts';

registerLocales('material', { kr, en });

const PAGE_SIZE = 20;

/** The look-up by name (GET /material/materials/by-name/{name}): choosing a match opens it. */
function NameLookup({ onPick }: { onPick: (m: Material) => void }) {
  const { t } = useTranslation('material');
  const [text, setText] = useState('');
  const found = useMaterialsByName(text);
  const matches = text.trim() ? (found.data ?? []) : [];
  return (
    <AutoComplete
      data-testid="material-name-lookup"
      value={text}
      onChange={setText}
      style={{ width: 220 }}
      placeholder={t('search.byName')}
      notFoundContent={text.trim() && !found.isFetching ? t('hints.noMatch') : undefined}
      options={matches.map((m) => ({ value: String(m.id), label: `${m.name} (${m.code})` }))}
      onSelect={(id: string) => {
        const m = matches.find((x) => String(x.id) === id);
        setText('');
        if (m) onPick(m);
      }}
    />
  );
}

export default function MaterialPage() {
  const { t } = useTranslation(['material', 'common']);
  const canCreate = useCan('materialInfo', 'create');
  const canModify = useCan('materialInfo', 'modify');
  const canDelete = useCan('materialInfo', 'delete');
  const [params, setParams] = useUrlState<MaterialListParams>({
    page: 1,
    size: PAGE_SIZE,
    q: undefined,
    type: undefined,
  });
  const [editing, setEditing] = useState<Material | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const menuLabel = useMenuLabel('materialInfo');
  const list = useMaterialList(params);
  const materialApi = useMaterialApi();
  const queryClient = useQueryClient();
  const typeLabel = useCodeLabel('MATERIAL_TYPE');
  const unitLabel = useCodeLabel('UNIT');
  const customFields = useCustomFields('materials');
  const customOptions = useCustomFieldOptions(customFields.data);

  const remove = async (rows: Material[]) => {
    await materialApi.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };
  const removeOne = (m: Material) =>
    confirmRemove(t('messages.confirmDelete', { name: `${m.name} (${m.code})` }), () => remove([m]));

  const columns: DataColumn<Material>[] = [
    { key: 'code', title: t('fields.code'), dataIndex: 'code', width: 120 },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 150 },
    {
      key: 'type',
      title: t('fields.type'),
      width: 100,
      render: (m) => typeLabel(m.type),
      exportValue: (m) => typeLabel(m.type),
    },
    { key: 'specification', title: t('fields.specification'), dataIndex: 'specification', width: 120 },
    {
      key: 'unit',
      title: t('fields.unit'),
      width: 80,
      render: (m) => unitLabel(m.unit),
      exportValue: (m) => unitLabel(m.unit),
    },
    { key: 'barcode', title: t('fields.barcode'), dataIndex: 'barcode', width: 120 },
    {
      key: 'safetyStock',
      title: t('fields.safetyStock'),
      width: 100,
      render: (m) => (m.safetyStock == null ? '' : m.safetyStock.toLocaleString()),
      exportValue: (m) => m.safetyStock,
    },
    {
      key: 'supplier',
      title: t('fields.supplier'),
      width: 140,
      render: (m) => m.supplierName ?? '',
      exportValue: (m) => m.supplierName,
    },
  ];
  columns.push(...customFieldColumns<Material>(customFields.data ?? [], t, customOptions));
  columns.push(
    ...rowActionsColumn<Material>({
      title: t('fields.actions'),
      testId: 'material',
      rowId: (m) => m.code,
      canModify,
      canDelete,
      onEdit: setEditing,
      onDelete: removeOne,
    }),
  );

  return (
    <PageContainer
      menuName="materialInfo"
      extra={
        <ImportCreateButtons
          testIdPrefix="material"
          canCreate={canCreate}
          createLabel={t('actions.create')}
          onCreate={() => setEditing(null)}
          onImport={() => setImporting(true)}
        />
      }
    >
      <DataTable<Material>
        testId="material-table"
        rowKey="id"
        historyTable="materials"
        savedSearchMenu="materialInfo"
        columns={columns}
        data={list.data?.data}
        loading={list.isFetching}
        selectable={canDelete}
        onDeleteSelected={remove}
        exportName={menuLabel}
        onExport={() => download(materialEndpoints.excelExport, `${menuLabel}.xlsx`, { query: exportQuery(params) })}
        pagination={{
          page: params.page,
          size: params.size,
          total: list.data?.total ?? 0,
          onChange: (page, size) => setParams({ page, size }),
        }}
        toolbar={
          <>
            <div style={{ width: 150 }}>
              <CodeSelect
                category="MATERIAL_TYPE"
                testId="material-type-filter"
                placeholder={t('search.type')}
                value={params.type ?? null}
                onChange={(type) => setParams({ type: type ?? undefined, page: 1 })}
              />
            </div>
            <SearchBox
              testId="material-search"
              placeholder={t('search.placeholder')}
              value={params.q}
              onSearch={(q) => setParams({ q, page: 1 })}
              style={{ width: 240 }}
            />
            <NameLookup onPick={(m) => setEditing(m)} />
            <BarcodeLookup
              testId="material-barcode"
              placeholder={t('search.barcode')}
              find={materialApi.byBarcode}
              onFound={setEditing}
              style={{ width: 330 }}
            />
          </>
        }
      />
      <MaterialFormDialog
        open={editing !== undefined}
        material={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ExcelImportDialog
        open={importing}
        endpoints={materialEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: materialKeys.all })}
      />
    </PageContainer>
  );
}
