import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  signBody,
  VISUAL_CHECKS_MAX,
  VISUAL_DEFAULT_CHECKS,
  type VisualInspection,
  visualFieldsSchema,
  visualResultOf,
} from '@eqms/contract';
import { Alert, Button, Col, DatePicker, Flex, Form, Input, Radio, Row, Space, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { HACCP_NS } from '../haccp.locales.ts';
import { VISUAL_NS } from '../visual.locales.ts';
import { lookupVisualLot, useVisualApi } from '../visual.queries.ts';

const shape = visualFieldsSchema.shape;
const DATETIME = 'YYYY-MM-DD HH:mm';

type CheckValues = { name?: string; passed?: boolean; note?: string | null };
type Values = {
  inspectedAt?: string | null;
  lotId?: string | null;
  checks?: CheckValues[];
  note?: string | null;
  reason?: string | null;
  password?: string | null;
};

export type VisualMode = 'create' | 'edit' | 'amend';

/** The LOT ID field with its look-up (empty: the day's inspection). */
function LotField() {
  const { t } = useTranslation(VISUAL_NS);
  const form = Form.useFormInstance<Values>();
  const [found, setFound] = useState<{ productCode: string; productName: string; day: string } | null>(null);
  const [missing, setMissing] = useState(false);
  const look = async () => {
    const text = String(form.getFieldValue('lotId') ?? '').trim();
    setMissing(false);
    if (!text) {
      setFound(null);
      return;
    }
    try {
      const lot = await lookupVisualLot(text);
      setFound(lot);
      form.setFieldsValue({ lotId: lot.lotId });
      form.setFields([{ name: 'lotId', errors: [] }]);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 404) throw e;
      setFound(null);
      setMissing(true);
      form.setFields([{ name: 'lotId', errors: [t('hints.noLot')] }]);
    }
  };
  return (
    <Form.Item
      label={t('fields.lotId')}
      htmlFor="visual-lot-id"
      extra={
        found ? (
          <span data-testid="visual-lot-found">
            {t('hints.lotFound', { code: found.productCode, name: found.productName, day: found.day })}
          </span>
        ) : (
          t('hints.lotOrDay')
        )
      }
    >
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="lotId" noStyle rules={[zodRule(shape.lotId)]}>
          <Input
            id="visual-lot-id"
            data-testid="visual-lot-id"
            maxLength={100}
            status={missing ? 'error' : undefined}
            onBlur={() => void look()}
            onChange={() => setMissing(false)}
            onPressEnter={(e) => {
              e.preventDefault();
              void look();
            }}
          />
        </Form.Item>
        <Button data-testid="visual-lot-lookup" onClick={() => void look()}>
          {t('actions.lookup')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** The overall result as the checks stand (FAIL when any fails: the contract's rule, as the server computes it). */
function ResultLine() {
  const { t } = useTranslation(VISUAL_NS);
  const form = Form.useFormInstance<Values>();
  const checks = (Form.useWatch('checks', form) ?? []) as CheckValues[];
  const result = visualResultOf(checks.map((c) => ({ passed: c?.passed ?? true })));
  return (
    <Flex gap={8} align="center" wrap style={{ marginBottom: 8 }}>
      <strong>{t('fields.checks')}</strong>
      <Tag color={result === 'PASS' ? 'green' : 'red'} data-testid="visual-result">
        {t('fields.result')}: {t(`values.${result}`)}
      </Tag>
      {result === 'FAIL' && <span>{t('hints.failNote')}</span>}
    </Flex>
  );
}

/**
 * A visual inspection: when, the lot (or none: the day), the checks (name, pass/fail, note — a new one starts with the
 * default set), a note; the result follows the checks (FAIL when any fails). In `amend` mode it corrects a signed
 * inspection: the reason and the password sign the amendment. `onCreated` gets a new draft (to add its photos).
 */
export function VisualDialog({
  mode,
  row,
  onClose,
  onCreated,
}: {
  mode: VisualMode | null;
  row: VisualInspection | null;
  onClose: () => void;
  onCreated?: (row: VisualInspection) => void;
}) {
  const { t } = useTranslation([VISUAL_NS, HACCP_NS, 'common']);
  const api = useVisualApi();
  const locale = useAppStore((s) => s.locale);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const open = mode !== null;
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    const body = {
      inspectedAt: v.inspectedAt ?? '',
      lotId: v.lotId?.trim() || null,
      checks: (v.checks ?? []).map((c) => ({ name: c.name ?? '', passed: c.passed ?? true, note: c.note || null })),
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
        const made = await api.create(body);
        useAppStore.getState().notify(t('hints.added'), 'success');
        onCreated?.(made);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={t(mode === 'amend' ? 'titles.amend' : mode === 'edit' ? 'titles.edit' : 'titles.create')}
      testId="visual-dialog"
      width={760}
      initialValues={
        row
          ? { inspectedAt: row.inspectedAt, lotId: row.lotId, checks: row.checks, note: row.note }
          : {
              inspectedAt: dayjs().format(DATETIME),
              checks: VISUAL_DEFAULT_CHECKS.map((k) => ({ name: t(`checks.${k}`), passed: true, note: null })),
            }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="visual-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      {mode === 'amend' && row && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${t('haccp:hints.amendsOf', { id: row.id })} — ${t('haccp:hints.amendMeaning')}`}
        />
      )}
      <Row gutter={12}>
        <Col xs={24} sm={10}>
          <Form.Item
            name="inspectedAt"
            label={t('fields.inspectedAt')}
            required
            rules={[zodRule(shape.inspectedAt)]}
            getValueProps={(v: string | null | undefined) => ({ value: v ? dayjs(v, DATETIME) : null })}
            normalize={(d: Dayjs | null) => (d ? d.format(DATETIME) : null)}
          >
            <DatePicker
              data-testid="visual-inspected-at"
              showTime={{ format: 'HH:mm' }}
              format={DATETIME}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <LotField />
        </Col>
      </Row>
      <ResultLine />
      <Form.List name="checks">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Row gutter={8} key={field.key} align="top" data-testid={`visual-check-${i}`}>
                <Col xs={24} sm={8}>
                  <Form.Item
                    name={[field.name, 'name']}
                    rules={[zodRule(shape.checks.element.shape.name)]}
                    style={{ marginBottom: 8 }}
                  >
                    <Input
                      aria-label={`${t('fields.checkName')} ${i + 1}`}
                      data-testid={`visual-check-name-${i}`}
                      maxLength={100}
                    />
                  </Form.Item>
                </Col>
                <Col xs={10} sm={6}>
                  <Form.Item name={[field.name, 'passed']} style={{ marginBottom: 8 }}>
                    <Radio.Group
                      aria-label={`${t('fields.checkPassed')} ${i + 1}`}
                      data-testid={`visual-check-passed-${i}`}
                      optionType="button"
                      options={[
                        { value: true, label: t('values.PASS') },
                        { value: false, label: t('values.FAIL') },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={9}>
                  <Form.Item noStyle dependencies={[['checks', field.name, 'passed']]}>
                    {(f) => {
                      const failed = f.getFieldValue(['checks', field.name, 'passed']) === false;
                      return (
                        <Form.Item
                          name={[field.name, 'note']}
                          rules={[zodRule(shape.checks.element.shape.note)]}
                          style={{ marginBottom: 8 }}
                        >
                          <Input
                            aria-label={`${t('fields.checkNote')} ${i + 1}`}
                            placeholder={t('fields.checkNote')}
                            data-testid={`visual-check-note-${i}`}
                            status={
                              failed && !f.getFieldValue(['checks', field.name, 'note'])?.trim() ? 'warning' : undefined
                            }
                            maxLength={500}
                          />
                        </Form.Item>
                      );
                    }}
                  </Form.Item>
                </Col>
                <Col xs={2} sm={1}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={fields.length <= 1}
                    aria-label={t('actions.removeCheck', { n: i + 1 })}
                    data-testid={`visual-check-remove-${i}`}
                    onClick={() => remove(field.name)}
                  />
                </Col>
              </Row>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={fields.length >= VISUAL_CHECKS_MAX}
              data-testid="visual-check-add"
              onClick={() => add({ name: '', passed: true, note: null })}
              style={{ marginBottom: 16 }}
            >
              {t('actions.addCheck')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="note" label={t('fields.note')} rules={[zodRule(shape.note)]}>
        <Input.TextArea data-testid="visual-note" rows={2} maxLength={1000} />
      </Form.Item>
      {mode === 'amend' && (
        <Row gutter={12}>
          <Col xs={24}>
            <Form.Item name="reason" label={t('fields.reason')} required>
              <Input data-testid="visual-amend-reason" maxLength={500} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="password" label={t('fields.password')} required rules={[zodRule(signBody.shape.password)]}>
              <Input.Password data-testid="visual-amend-password" autoComplete="current-password" />
            </Form.Item>
          </Col>
        </Row>
      )}
    </FormDialog>
  );
}
