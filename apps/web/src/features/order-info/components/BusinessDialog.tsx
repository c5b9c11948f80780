import { type Business, businessCreateBody } from '@eqms/contract';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { dateItemProps, PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useOrderInfoApi } from '../order-info.queries.ts';
import { endNotBeforeRule } from './form-parts.tsx';

const shape = businessCreateBody.shape;

type Values = {
  bizPartnerId?: number | null;
  code?: string;
  name?: string;
  startDt?: string | null;
  endDt?: string | null;
  manager?: string | null;
  description?: string | null;
};

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);

/**
 * A customer's business (project or contract): create (business === null) or modify. The customer is a partner of
 * type CUSTOMER; a duplicate code or a partner that is not a customer is shown on its field.
 */
export function BusinessDialog({
  open,
  business,
  partnerId,
  onClose,
  onSaved,
}: {
  open: boolean;
  business: Business | null;
  /** The customer chosen in the tree: a new business's default. */
  partnerId?: number;
  onClose: () => void;
  onSaved?: (b: Business) => void;
}) {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const api = useOrderInfoApi();

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    const body = {
      bizPartnerId: v.bizPartnerId as number,
      code: (v.code ?? '').trim(),
      name: (v.name ?? '').trim(),
      startDt: v.startDt || null,
      endDt: v.endDt || null,
      manager: text(v.manager),
      description: text(v.description),
    };
    try {
      const saved = business ? await api.updateBusiness({ id: business.id, ...body }) : await api.createBusiness(body);
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
      onSaved?.(saved);
    } catch (e) {
      showSaveError(form, e, { duplicateText: { code: t('messages.duplicateBusinessCode') } });
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={business ? t('titles.editBusiness', { name: business.name }) : t('titles.createBusiness')}
      testId="business-dialog"
      width={640}
      initialValues={
        business
          ? {
              bizPartnerId: business.bizPartnerId,
              code: business.code,
              name: business.name,
              startDt: business.startDt,
              endDt: business.endDt,
              manager: business.manager,
              description: business.description,
            }
          : { bizPartnerId: partnerId }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item name="bizPartnerId" label={t('fields.customer')} required rules={[zodRule(shape.bizPartnerId)]}>
            <PartnerSelect type="CUSTOMER" testId="business-partner" notFound={t('hints.noCustomers')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item name="code" label={t('fields.businessCode')} required rules={[zodRule(shape.code)]}>
            <Input data-testid="business-code" maxLength={50} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="name" label={t('fields.businessName')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="business-name" maxLength={100} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="startDt" label={t('fields.startDt')} {...dateItemProps}>
            <DatePicker data-testid="business-start" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="endDt"
            label={t('fields.endDt')}
            dependencies={['startDt']}
            rules={[endNotBeforeRule('startDt')]}
            {...dateItemProps}
          >
            <DatePicker data-testid="business-end" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="manager" label={t('fields.manager')} rules={[zodRule(shape.manager)]}>
            <Input data-testid="business-manager" maxLength={50} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="business-description" rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
