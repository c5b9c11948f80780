import { type Material, PACKAGE_ID_PATTERN, shipInBody } from '@eqms/contract';
import { Col, DatePicker, Form, Input, Row, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { checkRule, showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { useStockApi } from '../material-stock.queries.ts';
import { nextExpiry, placeBody, proposeExpiry, today } from '../stock-rules.ts';
import {
  dateItemProps,
  StockDateFields,
  MaterialPickSelect,
  PartnerSelect,
  type PlaceKind,
  PlaceFields,
} from './stock-inputs.tsx';

const shape = shipInBody.shape;

export type ReceiveFormValues = {
  materialId: number;
  qty: number;
  placeKind: PlaceKind;
  locationId?: number | null;
  toolId?: number | null;
  supplierId?: number | null;
  supplierLot?: string | null;
  packageId?: string | null;
  receivedDate?: string | null;
  manufactureDate?: string | null;
  expiryDate?: string | null;
  description?: string | null;
};

/**
 * Proposes the expiry date from the material's shelf life when the material or the manufacturing / received date
 * changes; a date the user picked is kept (stock-rules nextExpiry).
 */
function ExpiryProposal({ material }: { material: Material | null }) {
  const { t } = useTranslation('materialStock');
  const form = Form.useFormInstance<ReceiveFormValues>();
  const manufactureDate = Form.useWatch('manufactureDate', form);
  const receivedDate = Form.useWatch('receivedDate', form);
  const last = useRef<string | null>(null);
  const shelfLife = material?.shelfLifeDays ?? null;
  useEffect(() => {
    const proposal = proposeExpiry(shelfLife, manufactureDate, receivedDate);
    const current = form.getFieldValue('expiryDate') as string | null | undefined;
    const next = nextExpiry(current, last.current, proposal);
    last.current = proposal;
    if (next !== (current ?? null)) form.setFieldValue('expiryDate', next);
  }, [form, shelfLife, manufactureDate, receivedDate]);
  if (!material) return null;
  return (
    <Typography.Text type="secondary" data-testid="stock-receive-shelf-life" style={{ fontSize: 12 }}>
      {shelfLife ? t('hints.shelfLife', { days: shelfLife }) : t('hints.noShelfLife')}
    </Typography.Text>
  );
}

export function ReceiveDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['materialStock', 'common']);
  const api = useStockApi();
  const unitLabel = useCodeLabel('UNIT');
  const [material, setMaterial] = useState<Material | null>(null);
  useEffect(() => {
    if (!open) setMaterial(null);
  }, [open]);

  const submit = async (v: ReceiveFormValues, form: Parameters<typeof showSaveError>[0]) => {
    try {
      const saved = await api.shipIn({
        materialId: v.materialId,
        qty: v.qty,
        ...placeBody(v.placeKind, v.locationId, v.toolId),
        supplierId: v.supplierId ?? null,
        supplierLot: v.supplierLot || null,
        packageId: v.packageId?.trim() || null,
        receivedDate: v.receivedDate || null,
        manufactureDate: v.manufactureDate || null,
        expiryDate: v.expiryDate || null,
        description: v.description || null,
      });
      useAppStore.getState().notify(t('messages.received', { packageId: saved.packageId }), 'success');
    } catch (e) {
      showSaveError(form, e, { duplicateText: { packageId: t('messages.duplicatePackage') } });
      throw e;
    }
  };

  return (
    <FormDialog<ReceiveFormValues>
      open={open}
      title={t('titles.receive')}
      testId="stock-receive"
      width={720}
      okText={t('actions.receive')}
      initialValues={{ placeKind: 'SHELF', receivedDate: today() }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} sm={16}>
          <Form.Item
            name="materialId"
            label={t('fields.material')}
            required
            rules={[zodRule(shape.materialId)]}
            extra={<ExpiryProposal material={material} />}
          >
            <MaterialPickSelect testId="stock-receive-material" onPicked={setMaterial} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="qty" label={t('fields.qty')} required rules={[zodRule(shape.qty)]}>
            <NumberField
              testId="stock-receive-qty"
              min={0}
              suffix={material ? unitLabel(material.unit) : undefined}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <PlaceFields testId="stock-receive" />
        <Col xs={24} sm={12}>
          <Form.Item name="supplierId" label={t('fields.supplier')}>
            <PartnerSelect type="SUPPLIER" testId="stock-receive-supplier" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="supplierLot" label={t('fields.supplierLot')} rules={[zodRule(shape.supplierLot)]}>
            <Input data-testid="stock-receive-supplier-lot" maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="packageId"
            label={t('fields.packageId')}
            tooltip={t('hints.packageId')}
            rules={[
              zodRule(shape.packageId),
              checkRule((v) => !v || PACKAGE_ID_PATTERN.test(String(v).trim()), 'packageId'),
            ]}
          >
            <Input
              data-testid="stock-receive-package-id"
              maxLength={50}
              autoComplete="off"
              placeholder={t('hints.packageIdBlank')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="receivedDate" label={t('fields.receivedDate')} {...dateItemProps}>
            <DatePicker data-testid="stock-receive-received-date" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <StockDateFields testId="stock-receive" />
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="stock-receive-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
