import { ApiOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { ruleMessage, translateMessage, type User, userEndpoints } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Divider, Flex, Form, type FormRule, Input, Modal, Space, Tag, Typography, Upload } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';
import { LocationTreeSelect } from './LocationTreeSelect.tsx';
import { type ProfileField, type ProfileValues, photoProblem, profileErrors, profilePayload } from './profile-form.ts';
import { UserAvatar, userPhotoKey } from './UserAvatar.tsx';

// SPEC §5 profile form: the signed-in user's own name, contact, password, location and photo; below it, the way to
// the user's API tokens (issue 17), a dialog of its own as it saves nothing of this form.

const ApiTokensDialog = lazy(() => import('../features/api-token/ApiTokensDialog.tsx'));

function applyUser(user: User) {
  const store = useAppStore.getState();
  const current = store.user;
  if (current) store.setUser({ ...current, ...user, permissions: current.permissions });
}

export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProfileValues>();
  const queryClient = useQueryClient();
  const user = useAppStore((s) => s.user);
  const locale = useAppStore((s) => s.locale);
  const [saving, setSaving] = useState(false);
  const [photoBusy, setPhotoBusy] = useState(false);
  const [tokensOpen, setTokensOpen] = useState(false);
  const [tokensLoaded, setTokensLoaded] = useState(false);

  // Filled when the dialog opens only: later store updates must not overwrite what is being typed.
  useEffect(() => {
    const current = useAppStore.getState().user;
    if (!open || !current) return;
    form.setFieldsValue({
      username: current.username,
      email: current.email ?? '',
      phone: current.phone ?? '',
      password: '',
      passwordConfirm: '',
      locationId: current.locationId,
    });
  }, [open, form]);

  const rule =
    (field: ProfileField): FormRule =>
    () => ({
      validator: async (_, value) => {
        const message = profileErrors({ ...form.getFieldsValue(true), [field]: value }, locale)[field];
        if (message) throw new Error(message);
      },
    });

  const save = async () => {
    let values: ProfileValues;
    try {
      values = await form.validateFields();
    } catch {
      useAppStore.getState().notify(translateMessage(ruleMessage('invalidInput'), locale), 'warning');
      return;
    }
    setSaving(true);
    try {
      const updated = await call(userEndpoints.updateProfile, {
        body: profilePayload({ ...form.getFieldsValue(true), ...values }),
      });
      applyUser(updated);
      form.setFieldsValue({ password: '', passwordConfirm: '' });
      useAppStore.getState().notify(t('messages.saved'), 'success');
      onClose();
    } catch {
      // The API client has shown the error.
    } finally {
      setSaving(false);
    }
  };

  const upload = async (file: File) => {
    const problem = photoProblem(file, locale);
    if (problem) {
      useAppStore.getState().notify(problem, 'warning');
      return;
    }
    const body = new FormData();
    body.append('file', file);
    setPhotoBusy(true);
    try {
      const updated = await call(userEndpoints.setPhoto, { body });
      applyUser(updated);
      await queryClient.invalidateQueries({ queryKey: userPhotoKey(updated.id) });
    } catch {
      // The API client has shown the error.
    } finally {
      setPhotoBusy(false);
    }
  };

  const removePhoto = async () => {
    setPhotoBusy(true);
    try {
      applyUser(await call(userEndpoints.removePhoto));
    } catch {
      // The API client has shown the error.
    } finally {
      setPhotoBusy(false);
    }
  };

  if (!user) return null;
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('profile.title')}
      width={560}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void save()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'profile-save' }}
      destroyOnHidden
      data-testid="profile-dialog"
    >
      <Flex align="center" gap={16} style={{ margin: '8px 0 20px' }}>
        <UserAvatar id={user.id} name={user.username} hasImage={user.hasImage} size={64} />
        <div>
          <Space wrap>
            <Upload
              accept="image/*"
              showUploadList={false}
              maxCount={1}
              beforeUpload={(file) => {
                void upload(file);
                return Upload.LIST_IGNORE;
              }}
              data-testid="profile-photo"
            >
              <Button icon={<UploadOutlined />} loading={photoBusy} data-testid="profile-photo-upload">
                {t('profile.uploadPhoto')}
              </Button>
            </Upload>
            {user.hasImage && (
              <Button
                icon={<DeleteOutlined />}
                onClick={() => void removePhoto()}
                disabled={photoBusy}
                data-testid="profile-photo-remove"
              >
                {t('profile.removePhoto')}
              </Button>
            )}
          </Space>
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 12 }}>
            {t('profile.photoHint')}
          </Typography.Paragraph>
        </div>
      </Flex>
      <Form form={form} layout="vertical" data-testid="profile-form">
        <Flex gap={16}>
          <Form.Item label={t('profile.userId')} htmlFor="profile-user-id" style={{ flex: 1 }}>
            <Input id="profile-user-id" value={user.userId} readOnly disabled data-testid="profile-user-id" />
          </Form.Item>
          <Form.Item
            name="username"
            label={t('profile.username')}
            required
            rules={[rule('username')]}
            style={{ flex: 1 }}
          >
            <Input maxLength={50} data-testid="profile-username" />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item name="email" label={t('profile.email')} rules={[rule('email')]} style={{ flex: 1 }}>
            <Input type="email" autoComplete="email" data-testid="profile-email" />
          </Form.Item>
          <Form.Item name="phone" label={t('profile.phone')} rules={[rule('phone')]} style={{ flex: 1 }}>
            <Input placeholder={t('profile.phonePlaceholder')} autoComplete="tel" data-testid="profile-phone" />
          </Form.Item>
        </Flex>
        <Flex gap={16}>
          <Form.Item
            name="password"
            label={t('profile.password')}
            extra={t('profile.passwordHint')}
            rules={[rule('password')]}
            style={{ flex: 1 }}
          >
            <Input.Password autoComplete="new-password" data-testid="profile-password" />
          </Form.Item>
          <Form.Item
            name="passwordConfirm"
            label={t('profile.passwordConfirm')}
            dependencies={['password']}
            rules={[rule('passwordConfirm')]}
            style={{ flex: 1 }}
          >
            <Input.Password autoComplete="new-password" data-testid="profile-password-confirm" />
          </Form.Item>
        </Flex>
        <Form.Item name="locationId" label={t('profile.location')}>
          <LocationTreeSelect typeUntils={['LINE']} allowClear testId="profile-location" />
        </Form.Item>
        {user.roles.length > 0 && (
          <Form.Item label={t('profile.roles')} style={{ marginBottom: 0 }}>
            <Space wrap size={[4, 4]}>
              {user.roles.map((r) => (
                <Tag key={r.id}>{r.name}</Tag>
              ))}
            </Space>
          </Form.Item>
        )}
      </Form>
      <Divider style={{ margin: '20px 0 16px' }} />
      <Flex align="center" justify="space-between" gap={12} wrap data-testid="profile-api-tokens">
        <div style={{ flex: '1 1 240px' }}>
          <Typography.Text strong>{t('profile.apiTokens')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0', fontSize: 12 }}>
            {t('profile.apiTokensHint')}
          </Typography.Paragraph>
        </div>
        <Button
          icon={<ApiOutlined />}
          onClick={() => {
            setTokensLoaded(true);
            setTokensOpen(true);
          }}
          data-testid="profile-api-tokens-open"
        >
          {t('profile.manageApiTokens')}
        </Button>
      </Flex>
      {tokensLoaded && (
        <Suspense fallback={null}>
          <ApiTokensDialog open={tokensOpen} onClose={() => setTokensOpen(false)} />
        </Suspense>
      )}
    </Modal>
  );
}
