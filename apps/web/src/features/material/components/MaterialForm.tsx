import { type Material, SHELF_LIFE_DAYS_MAX } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import type { MasterFieldsProps } from '../../../components/master/master-def.ts';
import { CodeItem } from '../../../components/master/master-choice-items.tsx';
import {
  NumberItem,
  rowOptions,
  SelectItem,
  TextAreaItem,
  TextItem,
} from '../../../components/master/master-fields.tsx';
import { numberRule } from '../../../components/inputs/NumberField.tsx';
import { useSupplierOptions } from '../material.queries.ts';

/** The material form's fields. */
export function MaterialForm({ row: material, creating }: MasterFieldsProps<Material>) {
  const { t } = useTranslation('material');
  const suppliers = useSupplierOptions();
  const supplierOptions = rowOptions(
    suppliers.data,
    material && { id: material.supplierId, label: material.supplierName },
  );
  return (
    <>
      <TextItem name="code" maxLength={50} autoComplete="off" autoFocus={creating} />
      <TextItem name="name" maxLength={100} autoFocus={!creating} />
      <CodeItem name="type" category="MATERIAL_TYPE" />
      <CodeItem name="unit" category="UNIT" />
      <NumberItem name="safetyStock" min={0} />
      <NumberItem
        name="shelfLifeDays"
        integer
        intDigits={4}
        min={1}
        max={SHELF_LIFE_DAYS_MAX}
        rules={[numberRule({ integer: true, intDigits: 4, min: 1, max: SHELF_LIFE_DAYS_MAX })]}
        tooltip={t('hints.shelfLifeDays')}
      />
      <TextItem name="specification" maxLength={200} />
      <TextItem name="barcode" maxLength={100} autoComplete="off" />
      <SelectItem
        name="supplierId"
        labelKey="supplier"
        sm={24}
        allowClear
        search
        loading={suppliers.isLoading}
        options={supplierOptions}
        notFoundContent={t('hints.noSuppliers')}
      />
      <TextAreaItem name="description" maxLength={500} />
    </>
  );
}
