import { PlusOutlined } from '@ant-design/icons';
import { type ApiToken, apiTokenCreateBody } from '@eqms/contract';
import { Button, Flex, Form, Input, type InputRef, Select } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { API_TOKEN_NS } from '../api-token.locales.ts';
import { useCreateApiToken } from '../api-token.queries.ts';
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, type ExpiryChoice, expiresInDays } from '../api-token-status.ts';

export type CreatedApiToken = ApiToken & { token: string };
type Values = { name: string; expiry: ExpiryChoice };

const NAME_MAX = 100;

/** Name and expiry of a new token on one line (wrapping on a phone); Enter in the name creates it. */
export function ApiTokenCreateForm({
  onCreated,
  nameRef,
}: {
  onCreated: (made: CreatedApiToken) => void;
  nameRef?: Ref<InputRef>;
}) {
  const { t } = useTranslation([API_TOKEN_NS, 'common']);
  const [form] = Form.useForm<Values>();
  const create = useCreateApiToken();

  const finish = async (values: Values) => {
    try {
      const made = await create.mutateAsync({
        name: values.name.trim(),
        expiresInDays: expiresInDays(values.expiry),
      });
      form.resetFields();
      onCreated(made);
      useAppStore.getState().notify(t('created'), 'success');
    } catch (err) {
      showSaveError(form, err);
    }
  };

  return (
    <Form<Values>
      form={form}
      // A name of its own keeps the fields' ids apart from the profile form's under this dialog.
      name="apiToken"
      layout="vertical"
      initialValues={{ name: '', expiry: DEFAULT_EXPIRY }}
      onFinish={(v) => void finish(v)}
      onFinishFailed={() => useAppStore.getState().notify(t('common:messages.invalidForm'), 'warning')}
      requiredMark
      data-testid="api-token-form"
    >
      <Flex gap={12} wrap align="flex-start">
        <Form.Item
          name="name"
          label={t('form.name')}
          required
          rules={[zodRule(apiTokenCreateBody.shape.name)]}
          style={{ flex: '1 1 220px', marginBottom: 0 }}
        >
          <Input
            ref={nameRef}
            maxLength={NAME_MAX}
            placeholder={t('form.namePlaceholder')}
            autoComplete="off"
            data-testid="api-token-name"
          />
        </Form.Item>
        <Form.Item name="expiry" label={t('form.expiry')} style={{ flex: '1 0 140px', marginBottom: 0 }}>
          <Select<ExpiryChoice>
            options={EXPIRY_CHOICES.map((days) => ({
              value: days,
              label: days === 0 ? t('form.noExpiry') : t('form.days', { count: days }),
            }))}
            data-testid="api-token-expiry"
          />
        </Form.Item>
        {/* A blank label keeps the button level with the boxes, whose labels stand above them. */}
        <Form.Item label=" " colon={false} style={{ flex: 'none', marginBottom: 0 }}>
          <Button
            type="primary"
            htmlType="submit"
            icon={<PlusOutlined />}
            loading={create.isPending}
            data-testid="api-token-create"
          >
            {t('form.create')}
          </Button>
        </Form.Item>
      </Flex>
    </Form>
  );
}
