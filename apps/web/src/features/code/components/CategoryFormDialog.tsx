import { type CodeCategory, codeCategoryCreateBody, SORT_DIGITS } from '@eqms/contract';
import { Col, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { integerRule, NumberField } from '../../../components/inputs/index.ts';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { type CategoryValues, useCodeApi } from '../code.queries.ts';

const shape = codeCategoryCreateBody.shape;

/** Create (category === null) or edit a code category. */
export function CategoryFormDialog({
  open,
  category,
  onClose,
  onSaved,
}: {
  open: boolean;
  category: CodeCategory | null;
  onClose: () => void;
  onSaved: (c: CodeCategory) => void;
}) {
  const { t } = useTranslation(['code', 'common']);
  const codeApi = useCodeApi();
  return (
    <FormDialog<CategoryValues>
      open={open}
      title={category ? t('titles.editCategory') : t('titles.createCategory')}
      testId="category-form"
      initialValues={category ?? { sort: 0 }}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          const saved = category
            ? await codeApi.updateCategory(category, values)
            : await codeApi.createCategory(values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
          onSaved(saved);
        } catch (err) {
          showSaveError(form, err, { duplicateText: { category: t('messages.duplicateCategory') } });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="category"
            label={t('fields.category')}
            required
            tooltip={t('hints.category')}
            rules={[zodRule(shape.category)]}
          >
            <Input data-testid="category-form-category" maxLength={50} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.categoryName')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="category-form-name" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={18}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input data-testid="category-form-description" maxLength={500} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={6}>
          <Form.Item name="sort" label={t('fields.sort')} rules={[integerRule(SORT_DIGITS)]}>
            <NumberField testId="category-form-sort" integer intDigits={SORT_DIGITS} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
