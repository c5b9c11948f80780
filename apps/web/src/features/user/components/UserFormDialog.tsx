import { userCreateBody } from '@eqms/contract';
import type { User } from '@eqms/contract';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { CustomFieldItems, extPayload, useCustomFields } from '../../../components/custom-fields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { showRefusal } from '../user.errors.ts';
import { type UserFormValues, useRoleOptions, useUserApi } from '../user.queries.ts';
import { passwordConfirmRule } from './passwordRules.ts';

const shape = userCreateBody.shape;

/** Create (user === null) or edit a user. The user id is read-only on edit; the password is set only on create. */
export function UserFormDialog({ open, user, onClose }: { open: boolean; user: User | null; onClose: () => void }) {
  const { t } = useTranslation('user');
  const roles = useRoleOptions();
  const userApi = useUserApi();
  const customFields = useCustomFields('users');
  const creating = user === null;
  const initialValues: Partial<UserFormValues> = user
    ? {
        userId: user.userId,
        username: user.username,
        email: user.email,
        phone: user.phone,
        roleIds: user.roles.map((r) => r.id),
        locationId: user.locationId,
        enabled: user.enabled,
        ext: (user.ext ?? undefined) as Record<string, string> | undefined,
      }
    : { roleIds: [], enabled: true, locationId: null };

  return (
    <FormDialog<UserFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="user-form"
      width={640}
      onClose={onClose}
      onSubmit={async (formValues, form) => {
        const values = { ...formValues, ext: extPayload(customFields.data, formValues.ext) };
        try {
          if (creating) await userApi.create(values);
          else await userApi.update(user.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          if (!showRefusal(err)) showSaveError(form, err, { duplicateText: { userId: t('messages.duplicateUserId') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="userId" label={t('fields.userId')} required rules={[zodRule(shape.userId)]}>
            <Input
              data-testid="user-form-userId"
              disabled={!creating}
              autoComplete="off"
              maxLength={50}
              autoFocus={creating}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="username" label={t('fields.username')} required rules={[zodRule(shape.username)]}>
            <Input data-testid="user-form-username" maxLength={50} autoFocus={!creating} />
          </Form.Item>
        </Col>
        {creating && (
          <>
            <Col xs={24} sm={12}>
              <Form.Item name="password" label={t('fields.password')} required rules={[zodRule(shape.password)]}>
                <Input.Password data-testid="user-form-password" autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="passwordConfirm"
                label={t('fields.passwordConfirm')}
                required
                dependencies={['password']}
                rules={passwordConfirmRule}
              >
                <Input.Password data-testid="user-form-passwordConfirm" autoComplete="new-password" />
              </Form.Item>
            </Col>
          </>
        )}
        <Col xs={24} sm={12}>
          <Form.Item name="email" label={t('fields.email')} rules={[zodRule(shape.email)]}>
            <Input data-testid="user-form-email" type="email" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="phone" label={t('fields.phone')} rules={[zodRule(shape.phone)]} tooltip={t('hints.phone')}>
            <Input data-testid="user-form-phone" maxLength={100} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="roleIds" label={t('fields.roles')}>
            <Select
              data-testid="user-form-roles"
              mode="multiple"
              allowClear
              loading={roles.isLoading}
              options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="locationId" label={t('fields.location')}>
            <LocationTreeSelect testId="user-form-location" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
            <Switch data-testid="user-form-enabled" />
          </Form.Item>
        </Col>
      </Row>
      <CustomFieldItems table="users" />
    </FormDialog>
  );
}
