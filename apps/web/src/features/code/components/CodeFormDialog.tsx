import { type Code, type CodeCategory, codeCreateBody, SORT_DIGITS } from '@eqms/contract';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { integerRule, NumberField } from '../../../components/inputs/index.ts';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { type CodeValues, useAllCodes, useCodeApi } from '../code.queries.ts';

const shape = codeCreateBody.shape;

/** Create (code === null) or edit a code of `category`. */
export function CodeFormDialog({
  open,
  category,
  code,
  onClose,
}: {
  open: boolean;
  category: CodeCategory;
  code: Code | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['code', 'common']);
  const codeApi = useCodeApi();
  const all = useAllCodes();
  const locale = useAppStore((s) => s.locale);
  // A parent may be any other code, grouped by category; a code cannot be its own parent.
  const parentOptions = useMemo(() => {
    const groups = new Map<string, { label: string; options: { value: number; label: string }[] }>();
    for (const c of all.data ?? []) {
      if (c.id === code?.id) continue;
      const g = groups.get(c.category) ?? { label: c.category, options: [] };
      g.options.push({
        value: c.id,
        label: `${c.code} · ${locale === 'en' && c.codeNameEn ? c.codeNameEn : c.codeName}`,
      });
      groups.set(c.category, g);
    }
    return [...groups.values()];
  }, [all.data, code?.id, locale]);

  return (
    <FormDialog<CodeValues>
      open={open}
      title={`${code ? t('titles.editCode') : t('titles.createCode')} · ${category.name}`}
      testId="code-form"
      initialValues={code ?? { sort: 0, enabled: true, parentId: null }}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          if (code) await codeApi.updateCode(category, code.id, values);
          else await codeApi.createCode(category, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        } catch (err) {
          showSaveError(form, err, { duplicateText: { code: t('messages.duplicateCode') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('fields.code')} required rules={[zodRule(shape.code)]}>
            <Input data-testid="code-form-code" maxLength={50} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="parentId" label={t('fields.parent')} tooltip={t('hints.parent')}>
            <Select
              data-testid="code-form-parent"
              allowClear
              loading={all.isLoading}
              options={parentOptions}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="codeName" label={t('fields.codeName')} required rules={[zodRule(shape.codeName)]}>
            <Input data-testid="code-form-codeName" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="codeNameEn" label={t('fields.codeNameEn')} rules={[zodRule(shape.codeNameEn)]}>
            <Input data-testid="code-form-codeNameEn" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="sort" label={t('fields.sort')} rules={[integerRule(SORT_DIGITS)]}>
            <NumberField testId="code-form-sort" integer intDigits={SORT_DIGITS} />
          </Form.Item>
        </Col>
        <Col xs={12}>
          <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
            <Switch data-testid="code-form-enabled" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
