import { type Claim, type ClaimLot, type ClaimStatus, claimFieldsSchema, claimNextStatuses } from '@eqms/contract';
import { Alert, Button, Col, DatePicker, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { dateItemProps, PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { today } from '../../material-stock/stock-rules.ts';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { CLAIM_NS } from '../claim.locales.ts';
import { lookupLot, useClaimApi } from '../claim.queries.ts';

const shape = claimFieldsSchema.shape;

type Values = {
  receivedDt?: string | null;
  bizPartnerId?: number | null;
  productId?: number | null;
  lotId?: string | null;
  claimQty?: number | null;
  content?: string | null;
  cause?: string | null;
  countermeasure?: string | null;
  status?: ClaimStatus;
  closedDt?: string | null;
};

/** The LOT ID field with its look-up: a found lot sets the product and says where the lot was shipped. */
function LotField({ onFound }: { onFound: (lot: ClaimLot | null) => void }) {
  const { t } = useTranslation(CLAIM_NS);
  const form = Form.useFormInstance<Values>();
  const customer = Form.useWatch('bizPartnerId', form);
  const [lot, setLot] = useState<ClaimLot | null>(null);
  const [missing, setMissing] = useState(false);
  const look = async () => {
    const text = String(form.getFieldValue('lotId') ?? '').trim();
    setMissing(false);
    if (!text) {
      setLot(null);
      onFound(null);
      return;
    }
    try {
      const found = await lookupLot(text);
      setLot(found);
      onFound(found);
      form.setFieldsValue({ lotId: found.lotId, productId: found.productId });
      form.setFields([{ name: 'lotId', errors: [] }]);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 404) throw e;
      setLot(null);
      setMissing(true);
      form.setFields([{ name: 'lotId', errors: [t('hints.noLot')] }]);
    }
  };
  const shippedNames = lot?.shippedTo.map((s) => s.bizPartnerName).join(', ');
  const otherCustomer =
    lot && customer && lot.shippedTo.length && !lot.shippedTo.some((s) => s.bizPartnerId === customer);
  return (
    <Form.Item
      label={t('fields.lotId')}
      htmlFor="claim-lot-id"
      extra={
        lot && (
          <Space orientation="vertical" size={0} data-testid="claim-lot-found">
            <span>{t('hints.lotFound', { code: lot.productCode, name: lot.productName, day: lot.day })}</span>
            <span>{shippedNames ? t('hints.shippedTo', { names: shippedNames }) : t('hints.notShipped')}</span>
            {otherCustomer ? <Typography.Text type="warning">{t('hints.otherCustomer')}</Typography.Text> : null}
          </Space>
        )
      }
    >
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="lotId" noStyle rules={[zodRule(shape.lotId)]}>
          <Input
            id="claim-lot-id"
            data-testid="claim-lot-id"
            maxLength={100}
            status={missing ? 'error' : undefined}
            onBlur={() => void look()}
            onChange={() => setMissing(false)}
          />
        </Form.Item>
        <Button data-testid="claim-lot-lookup" onClick={() => void look()}>
          {t('actions.lookup')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * Register or edit a claim (POST /claim/create-claim, PUT /claim/modify-claim). The status select offers only the
 * states the server accepts from the saved one (contract `claimNextStatuses`); closing asks for cause,
 * countermeasure and closing date, and the server's 400 lands on those fields.
 */
export function ClaimDialog({ open, row, onClose }: { open: boolean; row: Claim | null; onClose: () => void }) {
  const { t } = useTranslation([CLAIM_NS, 'common']);
  const api = useClaimApi();
  const locale = useAppStore((s) => s.locale);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [picked, setPicked] = useState<{ id: number; code: string; name: string } | null>(null);
  useEffect(() => {
    if (!open) {
      setRefusal(null);
      setPicked(null);
    }
  }, [open]);
  const allowed = claimNextStatuses(row?.status ?? null);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    const body = {
      receivedDt: v.receivedDt!,
      bizPartnerId: v.bizPartnerId!,
      productId: v.productId!,
      lotId: v.lotId?.trim() || null,
      claimQty: v.claimQty!,
      content: v.content ?? '',
      cause: v.cause || null,
      countermeasure: v.countermeasure || null,
      status: v.status ?? 'RECEIVED',
      closedDt: v.status === 'CLOSED' ? v.closedDt || null : null,
    };
    try {
      if (row) await api.update({ claimId: row.claimId, ...body });
      else await api.create(body);
      useAppStore.getState().notify(t(row ? 'messages.saved' : 'messages.created'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      showSaveError(form, e);
      throw e;
    }
  };

  const current = picked ?? (row ? { id: row.productId, code: row.productCode, name: row.productName } : null);
  return (
    <FormDialog<Values>
      open={open}
      title={t(row ? 'titles.edit' : 'titles.create')}
      testId="claim-dialog"
      width={760}
      initialValues={
        row
          ? {
              receivedDt: row.receivedDt,
              bizPartnerId: row.bizPartnerId,
              productId: row.productId,
              lotId: row.lotId,
              claimQty: row.claimQty,
              content: row.content,
              cause: row.cause,
              countermeasure: row.countermeasure,
              status: row.status,
              closedDt: row.closedDt,
            }
          : { receivedDt: today(), status: 'RECEIVED' }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="claim-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="receivedDt"
            label={t('fields.receivedDt')}
            required
            rules={[zodRule(shape.receivedDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="claim-received-dt" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="bizPartnerId" label={t('fields.customer')} required rules={[zodRule(shape.bizPartnerId)]}>
            <PartnerSelect type="CUSTOMER" testId="claim-customer" notFound={t('hints.noCustomers')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <LotField
            onFound={(lot) => lot && setPicked({ id: lot.productId, code: lot.productCode, name: lot.productName })}
          />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="productId" label={t('fields.product')} required rules={[zodRule(shape.productId)]}>
            <ProductPickSelect testId="claim-product" current={current} onPicked={(p) => p && setPicked(p)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="claimQty" label={t('fields.claimQty')} required rules={[zodRule(shape.claimQty)]}>
            <NumberField testId="claim-qty" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="status" label={t('fields.status')} required extra={t('hints.statusSteps')}>
            <Select<ClaimStatus>
              data-testid="claim-status"
              options={allowed.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="content" label={t('fields.content')} required rules={[zodRule(shape.content)]}>
            <Input.TextArea data-testid="claim-content" maxLength={2000} rows={3} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="cause" label={t('fields.cause')} rules={[zodRule(shape.cause)]}>
            <Input.TextArea data-testid="claim-cause" maxLength={2000} rows={3} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="countermeasure" label={t('fields.countermeasure')} rules={[zodRule(shape.countermeasure)]}>
            <Input.TextArea data-testid="claim-countermeasure" maxLength={2000} rows={3} />
          </Form.Item>
        </Col>
        <Form.Item noStyle dependencies={['status']}>
          {(f) =>
            f.getFieldValue('status') === 'CLOSED' && (
              <Col xs={24} sm={12}>
                <Form.Item
                  name="closedDt"
                  label={t('fields.closedDt')}
                  required
                  extra={t('hints.closing')}
                  {...dateItemProps}
                >
                  <DatePicker data-testid="claim-closed-dt" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            )
          }
        </Form.Item>
      </Row>
    </FormDialog>
  );
}
