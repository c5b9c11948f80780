import { PRODUCT_SHELF_LIFE_DAYS_MAX, type Product } from '@eqms/contract';
import { Col, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText, fieldMessage } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import type { MasterFieldsProps } from '../../../components/master/master-def.ts';
import { CodeItem } from '../../../components/master/master-choice-items.tsx';
import {
  NumberItem,
  rowOptions,
  SelectItem,
  TextAreaItem,
  TextItem,
  useItem,
} from '../../../components/master/master-fields.tsx';
import { i18n } from '../../../i18n/index.ts';
import { removeDesignImage, uploadDesignImage, useRouteOptions } from '../product.queries.ts';
import { type DesignImageChange, DesignImageField, NO_CHANGE } from './DesignImageField.tsx';

const QTY_FIELDS = ['lotQty', 'packQty', 'safetyStock'] as const;

/**
 * The shelf life in whole days, with its unit and a help line (empty means the product's lots do not expire). Its
 * rule is the contract's (the server's message); typing is held to 5 digits, no sign or decimal point.
 */
function ShelfLifeItem() {
  const { t } = useTranslation('product');
  const item = useItem('shelfLifeDays');
  return (
    <Col xs={24} sm={8}>
      <Form.Item name="shelfLifeDays" label={item.label} rules={item.rules} extra={t('hints.shelfLifeDays')}>
        <NumberField
          testId={item.testId}
          integer
          intDigits={5}
          min={1}
          max={PRODUCT_SHELF_LIFE_DAYS_MAX}
          suffix={t('units.days')}
        />
      </Form.Item>
    </Col>
  );
}

/** The product form's fields, its design image included (sent by saveDesignImage once the product is saved). */
export function ProductForm({ row: product, creating }: MasterFieldsProps<Product>) {
  const { t } = useTranslation('product');
  const routes = useRouteOptions();
  // A product's route is shown even before the route list has loaded (or when the route API is not there).
  const routeOptions = rowOptions(routes.data, product && { id: product.routeId, label: product.routeName });
  return (
    <>
      <TextItem name="code" maxLength={50} autoComplete="off" autoFocus={creating} />
      <TextItem name="name" maxLength={100} autoFocus={!creating} />
      <CodeItem name="type" category="PRODUCT_TYPE" />
      <CodeItem name="unit" category="UNIT" />
      <TextItem name="specification" sm={8} maxLength={200} />
      <TextItem name="barcode" maxLength={100} autoComplete="off" />
      <SelectItem
        name="routeId"
        labelKey="route"
        allowClear
        search
        loading={routes.isLoading}
        options={routeOptions}
        notFoundContent={t('hints.noRoutes')}
      />
      {QTY_FIELDS.map((key) => (
        <NumberItem key={key} name={key} min={0} />
      ))}
      <ShelfLifeItem />
      <Col xs={24}>
        <Form.Item name="designImage" initialValue={NO_CHANGE} label={t('fields.designImage')}>
          <DesignImageField product={product} />
        </Form.Item>
      </Col>
      <TextAreaItem name="description" maxLength={500} />
    </>
  );
}

/**
 * After the product is saved: the chosen image is sent, or the stored one removed. A refusal leaves the product
 * saved (the dialog closes) and says so instead of "saved".
 */
export async function saveDesignImage(saved: Product, values: Record<string, unknown>, refresh: () => Promise<void>) {
  const image = values.designImage as DesignImageChange | undefined;
  try {
    if (image?.file) await uploadDesignImage(saved.id, image.file);
    else if (image?.remove && saved.designImageId) await removeDesignImage(saved.id);
    else return true;
    await refresh();
  } catch (err) {
    // The image's refusal is what the user must know.
    const reason =
      err instanceof ApiError
        ? (fieldMessage(err, useAppStore.getState().locale) ?? errorText(err, useAppStore.getState().locale))
        : '';
    useAppStore.getState().notify(`${i18n.t('product:messages.imageSaveFailed')} ${reason}`.trim(), 'warning');
    return false;
  }
  return true;
}
