import { DeleteOutlined, EditOutlined, FileExcelOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { type User, userEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Input, Select, Space, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { customFieldColumns, useCustomFieldOptions, useCustomFields } from '../../../components/custom-fields.tsx';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { ExcelImportDialog } from '../../../components/ExcelImportDialog.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { ResetPasswordDialog } from '../components/ResetPasswordDialog.tsx';
import { UserFormDialog } from '../components/UserFormDialog.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { reportUserError } from '../user.errors.ts';
import { type UserListParams, useRoleOptions, userKeys, useUserApi, useUserList } from '../user.queries.ts';
import { RowAction } from '../../../components/RowAction.tsx';

registerLocales('user', { kr, en });

const PAGE_SIZE = 20;

/** The list's filters as the export's query (paging left out: the export has every matching row). */
const exportQuery = (p: UserListParams) => ({ q: p.q, roleId: p.roleId, locationId: p.locationId });

export default function UserPage() {
  const { t } = useTranslation(['user', 'common']);
  const canCreate = useCan('user', 'create');
  const canModify = useCan('user', 'modify');
  const canDelete = useCan('user', 'delete');
  // The list's state is in the URL: a link, a reload or a saved search shows the same page.
  const [params, setParams] = useUrlState<UserListParams>(
    { page: 1, size: PAGE_SIZE, q: undefined, roleId: undefined, locationId: undefined },
    { numbers: ['roleId', 'locationId'] },
  );
  const [search, setSearch] = useState(params.q ?? '');
  useEffect(() => setSearch(params.q ?? ''), [params.q]);
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [resetting, setResetting] = useState<User | null>(null);
  const menuLabel = useMenuLabel('user');
  const list = useUserList(params);
  const roles = useRoleOptions();
  const userApi = useUserApi();
  const [importing, setImporting] = useState(false);
  const queryClient = useQueryClient();
  const customFields = useCustomFields('users');
  const customOptions = useCustomFieldOptions(customFields.data);

  const remove = async (rows: User[]) => {
    try {
      await userApi.remove(rows.map((r) => r.id));
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
    } catch (err) {
      reportUserError(err);
      throw err;
    }
  };

  const removeOne = async (user: User) => {
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDelete', { name: `${user.username} (${user.userId})` }),
      danger: true,
    });
    if (ok) await remove([user]).catch(() => undefined);
  };

  const columns: DataColumn<User>[] = [
    { key: 'userId', title: t('fields.userId'), dataIndex: 'userId', sorter: true, width: 120 },
    { key: 'username', title: t('fields.username'), dataIndex: 'username', sorter: true, width: 110 },
    { key: 'email', title: t('fields.email'), dataIndex: 'email', sorter: true, width: 170 },
    { key: 'phone', title: t('fields.phone'), dataIndex: 'phone', width: 130 },
    {
      key: 'roles',
      title: t('fields.roles'),
      width: 120,
      render: (u) => (
        <Space size={[4, 4]} wrap>
          {u.roles.map((r) => (
            <Tag key={r.id}>{r.name}</Tag>
          ))}
        </Space>
      ),
      exportValue: (u) => u.roles.map((r) => r.name).join(', '),
    },
    {
      key: 'location',
      title: t('fields.location'),
      width: 180,
      render: (u) => u.location?.path.join(' / ') ?? '',
      sorter: true,
    },
    {
      key: 'enabled',
      title: t('fields.enabled'),
      width: 90,
      render: (u) => (
        <Tag color={u.enabled ? 'green' : 'default'}>{u.enabled ? t('status.enabled') : t('status.disabled')}</Tag>
      ),
      exportValue: (u) => (u.enabled ? t('status.enabled') : t('status.disabled')),
      sorter: (a, b) => Number(a.enabled) - Number(b.enabled),
    },
  ];
  columns.push(...customFieldColumns<User>(customFields.data ?? [], t, customOptions));
  if (canModify || canDelete) {
    columns.push({
      key: 'actions',
      title: t('fields.actions'),
      width: 110,
      fixed: 'right',
      render: (u) => (
        <Space size={0} onClick={(e) => e.stopPropagation()}>
          {canModify && (
            <RowAction
              label={t('common:actions.edit')}
              icon={<EditOutlined />}
              testId={`user-edit-${u.userId}`}
              onClick={() => setEditing(u)}
            />
          )}
          {canModify && (
            <RowAction
              label={t('actions.resetPassword')}
              icon={<KeyOutlined />}
              testId={`user-reset-password-${u.userId}`}
              onClick={() => setResetting(u)}
            />
          )}
          {canDelete && (
            <RowAction
              label={t('common:actions.delete')}
              icon={<DeleteOutlined />}
              danger
              testId={`user-delete-${u.userId}`}
              onClick={() => removeOne(u)}
            />
          )}
        </Space>
      ),
    });
  }

  const applySearch = (q: string) => setParams({ q: q.trim() || undefined, page: 1 });

  return (
    <PageContainer
      menuName="user"
      extra={
        canCreate && (
          <>
            <Button icon={<FileExcelOutlined />} data-testid="user-import" onClick={() => setImporting(true)}>
              {t('excelImport:open')}
            </Button>
            <Button type="primary" icon={<PlusOutlined />} data-testid="user-create" onClick={() => setEditing(null)}>
              {t('actions.create')}
            </Button>
          </>
        )
      }
    >
      <DataTable<User>
        testId="user-table"
        rowKey="id"
        historyTable="users"
        savedSearchMenu="user"
        columns={columns}
        data={list.data?.data}
        loading={list.isFetching}
        selectable={canDelete}
        onDeleteSelected={remove}
        exportName={menuLabel}
        // The list is paged on the server: the server exports every row matching the current filters.
        onExport={() => download(userEndpoints.excelExport, `${menuLabel}.xlsx`, { query: exportQuery(params) })}
        pagination={{
          page: params.page,
          size: params.size,
          total: list.data?.total ?? 0,
          onChange: (page, size) => setParams({ page, size }),
        }}
        toolbar={
          <>
            <Input.Search
              data-testid="user-search"
              placeholder={t('search.placeholder')}
              allowClear
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                if (!e.target.value) applySearch('');
              }}
              onSearch={applySearch}
              style={{ width: 240 }}
              aria-label={t('search.placeholder')}
            />
            <Select
              data-testid="user-role-filter"
              aria-label={t('search.role')}
              allowClear
              placeholder={t('search.role')}
              value={params.roleId}
              onChange={(roleId) => setParams({ roleId, page: 1 })}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              style={{ width: 160 }}
            />
            <div style={{ width: 220 }}>
              <LocationTreeSelect
                testId="user-location-filter"
                placeholder={t('search.location')}
                value={params.locationId ?? null}
                onChange={(id) => setParams({ locationId: id ?? undefined, page: 1 })}
              />
            </div>
          </>
        }
      />
      <UserFormDialog open={editing !== undefined} user={editing ?? null} onClose={() => setEditing(undefined)} />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ExcelImportDialog
        open={importing}
        endpoints={userEndpoints}
        title={`${menuLabel} · ${t('excelImport:open')}`}
        onClose={() => setImporting(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: userKeys.all })}
      />
    </PageContainer>
  );
}
