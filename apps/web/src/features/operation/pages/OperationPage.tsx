import { type Operation, operationEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useCodes } from '../../../app/codes.ts';
import { customFieldColumns, useCustomFieldOptions, useCustomFields } from '../../../components/custom-fields.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { ImportCreateButtons } from '../../../components/ImportCreateButtons.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { rowActionsColumn } from '../../../components/RowAction.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { OperationFormDialog } from '../components/OperationFormDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { operationKeys, useOperationApi, useOperations } from '../operation.queries.ts';

registerLocales('operation', { kr, en });

export default function OperationPage() {
  const { t } = useTranslation(['operation', 'common']);
  const canCreate = useCan('operation', 'create');
  const canModify = useCan('operation', 'modify');
  const canDelete = useCan('operation', 'delete');
  const menuLabel = useMenuLabel('operation');
  const list = useOperations();
  const operationApi = useOperationApi();
  const types = useCodes('OPERATION_TYPE');
  const typeName = (code: string | null) => (code ? (types.options.find((o) => o.value === code)?.label ?? code) : '');
  const [editing, setEditing] = useState<Operation | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();
  const customFields = useCustomFields('operations');
  const customOptions = useCustomFieldOptions(customFields.data);

  const remove = async (rows: Operation[]) => {
    await operationApi.remove(rows.map((r) => r.id));
    useAppStore.getState().notify(t('common:messages.deleted'), 'success');
  };

  const removeOne = (op: Operation) =>
    confirmRemove(t('messages.confirmDelete', { name: `${op.name} (${op.code})` }), () => remove([op]));

  const yesNo = (v: boolean) => (v ? t('values.yes') : t('values.no'));
  const columns: DataColumn<Operation>[] = [
    { key: 'code', title: t('fields.code'), dataIndex: 'code', sorter: true, width: 130 },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', sorter: true, width: 180 },
    {
      key: 'type',
      title: t('fields.type'),
      width: 110,
      render: (o) => typeName(o.type),
      exportValue: (o) => typeName(o.type),
      sorter: (a, b) => typeName(a.type).localeCompare(typeName(b.type)),
    },
    {
      key: 'standardTime',
      title: t('fields.standardTime'),
      dataIndex: 'standardTime',
      width: 130,
      sorter: (a, b) => (a.standardTime ?? -1) - (b.standardTime ?? -1),
    },
    {
      key: 'defectYn',
      title: t('fields.defectYn'),
      width: 110,
      render: (o) => <Tag color={o.defectYn ? 'blue' : 'default'}>{yesNo(o.defectYn)}</Tag>,
      exportValue: (o) => yesNo(o.defectYn),
      sorter: (a, b) => Number(a.defectYn) - Number(b.defectYn),
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 200 },
  ];
  columns.push(...customFieldColumns<Operation>(customFields.data ?? [], t, customOptions));
  columns.push(
    ...rowActionsColumn<Operation>({
      title: t('fields.actions'),
      testId: 'operation',
      rowId: (o) => o.code,
      canModify,
      canDelete,
      onEdit: setEditing,
      onDelete: removeOne,
    }),
  );

  return (
    <PageContainer
      menuName="operation"
      extra={
        <ImportCreateButtons
          testIdPrefix="operation"
          canCreate={canCreate}
          createLabel={t('actions.create')}
          onCreate={() => setEditing(null)}
          onImport={() => setImporting(true)}
        />
      }
    >
      <DataTable<Operation>
        testId="operation-table"
        rowKey="id"
        historyTable="operations"
        columns={columns}
        data={list.data}
        loading={list.isFetching}
        selectable={canDelete}
        onDeleteSelected={remove}
        exportName={menuLabel}
        // The server writes the workbook: the same columns as the import, so an export imports back.
        onExport={() => download(operationEndpoints.excelExport, `${menuLabel}.xlsx`)}
      />
      <OperationFormDialog
        open={editing !== undefined}
        operation={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ExcelImportDialog
        open={importing}
        endpoints={operationEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: operationKeys.all })}
      />
    </PageContainer>
  );
}
