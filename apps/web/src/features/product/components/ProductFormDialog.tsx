import { type Product, productCreateBody } from '@eqms/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { CustomFieldItems, extPayload, useCustomFields } from '../../../components/custom-fields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect, NumberField, numberRule } from '../../../components/inputs/index.ts';
import { type ProductFormValues, useProductApi, useRouteOptions } from '../product.queries.ts';
import { type DesignImageChange, DesignImageField } from './DesignImageField.tsx';

const shape = productCreateBody.shape;
const NO_CHANGE: DesignImageChange = { file: null, remove: false };
const QTY_FIELDS = ['lotQty', 'packQty', 'safetyStock'] as const;

/** Create (product === null) or edit a product, its design image included (sent after the product is saved). */
export function ProductFormDialog({
  open,
  product,
  onClose,
}: {
  open: boolean;
  product: Product | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('product');
  const productApi = useProductApi();
  const routes = useRouteOptions();
  const customFields = useCustomFields('products');
  const [image, setImage] = useState<DesignImageChange>(NO_CHANGE);
  useEffect(() => {
    if (open) setImage(NO_CHANGE);
  }, [open]);
  const creating = product === null;
  const initialValues: Partial<ProductFormValues> = product
    ? {
        code: product.code,
        name: product.name,
        type: product.type,
        specification: product.specification,
        unit: product.unit,
        barcode: product.barcode,
        routeId: product.routeId,
        lotQty: product.lotQty,
        packQty: product.packQty,
        safetyStock: product.safetyStock,
        description: product.description,
        ext: (product.ext ?? undefined) as Record<string, string> | undefined,
      }
    : { type: 'FINISHED', unit: 'EA' };

  const routeOptions = (routes.data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }));
  // A product's route is shown even before the route list has loaded (or when the route API is not there).
  if (product?.routeId && !routeOptions.some((o) => o.value === product.routeId)) {
    routeOptions.push({ value: product.routeId, label: product.routeName ?? String(product.routeId) });
  }

  return (
    <FormDialog<ProductFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="product-form"
      width={720}
      onClose={onClose}
      onSubmit={async (formValues, form) => {
        const values = { ...formValues, ext: extPayload(customFields.data, formValues.ext) };
        let saved: Product;
        try {
          saved = creating ? await productApi.create(values) : await productApi.update(product.id, values);
        } catch (err) {
          showSaveError(form, err, {
            duplicateText: { code: t('messages.duplicateCode'), barcode: t('messages.duplicateBarcode') },
          });
          throw err;
        }
        try {
          if (image.file) await productApi.uploadImage(saved.id, image.file);
          else if (image.remove && saved.designImageId) await productApi.removeImage(saved.id);
        } catch (err) {
          // The product itself is saved (the dialog closes); the image's refusal is what the user must know.
          const reason = err instanceof ApiError ? (err.extraData?.fields?.[0]?.message ?? err.message) : '';
          useAppStore.getState().notify(`${t('messages.imageSaveFailed')} ${reason}`.trim(), 'warning');
          return;
        }
        useAppStore.getState().notify(t('common:messages.saved'), 'success');
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="code" label={t('fields.code')} required rules={[zodRule(shape.code)]}>
            <Input data-testid="product-form-code" maxLength={50} autoComplete="off" autoFocus={creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="product-form-name" maxLength={100} autoFocus={!creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="type" label={t('fields.type')} required rules={[zodRule(shape.type)]}>
            <CodeSelect category="PRODUCT_TYPE" testId="product-form-type" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="unit" label={t('fields.unit')} required rules={[zodRule(shape.unit)]}>
            <CodeSelect category="UNIT" testId="product-form-unit" allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="specification" label={t('fields.specification')} rules={[zodRule(shape.specification)]}>
            <Input data-testid="product-form-specification" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="barcode" label={t('fields.barcode')} rules={[zodRule(shape.barcode)]}>
            <Input data-testid="product-form-barcode" maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="routeId" label={t('fields.route')}>
            <Select
              data-testid="product-form-route"
              allowClear
              loading={routes.isLoading}
              options={routeOptions}
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('hints.noRoutes')}
            />
          </Form.Item>
        </Col>
        {QTY_FIELDS.map((key) => (
          <Col xs={24} sm={8} key={key}>
            <Form.Item name={key} label={t(`fields.${key}`)} rules={[numberRule({ min: 0 })]}>
              <NumberField min={0} testId={`product-form-${key}`} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24}>
          <Form.Item label={t('fields.designImage')}>
            <DesignImageField product={product} value={image} onChange={setImage} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="product-form-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
      <CustomFieldItems table="products" stored={product?.ext} />
    </FormDialog>
  );
}
