import { PlusOutlined } from '@ant-design/icons';
import type { Role } from '@eqms/contract';
import { Button, Col, Empty, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { RoleEditor } from '../components/RoleEditor.tsx';
import en from '../locales/en.json';
import kr from '../locales/kr.json';
import { reportRoleError } from '../role.errors.ts';
import { useRoleApi, useRoles } from '../role.queries.ts';

registerLocales('role', { kr, en });

export default function RolePage() {
  const { t } = useTranslation(['role', 'common']);
  const canCreate = useCan('role', 'create');
  const canDelete = useCan('role', 'delete');
  const menuLabel = useMenuLabel('role');
  const roles = useRoles();
  const roleApi = useRoleApi();
  // undefined: nothing open; null: a new role. The open role is in the URL (a link opens it); a new one is not.
  const [open, setOpen] = useUrlState<{ id: number | undefined }>({ id: undefined }, { numbers: ['id'] });
  const [creating, setCreating] = useState(false);
  const selectedId: number | null | undefined = creating ? null : open.id;
  const setSelectedId = (id: number | null | undefined) => {
    setCreating(id === null);
    setOpen({ id: id ?? undefined }, { push: true });
  };
  const selected: Role | null | undefined =
    selectedId === undefined || selectedId === null ? selectedId : roles.data?.find((r) => r.id === selectedId);

  const columns: DataColumn<Role>[] = [
    { key: 'name', title: t('fields.name'), dataIndex: 'name', sorter: true, width: 130 },
    // The rest of the list's width, cut with the whole text on hover (a fixed width overflowed under the history column).
    { key: 'description', title: t('fields.description'), dataIndex: 'description' },
  ];

  return (
    <PageContainer
      menuName="role"
      extra={
        canCreate && (
          <Button type="primary" icon={<PlusOutlined />} data-testid="role-create" onClick={() => setSelectedId(null)}>
            {t('actions.create')}
          </Button>
        )
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <DataTable<Role>
            testId="role-table"
            historyTable="roles"
            rowKey="id"
            columns={columns}
            data={roles.data}
            loading={roles.isFetching}
            selectable={canDelete}
            onDeleteSelected={async (rows) => {
              try {
                await roleApi.remove(rows.map((r) => r.id));
              } catch (err) {
                reportRoleError(err);
                throw err;
              }
              useAppStore.getState().notify(t('common:messages.deleted'), 'success');
              if (rows.some((r) => r.id === selectedId)) setSelectedId(undefined);
            }}
            exportName={menuLabel}
            onRowClick={(r) => setSelectedId(r.id)}
            activeRowKey={selectedId ?? null}
          />
        </Col>
        <Col xs={24} xl={14}>
          {selected === undefined ? (
            <Empty description={t('hints.select')} style={{ marginTop: 48 }} />
          ) : (
            <RoleEditor
              key={selected?.id ?? 'new'}
              role={selected}
              onSaved={(r) => setSelectedId(r.id)}
              onDeleted={() => setSelectedId(undefined)}
            />
          )}
        </Col>
      </Row>
    </PageContainer>
  );
}
