import { type DailyQualityResult, dailyQualityCreateBody, translateMessage } from '@eqms/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Col, DatePicker, Divider, Form, Input, Row, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { dateItemProps } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty, today } from '../../material-stock/stock-rules.ts';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { DAILY_QUALITY_NS } from '../daily-quality.locales.ts';
import { useDailyQualityApi } from '../daily-quality.queries.ts';

const shape = dailyQualityCreateBody.shape;

type Values = {
  day?: string | null;
  lineId?: number | null;
  productId?: number | null;
  inspectedQty?: number | null;
  passedQty?: number | null;
  defects?: { defectCode?: string | null; qty?: number | null }[];
  description?: string | null;
};

type Note = { type: 'info' | 'warning'; text: string };

/** The "fill from results" button and what it found: enabled once day, line and product are chosen. */
function FillButton({ onNote }: { onNote: (note: Note | null) => void }) {
  const { t } = useTranslation(DAILY_QUALITY_NS);
  const api = useDailyQualityApi();
  const form = Form.useFormInstance<Values>();
  const day = Form.useWatch('day', form);
  const lineId = Form.useWatch('lineId', form);
  const productId = Form.useWatch('productId', form);
  const [busy, setBusy] = useState(false);
  const ready = !!day && !!lineId && !!productId;
  const fill = async () => {
    if (!ready) return;
    setBusy(true);
    try {
      const src = await api.fill({ day, lineId, productId });
      if (src.dailyPlans.length === 0 && src.inspections.length === 0) {
        onNote({ type: 'warning', text: t('hints.nothingToFill') });
        return;
      }
      form.setFieldsValue({ inspectedQty: src.inspectedQty, passedQty: src.passedQty, defects: src.defects });
      form.setFields([{ name: 'defects', errors: [] }]);
      onNote({
        type: 'info',
        text: t('hints.filled', {
          plans: src.dailyPlans.length,
          inspections: src.inspections.length,
          failed: src.inspections.filter((i) => i.judgement === 'FAIL').length,
        }),
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space wrap>
      <Button data-testid="dq-fill" onClick={fill} disabled={!ready} loading={busy}>
        {t('actions.fill')}
      </Button>
      {!ready && <Typography.Text type="secondary">{t('hints.fillNeeds')}</Typography.Text>}
    </Space>
  );
}

/** inspected − passed, which the defects by type must add up to. */
function FailedHint() {
  const { t } = useTranslation(DAILY_QUALITY_NS);
  const form = Form.useFormInstance<Values>();
  const inspected = Form.useWatch('inspectedQty', form) ?? 0;
  const passed = Form.useWatch('passedQty', form) ?? 0;
  const failed = Math.round((inspected - passed) * 1e5) / 1e5;
  return (
    <Typography.Paragraph type="secondary" style={{ fontSize: 12 }} data-testid="dq-failed-hint">
      {t('hints.failed', { failed: fmtQty(failed) })}
    </Typography.Paragraph>
  );
}

/**
 * Add or edit a daily quality result (POST / PUT /daily-quality-result): day, line, product, the counts and the
 * defects by type, which "fill from results" proposes from the day's production results. Server field errors land on
 * their fields (the defects' sum on the list).
 */
export function DailyQualityDialog({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: DailyQualityResult | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([DAILY_QUALITY_NS, 'common']);
  const api = useDailyQualityApi();
  const [note, setNote] = useState<Note | null>(null);
  // The server's refusal of the defects as a whole (their sum): the list has no single field to carry it.
  const [listError, setListError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) {
      setNote(null);
      setListError(null);
    }
  }, [open]);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    const body = {
      day: v.day!,
      lineId: v.lineId!,
      productId: v.productId!,
      inspectedQty: v.inspectedQty ?? 0,
      passedQty: v.passedQty ?? 0,
      defects: (v.defects ?? [])
        .filter((d) => d.defectCode || d.qty)
        .map((d) => ({ defectCode: d.defectCode ?? '', qty: d.qty ?? 0 })),
      description: v.description || null,
    };
    setListError(null);
    try {
      if (row) await api.update({ id: row.id, ...body });
      else await api.create(body);
      useAppStore.getState().notify(t(row ? 'messages.saved' : 'messages.created'), 'success');
    } catch (e) {
      const onList = e instanceof ApiError ? e.extraData?.fields?.find((f) => f.field === 'defects') : undefined;
      if (onList) setListError(translateMessage(onList.message, useAppStore.getState().locale));
      showSaveError(form, e, { duplicateText: { day: t('hints.existing') } });
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={t(row ? 'titles.edit' : 'titles.create')}
      testId="dq-dialog"
      width={720}
      initialValues={
        row
          ? {
              day: row.day,
              lineId: row.lineId,
              productId: row.productId,
              inspectedQty: row.inspectedQty,
              passedQty: row.passedQty,
              defects: row.defects,
              description: row.description,
            }
          : { day: today(), defects: [] }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} sm={8}>
          <Form.Item name="day" label={t('fields.day')} required rules={[zodRule(shape.day)]} {...dateItemProps}>
            <DatePicker data-testid="dq-day" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16}>
          <Form.Item name="lineId" label={t('fields.line')} required rules={[zodRule(shape.lineId)]}>
            <LocationTreeSelect
              testId="dq-line"
              typeUntils={['LINE']}
              selectableTypes={['LINE']}
              placeholder={t('fields.line')}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="productId" label={t('fields.product')} required rules={[zodRule(shape.productId)]}>
            <ProductPickSelect
              testId="dq-product"
              current={row ? { id: row.productId, code: row.productCode, name: row.productName } : null}
            />
          </Form.Item>
        </Col>
        <Col xs={24} style={{ marginBottom: 12 }}>
          <FillButton onNote={setNote} />
          {note && (
            <Alert type={note.type} showIcon style={{ marginTop: 8 }} data-testid="dq-fill-note" title={note.text} />
          )}
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item
            name="inspectedQty"
            label={t('fields.inspectedQty')}
            required
            rules={[zodRule(shape.inspectedQty)]}
          >
            <NumberField testId="dq-inspected" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="passedQty" label={t('fields.passedQty')} required rules={[zodRule(shape.passedQty)]}>
            <NumberField testId="dq-passed" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <Divider titlePlacement="start" plain style={{ margin: '4px 0 8px' }}>
        {t('fields.defects')}
      </Divider>
      <FailedHint />
      <Form.List name="defects">
        {(items, { add, remove }, { errors }) => (
          <>
            {items.map((item, i) => (
              <Row gutter={8} key={item.key} align="top">
                <Col xs={13} sm={14}>
                  <Form.Item
                    name={[item.name, 'defectCode']}
                    rules={[zodRule(shape.defects.unwrap().element.shape.defectCode)]}
                  >
                    <CodeSelect
                      category="DEFECT_TYPE"
                      testId={`dq-defect-code-${i}`}
                      aria-label={t('fields.defectType')}
                      placeholder={t('fields.defectType')}
                    />
                  </Form.Item>
                </Col>
                <Col xs={8} sm={8}>
                  <Form.Item name={[item.name, 'qty']}>
                    <NumberField
                      testId={`dq-defect-qty-${i}`}
                      min={0}
                      aria-label={t('fields.qty')}
                      placeholder={t('fields.qty')}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={3} sm={2}>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('actions.removeDefect')}
                    data-testid={`dq-defect-remove-${i}`}
                    onClick={() => remove(item.name)}
                  />
                </Col>
              </Row>
            ))}
            <Form.ErrorList errors={errors} />
            {listError && (
              <Typography.Paragraph type="danger" data-testid="dq-defects-error" style={{ marginBottom: 8 }}>
                {listError}
              </Typography.Paragraph>
            )}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              data-testid="dq-defect-add"
              onClick={() => add({ defectCode: null, qty: null })}
              style={{ marginBottom: 12 }}
            >
              {t('actions.addDefect')}
            </Button>
          </>
        )}
      </Form.List>
      <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
        <Input.TextArea data-testid="dq-description" maxLength={500} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
