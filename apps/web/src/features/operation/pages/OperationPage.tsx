import { DeleteOutlined, EditOutlined, FileExcelOutlined, PlusOutlined } from '@ant-design/icons';
import type { Operation } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useCodes } from '../../../app/codes.ts';
import { customFieldColumns, useCustomFieldOptions, useCustomFields } from '../../../components/custom-fields.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
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

  const removeOne = async (op: Operation) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDelete', { name: `${op.name} (${op.code})` }),
      danger: true,
    });
    if (ok) await remove([op]).catch(() => undefined);
  };

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
  if (canModify || canDelete) {
    columns.push({
      key: 'actions',
      title: t('fields.actions'),
      width: 90,
      fixed: 'right',
      render: (o) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {canModify && (
            <RowAction
              label={t('common:actions.edit')}
              icon={<EditOutlined />}
              testId={`operation-edit-${o.code}`}
              onClick={() => setEditing(o)}
            />
          )}
          {canDelete && (
            <RowAction
              label={t('common:actions.delete')}
              icon={<DeleteOutlined />}
              danger
              testId={`operation-delete-${o.code}`}
              onClick={() => removeOne(o)}
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <PageContainer
      menuName="operation"
      extra={
        canCreate && (
          <>
            <Button icon={<FileExcelOutlined />} data-testid="operation-import" onClick={() => setImporting(true)}>
              {t('excelImport:open')}
            </Button>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              data-testid="operation-create"
              onClick={() => setEditing(null)}
            >
              {t('actions.create')}
            </Button>
          </>
        )
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
        onExport={() => downloadFile('/operation/excel/export', `${menuLabel}.xlsx`)}
      />
      <OperationFormDialog
        open={editing !== undefined}
        operation={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <ExcelImportDialog
        open={importing}
        base="/operation"
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: operationKeys.all })}
      />
    </PageContainer>
  );
}
