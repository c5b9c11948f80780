import { type CcpMonitoring, ccpMonitoringFieldsSchema, isDeviation, signBody } from '@eqms/contract';
import { Alert, Col, DatePicker, Form, Input, Radio, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { HACCP_NS } from '../haccp.locales.ts';
import { useCcps, useHaccpApi } from '../haccp.queries.ts';

const shape = ccpMonitoringFieldsSchema.shape;
const DATETIME = 'YYYY-MM-DD HH:mm';

type Values = {
  ccpId?: number | null;
  checkedAt?: string | null;
  measuredValue?: number | null;
  passed?: boolean | null;
  productAction?: string | null;
  cause?: string | null;
  actionBy?: string | null;
  note?: string | null;
  reason?: string | null;
  password?: string | null;
};

export type MonitoringMode = 'create' | 'edit' | 'amend';

/**
 * A CCP check: the CCP, when, the measured value (or pass/fail), and — when the value is outside the critical limits —
 * the corrective action. In `amend` mode it corrects a signed record: the reason and the password sign the amendment.
 */
export function MonitoringDialog({
  mode,
  row,
  onClose,
}: {
  mode: MonitoringMode | null;
  row: CcpMonitoring | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([HACCP_NS, 'common']);
  const api = useHaccpApi();
  const locale = useAppStore((s) => s.locale);
  const points = useCcps();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const open = mode !== null;
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    const body = {
      ccpId: v.ccpId!,
      checkedAt: v.checkedAt ?? '',
      measuredValue: v.measuredValue ?? null,
      passed: v.passed ?? null,
      productAction: v.productAction || null,
      cause: v.cause || null,
      actionBy: v.actionBy || null,
      note: v.note || null,
    };
    try {
      if (mode === 'amend' && row) {
        await api.amend(row.id, { ...body, reason: v.reason ?? '', password: v.password ?? '' });
        useAppStore.getState().notify(t('messages.amended'), 'success');
      } else if (mode === 'edit' && row) {
        await api.update({ id: row.id, ...body });
        useAppStore.getState().notify(t('messages.saved'), 'success');
      } else {
        await api.create(body);
        useAppStore.getState().notify(t('messages.created'), 'success');
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      showSaveError(form, e);
      throw e;
    }
  };

  const choices = (points.data ?? []).filter((p) => p.enabled || p.id === row?.ccpId);
  return (
    <FormDialog<Values>
      open={open}
      title={t(mode === 'amend' ? 'titles.amend' : mode === 'edit' ? 'titles.edit' : 'titles.create')}
      testId="ccp-dialog"
      width={720}
      initialValues={
        row
          ? {
              ccpId: row.ccpId,
              checkedAt: row.checkedAt,
              measuredValue: row.measuredValue,
              passed: row.passed,
              productAction: row.productAction,
              cause: row.cause,
              actionBy: row.actionBy,
              note: row.note,
            }
          : { checkedAt: dayjs().format(DATETIME) }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="ccp-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      {mode === 'amend' && row && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${t('hints.amendsOf', { id: row.id })} — ${t('hints.amendMeaning')}`}
        />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="ccpId" label={t('fields.ccp')} required rules={[zodRule(shape.ccpId)]}>
            <Select<number>
              data-testid="ccp-point"
              showSearch={{ optionFilterProp: 'label' }}
              notFoundContent={t('hints.noPoints')}
              options={choices.map((p) => ({ value: p.id, label: `${p.name} (${t(`types.${p.type}`)})` }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="checkedAt"
            label={t('fields.checkedAt')}
            required
            rules={[zodRule(shape.checkedAt)]}
            getValueProps={(v: string | null | undefined) => ({ value: v ? dayjs(v, DATETIME) : null })}
            normalize={(d: Dayjs | null) => (d ? d.format(DATETIME) : null)}
          >
            <DatePicker
              data-testid="ccp-checked-at"
              showTime={{ format: 'HH:mm' }}
              format={DATETIME}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Form.Item noStyle dependencies={['ccpId', 'measuredValue', 'passed']}>
          {(f) => {
            const ccp = choices.find((p) => p.id === f.getFieldValue('ccpId'));
            if (!ccp) return null;
            const deviation = isDeviation(ccp, {
              measuredValue: f.getFieldValue('measuredValue') ?? null,
              passed: f.getFieldValue('passed') ?? null,
            });
            const limits =
              ccp.limitKind === 'RANGE'
                ? `${ccp.minValue ?? ''} ~ ${ccp.maxValue ?? ''} ${ccp.unit ?? ''}`
                : t('limitKinds.PASS_FAIL');
            return (
              <>
                <Col xs={24} sm={12}>
                  {ccp.limitKind === 'RANGE' ? (
                    <Form.Item
                      name="measuredValue"
                      label={`${t('fields.value')} (${t('fields.limits')} ${limits})`}
                      required
                    >
                      <NumberField testId="ccp-value" style={{ width: '100%' }} />
                    </Form.Item>
                  ) : (
                    <Form.Item name="passed" label={t('fields.passed')} required>
                      <Radio.Group
                        data-testid="ccp-passed"
                        options={[
                          { value: true, label: t('values.pass') },
                          { value: false, label: t('values.fail') },
                        ]}
                      />
                    </Form.Item>
                  )}
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="note" label={t('fields.note')} rules={[zodRule(shape.note)]}>
                    <Input data-testid="ccp-note" maxLength={1000} />
                  </Form.Item>
                </Col>
                {deviation && (
                  <>
                    <Col xs={24}>
                      <Alert type="warning" showIcon data-testid="ccp-deviation" title={t('hints.deviation')} />
                    </Col>
                    <Col xs={24}>
                      <Form.Item
                        name="productAction"
                        label={t('fields.productAction')}
                        rules={[zodRule(shape.productAction)]}
                      >
                        <Input.TextArea data-testid="ccp-product-action" rows={2} maxLength={1000} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={16}>
                      <Form.Item name="cause" label={t('fields.cause')} rules={[zodRule(shape.cause)]}>
                        <Input data-testid="ccp-cause" maxLength={1000} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={8}>
                      <Form.Item name="actionBy" label={t('fields.actionBy')} rules={[zodRule(shape.actionBy)]}>
                        <Input data-testid="ccp-action-by" maxLength={100} />
                      </Form.Item>
                    </Col>
                  </>
                )}
              </>
            );
          }}
        </Form.Item>
        {mode === 'amend' && (
          <>
            <Col xs={24}>
              <Form.Item name="reason" label={t('fields.reason')} required>
                <Input data-testid="ccp-amend-reason" maxLength={500} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={12}>
              <Form.Item
                name="password"
                label={t('fields.password')}
                required
                rules={[zodRule(signBody.shape.password)]}
              >
                <Input.Password data-testid="ccp-amend-password" autoComplete="current-password" />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </FormDialog>
  );
}
