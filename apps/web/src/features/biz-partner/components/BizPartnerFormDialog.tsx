import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type BizPartner, bizPartnerContactBody, bizPartnerCreateBody } from '@eqms/contract';
import { Button, Col, Divider, Empty, Form, Input, Row, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { CustomFieldItems, extPayload, useCustomFields } from '../../../components/custom-fields.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { type BizPartnerFormValues, useBizPartnerApi } from '../biz-partner.queries.ts';

const shape = bizPartnerCreateBody.shape;
const contactShape = bizPartnerContactBody.shape;

const initialOf = (p: BizPartner | null): Partial<BizPartnerFormValues> =>
  p
    ? {
        code: p.code,
        clientCode: p.clientCode,
        name: p.name,
        types: p.types,
        bizRegNo: p.bizRegNo,
        corpRegNo: p.corpRegNo,
        ceoName: p.ceoName,
        phone: p.phone,
        fax: p.fax,
        email: p.email,
        address: p.address,
        description: p.description,
        contacts: p.contacts.map(({ name, department, position, phone, email }) => ({
          name,
          department,
          position,
          phone,
          email,
        })),
        ext: (p.ext ?? undefined) as Record<string, string> | undefined,
      }
    : { types: [], contacts: [] };

/** Create (partner === null) or edit a business partner with its contacts (saved together). */
export function BizPartnerFormDialog({
  open,
  partner,
  defaultType,
  onClose,
  onSaved,
}: {
  open: boolean;
  partner: BizPartner | null;
  /** The type selected in the tree, preset on a new partner. */
  defaultType?: string;
  onClose: () => void;
  onSaved?: (p: BizPartner) => void;
}) {
  const { t } = useTranslation('bizPartner');
  const partnerApi = useBizPartnerApi();
  const customFields = useCustomFields('biz_partners');
  const creating = partner === null;
  const initialValues = creating && defaultType ? { ...initialOf(null), types: [defaultType] } : initialOf(partner);

  return (
    <FormDialog<BizPartnerFormValues>
      open={open}
      title={creating ? t('titles.create') : t('titles.edit')}
      initialValues={initialValues}
      testId="biz-partner-form"
      width={860}
      onClose={onClose}
      onSubmit={async (formValues, form) => {
        const values = { ...formValues, ext: extPayload(customFields.data, formValues.ext) };
        try {
          const saved = creating ? await partnerApi.create(values) : await partnerApi.update(partner.id, values);
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
          onSaved?.(saved);
        } catch (err) {
          showSaveError(form, err, {
            duplicateText: { code: t('messages.duplicateCode'), clientCode: t('messages.duplicateClientCode') },
          });
          throw err;
        }
      }}
    >
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          <Form.Item name="code" label={t('fields.code')} required rules={[zodRule(shape.code)]}>
            <Input data-testid="biz-partner-form-code" maxLength={50} autoComplete="off" autoFocus={creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item
            name="clientCode"
            label={t('fields.clientCode')}
            rules={[zodRule(shape.clientCode)]}
            tooltip={t('hints.clientCode')}
          >
            <Input data-testid="biz-partner-form-clientCode" maxLength={50} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="biz-partner-form-name" maxLength={100} autoFocus={!creating} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="types" label={t('fields.types')} required rules={[zodRule(shape.types)]}>
            <CodeSelect category="BIZ_PARTNER_TYPE" mode="multiple" testId="biz-partner-form-types" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="ceoName" label={t('fields.ceoName')} rules={[zodRule(shape.ceoName)]}>
            <Input data-testid="biz-partner-form-ceoName" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="bizRegNo"
            label={t('fields.bizRegNo')}
            rules={[zodRule(shape.bizRegNo)]}
            tooltip={t('hints.bizRegNo')}
          >
            <Input data-testid="biz-partner-form-bizRegNo" placeholder="000-00-00000" maxLength={12} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="corpRegNo"
            label={t('fields.corpRegNo')}
            rules={[zodRule(shape.corpRegNo)]}
            tooltip={t('hints.corpRegNo')}
          >
            <Input data-testid="biz-partner-form-corpRegNo" placeholder="000000-0000000" maxLength={14} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="phone" label={t('fields.phone')} rules={[zodRule(shape.phone)]} tooltip={t('hints.phone')}>
            <Input data-testid="biz-partner-form-phone" maxLength={100} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="fax" label={t('fields.fax')} rules={[zodRule(shape.fax)]}>
            <Input data-testid="biz-partner-form-fax" maxLength={100} inputMode="tel" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="email" label={t('fields.email')} rules={[zodRule(shape.email)]}>
            <Input data-testid="biz-partner-form-email" type="email" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t('fields.address')} rules={[zodRule(shape.address)]}>
            <Input data-testid="biz-partner-form-address" maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="biz-partner-form-description" maxLength={500} autoSize={{ minRows: 1 }} />
          </Form.Item>
        </Col>
      </Row>
      <CustomFieldItems table="biz_partners" />
      <Divider titlePlacement="start" style={{ margin: '4px 0 12px' }}>
        {t('titles.contacts')}
      </Divider>
      <Form.List name="contacts">
        {(fields, { add, remove }) => (
          <div data-testid="biz-partner-contacts">
            {fields.length === 0 && (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('messages.noContacts')}
                style={{ margin: 8 }}
              />
            )}
            {fields.map((field, i) => (
              <Row gutter={8} key={field.key} align="top" data-testid={`biz-partner-contact-${i}`}>
                <Col xs={24} sm={5}>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={i === 0 ? t('contact.name') : undefined}
                    aria-label={t('contact.name')}
                    required
                    rules={[zodRule(contactShape.name)]}
                  >
                    <Input
                      data-testid={`biz-partner-contact-name-${i}`}
                      placeholder={t('contact.name')}
                      maxLength={50}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={4}>
                  <Form.Item
                    name={[field.name, 'department']}
                    label={i === 0 ? t('contact.department') : undefined}
                    rules={[zodRule(contactShape.department)]}
                  >
                    <Input
                      data-testid={`biz-partner-contact-department-${i}`}
                      placeholder={t('contact.department')}
                      maxLength={50}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={3}>
                  <Form.Item
                    name={[field.name, 'position']}
                    label={i === 0 ? t('contact.position') : undefined}
                    rules={[zodRule(contactShape.position)]}
                  >
                    <Input
                      data-testid={`biz-partner-contact-position-${i}`}
                      placeholder={t('contact.position')}
                      maxLength={50}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item
                    name={[field.name, 'phone']}
                    label={i === 0 ? t('contact.phone') : undefined}
                    rules={[zodRule(contactShape.phone)]}
                  >
                    <Input
                      data-testid={`biz-partner-contact-phone-${i}`}
                      placeholder={t('contact.phone')}
                      maxLength={100}
                      inputMode="tel"
                    />
                  </Form.Item>
                </Col>
                <Col xs={10} sm={6}>
                  <Form.Item
                    name={[field.name, 'email']}
                    label={i === 0 ? t('contact.email') : undefined}
                    rules={[zodRule(contactShape.email)]}
                  >
                    <Input
                      data-testid={`biz-partner-contact-email-${i}`}
                      placeholder={t('contact.email')}
                      type="email"
                      maxLength={100}
                    />
                  </Form.Item>
                </Col>
                <Col xs={2} sm={1}>
                  <Form.Item label={i === 0 ? ' ' : undefined} colon={false}>
                    <Tooltip title={t('actions.removeContact')}>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('actions.removeContact')}
                        data-testid={`biz-partner-contact-remove-${i}`}
                        onClick={() => remove(field.name)}
                      />
                    </Tooltip>
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              data-testid="biz-partner-contact-add"
              onClick={() => add({ name: '' })}
              disabled={fields.length >= 100}
            >
              {t('actions.addContact')}
            </Button>
          </div>
        )}
      </Form.List>
    </FormDialog>
  );
}
