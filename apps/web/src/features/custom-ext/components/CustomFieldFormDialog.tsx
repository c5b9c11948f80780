import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import {
  CUSTOM_FIELD_MAX,
  type CustomExtTable,
  type CustomField,
  isCamelCase,
  ruleMessage,
  rules,
  translateMessage,
} from '@eqms/contract';
import { Button, Col, Flex, Form, Input, Radio, Row, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { type FieldOption, fetchService, serviceOptions } from '../../../components/custom-fields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { checkRule, showSaveError, zodRule } from '../../../components/formErrors.ts';
import {
  camelOf,
  type CustomFieldValues,
  dataOf,
  parseParams,
  useCodeCategories,
  useCustomExtApi,
  valuesOf,
} from '../custom-ext.queries.ts';

const fieldNameRule = zodRule(rules.text(CUSTOM_FIELD_MAX).refine(isCamelCase, { error: ruleMessage('camelCase') }));
const requiredText = (max: number) => zodRule(rules.text(max));

/**
 * Create (field === null) or edit a custom field of `table`. A list field takes its options from exactly one
 * source: a code category, a service (GET path under /api with label/value keys) or fixed items. Removing a fixed
 * item of a saved field is part of the one PUT of the whole field, so the edit is saved (or refused) as a whole.
 */
export function CustomFieldFormDialog({
  open,
  table,
  tableLabel,
  field,
  columns,
  onClose,
}: {
  open: boolean;
  table: CustomExtTable;
  tableLabel: string;
  field: CustomField | null;
  /** The table's real columns: a field may not take one of their names. */
  columns: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['customExt', 'common']);
  const customExtApi = useCustomExtApi();
  const creating = field === null;
  const initialValues: CustomFieldValues = field
    ? valuesOf(field)
    : { field: '', display: '', type: 'list', source: 'items', data: { items: [{ value: '', label: '' }] } };
  const reserved = new Set(columns.flatMap((c) => [c, camelOf(c)]));

  return (
    <FormDialog<CustomFieldValues>
      open={open}
      title={`${creating ? t('titles.create') : t('titles.edit')} · ${tableLabel}`}
      initialValues={initialValues}
      testId="custom-field-form"
      width={720}
      onClose={onClose}
      onSubmit={async (values, form) => {
        const body = {
          field: values.field.trim(),
          display: values.display.trim(),
          type: values.type,
          data: dataOf(values),
        };
        try {
          if (field) await customExtApi.update({ ...body, id: field.id, sequence: field.sequence });
          else await customExtApi.create({ ...body, table });
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          if (err instanceof ApiError)
            showSaveError(form, err, { duplicateText: { field: t('messages.duplicateField') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="field"
            label={t('fields.field')}
            required
            extra={t('hints.field')}
            rules={[fieldNameRule, checkRule((v) => !reserved.has(String(v ?? '').trim()), 'customFieldReserved')]}
          >
            <Input data-testid="custom-field-form-field" maxLength={CUSTOM_FIELD_MAX} autoComplete="off" autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="display" label={t('fields.display')} required rules={[requiredText(100)]}>
            <Input data-testid="custom-field-form-display" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="type" label={t('fields.type')} required>
            <Radio.Group
              data-testid="custom-field-form-type"
              optionType="button"
              options={[
                { value: 'list', label: t('types.list') },
                { value: 'other', label: t('types.other') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item noStyle shouldUpdate={(a, b) => a.type !== b.type || a.source !== b.source}>
        {({ getFieldValue }) => getFieldValue('type') === 'list' && <ListDataEditor source={getFieldValue('source')} />}
      </Form.Item>
    </FormDialog>
  );
}

function ListDataEditor({ source }: { source: CustomFieldValues['source'] }) {
  const { t } = useTranslation(['customExt', 'common']);
  return (
    <>
      <Form.Item name="source" label={t('fields.source')} required>
        <Radio.Group
          data-testid="custom-field-form-source"
          options={[
            { value: 'items', label: t('sources.items') },
            { value: 'category', label: t('sources.category') },
            { value: 'service', label: t('sources.service') },
          ]}
        />
      </Form.Item>
      {source === 'category' && <CategorySource />}
      {source === 'service' && <ServiceSource />}
      {source === 'items' && <ItemsSource />}
    </>
  );
}

function CategorySource() {
  const { t } = useTranslation('customExt');
  const categories = useCodeCategories(true);
  return (
    <Form.Item name={['data', 'category']} label={t('fields.category')} required rules={[requiredText(50)]}>
      <Select
        data-testid="custom-field-form-category"
        showSearch={{ optionFilterProp: 'label' }}
        loading={categories.isLoading}
        options={(categories.data ?? []).map((c) => ({ value: c.category, label: `${c.name} (${c.category})` }))}
      />
    </Form.Item>
  );
}

function ServiceSource() {
  const { t } = useTranslation('customExt');
  const form = Form.useFormInstance<CustomFieldValues>();
  const [preview, setPreview] = useState<FieldOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const paramsRule = checkRule((v) => parseParams(v as string | undefined) !== null, 'pattern');

  // Calls the service the way the forms will, so the admin sees the options before saving.
  const load = async () => {
    const v = form.getFieldsValue(true) as CustomFieldValues;
    const s = dataOf({ ...v, type: 'list', source: 'service' });
    if (!s || !('service' in s) || !s.service.path.startsWith('/')) return;
    setLoading(true);
    try {
      const rows = await fetchService(s.service);
      setPreview(serviceOptions(rows, s.service));
    } catch {
      setPreview(null);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Row gutter={16}>
      <Col xs={24} sm={12}>
        <Form.Item
          name={['data', 'service', 'path']}
          label={t('fields.path')}
          required
          extra={t('hints.path')}
          rules={[requiredText(200)]}
        >
          <Input data-testid="custom-field-form-path" placeholder="/location/locations" maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name={['data', 'service', 'function']} label={t('fields.function')} extra={t('hints.function')}>
          <Input data-testid="custom-field-form-function" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={12}>
        <Form.Item
          name={['data', 'service', 'valueKey']}
          label={t('fields.valueKey')}
          required
          rules={[requiredText(100)]}
        >
          <Input data-testid="custom-field-form-valueKey" placeholder="id" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={12}>
        <Form.Item
          name={['data', 'service', 'labelKey']}
          label={t('fields.labelKey')}
          required
          rules={[requiredText(100)]}
        >
          <Input data-testid="custom-field-form-labelKey" placeholder="name" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item
          name={['data', 'service', 'params']}
          label={t('fields.params')}
          extra={t('hints.params')}
          rules={[paramsRule]}
        >
          <Input.TextArea data-testid="custom-field-form-params" autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
          <Button icon={<EyeOutlined />} loading={loading} onClick={load} data-testid="custom-field-form-preview">
            {t('actions.preview')}
          </Button>
          {preview && (
            <Typography.Text type="secondary" data-testid="custom-field-form-preview-result">
              {preview.length ? t('titles.preview', { count: preview.length }) : t('hints.noPreview')}
            </Typography.Text>
          )}
        </Flex>
        {preview && preview.length > 0 && (
          <Space size={[4, 4]} wrap style={{ marginBottom: 16 }}>
            {preview.slice(0, 20).map((o) => (
              <Tag key={o.value}>
                {o.label} <Typography.Text type="secondary">({o.value})</Typography.Text>
              </Tag>
            ))}
            {preview.length > 20 && <Tag>…</Tag>}
          </Space>
        )}
      </Col>
    </Row>
  );
}

function ItemsSource() {
  const { t } = useTranslation('customExt');
  const form = Form.useFormInstance<CustomFieldValues>();
  // Two items with one value would make a stored value ambiguous (the server refuses it as well).
  const uniqueValue = (index: number) =>
    checkRule((v) => {
      const items = (form.getFieldValue(['data', 'items']) ?? []) as { value?: string }[];
      const text = String(v ?? '').trim();
      return !text || !items.some((it, i) => i !== index && String(it?.value ?? '').trim() === text);
    }, 'duplicateValue');

  return (
    <Form.Item label={t('fields.items')} required extra={t('hints.items')}>
      <Form.List
        name={['data', 'items']}
        rules={[
          {
            validator: async (_, items?: unknown[]) => {
              if (!items?.length) throw new Error(translateMessage('required', useAppStore.getState().locale));
            },
          },
        ]}
      >
        {(rows, { add, remove }, { errors }) => (
          <div data-testid="custom-field-form-items">
            {rows.map((row, index) => (
              <Flex key={row.key} gap={8} align="start">
                <Form.Item
                  name={[row.name, 'value']}
                  rules={[requiredText(100), uniqueValue(index)]}
                  style={{ flex: 1, marginBottom: 8 }}
                >
                  <Input
                    data-testid={`custom-field-form-item-value-${index}`}
                    placeholder={t('fields.itemValue')}
                    aria-label={t('fields.itemValue')}
                    maxLength={100}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'label']} rules={[requiredText(100)]} style={{ flex: 1, marginBottom: 8 }}>
                  <Input
                    data-testid={`custom-field-form-item-label-${index}`}
                    placeholder={t('fields.itemLabel')}
                    aria-label={t('fields.itemLabel')}
                    maxLength={100}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('actions.removeItem')}
                  data-testid={`custom-field-form-item-remove-${index}`}
                  disabled={rows.length === 1}
                  onClick={() => remove(row.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ value: '', label: '' })}
              data-testid="custom-field-form-item-add"
              block
            >
              {t('actions.addItem')}
            </Button>
            <Form.ErrorList errors={errors} />
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
