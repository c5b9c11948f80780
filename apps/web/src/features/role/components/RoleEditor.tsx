import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import { type Role, roleCreateBody } from '@eqms/contract';
import { Button, Card, Col, Form, Input, Row, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { flagsFromRoleItem, type OwnFlags, parseRoleItem, roleItemFromFlags } from '../permission-tree.ts';
import { reportRoleError, showRoleRefusal } from '../role.errors.ts';
import { useRoleApi } from '../role.queries.ts';
import { PermissionEditor } from './PermissionEditor.tsx';

type Values = { name: string; description?: string | null };

/** Name, description and the permission tree of one role (role === null: a new role). */
export function RoleEditor({
  role,
  onSaved,
  onDeleted,
}: {
  role: Role | null;
  onSaved: (r: Role) => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation(['role', 'common']);
  const [form] = Form.useForm<Values>();
  const [flags, setFlags] = useState<OwnFlags>(() => flagsFromRoleItem(parseRoleItem(role?.roleItem)));
  const [saving, setSaving] = useState(false);
  const roleApi = useRoleApi();
  const canSave = useCan('role', role ? 'modify' : 'create');
  const canDelete = useCan('role', 'delete');

  const save = async (values: Values) => {
    setSaving(true);
    try {
      const body = {
        name: values.name,
        description: values.description || null,
        roleItem: JSON.stringify(roleItemFromFlags(flags)),
      };
      const saved = role ? await roleApi.update(role.id, body) : await roleApi.create(body);
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
      onSaved(saved);
    } catch (err) {
      if (!showRoleRefusal(err)) showSaveError(form, err, { duplicateText: { name: t('messages.duplicateName') } });
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!role) return;
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('messages.confirmDelete', { name: role.name }),
      danger: true,
    });
    if (!ok) return;
    try {
      await roleApi.remove([role.id]);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
      onDeleted();
    } catch (err) {
      reportRoleError(err);
    }
  };

  return (
    <Card
      data-testid="role-editor"
      title={role ? t('titles.edit', { name: role.name }) : t('titles.create')}
      extra={
        <Space>
          {role && canDelete && (
            <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="role-delete">
              {t('common:actions.delete')}
            </Button>
          )}
          {canSave && (
            <Button
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              htmlType="submit"
              form="role-form"
              data-testid="role-save"
            >
              {t('common:actions.save')}
            </Button>
          )}
        </Space>
      }
    >
      <Form<Values>
        id="role-form"
        form={form}
        layout="vertical"
        initialValues={{ name: role?.name ?? '', description: role?.description ?? '' }}
        onFinish={save}
        onFinishFailed={() => useAppStore.getState().notify(t('common:messages.invalidForm'), 'warning')}
        disabled={!canSave}
      >
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(roleCreateBody.shape.name)]}>
              <Input data-testid="role-name" maxLength={50} autoFocus={!role} />
            </Form.Item>
          </Col>
          <Col xs={24} md={14}>
            <Form.Item
              name="description"
              label={t('fields.description')}
              rules={[zodRule(roleCreateBody.shape.description)]}
            >
              <Input data-testid="role-description" maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <PermissionEditor value={flags} onChange={setFlags} disabled={!canSave} />
    </Card>
  );
}
