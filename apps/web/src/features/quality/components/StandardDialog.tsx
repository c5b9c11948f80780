import {
  materialQualityItemBody,
  productQualityItemBody,
  QUALITY_KINDS,
  QUALITY_SAMPLE_MAX,
  type QualityKind,
  type QualityStandard,
} from '@eqms/contract';
import { Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { useOperations } from '../../operation/operation.queries.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import { useStandardApi } from '../quality.queries.ts';
import type { Side } from '../quality-side.ts';

type Values = {
  name: string;
  method?: string | null;
  unit?: string | null;
  kind: QualityKind;
  target?: number | null;
  lsl?: number | null;
  usl?: number | null;
  sampleSize: number;
  stage: 'INCOMING' | 'IN_PROCESS' | 'FINAL';
  operationId?: number | null;
  sort: number;
  description?: string | null;
};
const FIELDS = [
  'name',
  'method',
  'unit',
  'kind',
  'target',
  'lsl',
  'usl',
  'sampleSize',
  'stage',
  'operationId',
  'sort',
  'description',
];
/** The API reads one item as a list of one, so its field errors are `0.<field>`: put them on the form's fields. */
const FIELD_NAMES = Object.fromEntries(FIELDS.map((f) => [`0.${f}`, f]));

/**
 * Add or edit one inspection item of a material (incoming) or a product (in-process at an operation, or final). The
 * limits' rules (a measured item needs a limit, LSL ≤ USL, target within; none on a pass/fail item) are the server's:
 * its 400 lands on the fields.
 */
export function StandardDialog({
  side,
  itemId,
  row,
  open,
  nextSort,
  onClose,
}: {
  side: Side;
  itemId: number;
  row: QualityStandard | null;
  open: boolean;
  nextSort: number;
  onClose: () => void;
}) {
  const { t } = useTranslation([QUALITY_NS, 'common']);
  const api = useStandardApi(side);
  const operations = useOperations();
  const shape = (side === 'MATERIAL' ? materialQualityItemBody : productQualityItemBody).shape;

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    const measured = v.kind === 'NUMBER';
    const common = {
      name: v.name,
      method: v.method || null,
      unit: measured ? v.unit || null : null,
      kind: v.kind,
      target: measured ? (v.target ?? null) : null,
      lsl: measured ? (v.lsl ?? null) : null,
      usl: measured ? (v.usl ?? null) : null,
      sampleSize: v.sampleSize,
      sort: v.sort ?? 0,
      description: v.description || null,
    };
    const body =
      side === 'MATERIAL'
        ? { materialId: itemId, ...common, stage: 'INCOMING' as const }
        : {
            productId: itemId,
            ...common,
            stage: v.stage as 'IN_PROCESS' | 'FINAL',
            operationId: v.stage === 'IN_PROCESS' ? (v.operationId ?? null) : null,
          };
    try {
      if (row) await api.update({ ...body, id: row.id });
      else await api.create(body);
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
    } catch (e) {
      showSaveError(form, e, { fieldNames: FIELD_NAMES });
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={t(row ? 'titles.editItem' : 'titles.addItem')}
      testId="qs-dialog"
      width={640}
      initialValues={
        row
          ? { ...row, stage: row.stage }
          : { kind: 'NUMBER', sampleSize: 1, sort: nextSort, stage: side === 'MATERIAL' ? 'INCOMING' : 'FINAL' }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} sm={14}>
          <Form.Item name="name" label={t('fields.itemName')} required rules={[zodRule(shape.name)]}>
            <Input data-testid="qs-name" maxLength={100} autoFocus />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item name="kind" label={t('fields.kind')} required>
            <Radio.Group
              data-testid="qs-kind"
              optionType="button"
              buttonStyle="solid"
              options={QUALITY_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={14}>
          <Form.Item name="method" label={t('fields.method')} rules={[zodRule(shape.method)]}>
            <Input data-testid="qs-method" maxLength={100} />
          </Form.Item>
        </Col>
        <Form.Item noStyle dependencies={['kind']}>
          {({ getFieldValue }) =>
            getFieldValue('kind') === 'NUMBER' ? (
              <>
                <Col xs={24} sm={10}>
                  <Form.Item name="unit" label={t('fields.unit')} rules={[zodRule(shape.unit)]}>
                    <Input data-testid="qs-unit" maxLength={20} placeholder="mm, kg, %" />
                  </Form.Item>
                </Col>
                <Col xs={8}>
                  <Form.Item name="lsl" label={t('fields.lsl')}>
                    <NumberField testId="qs-lsl" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={8}>
                  <Form.Item name="target" label={t('fields.target')}>
                    <NumberField testId="qs-target" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={8}>
                  <Form.Item name="usl" label={t('fields.usl')}>
                    <NumberField testId="qs-usl" style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -8 }}>
                    {t('hints.limits')}
                  </Typography.Paragraph>
                </Col>
              </>
            ) : (
              <Col xs={24}>
                <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                  {t('hints.passFail')}
                </Typography.Paragraph>
              </Col>
            )
          }
        </Form.Item>
        <Col xs={12} sm={8}>
          <Form.Item name="sampleSize" label={t('fields.sampleSize')} required rules={[zodRule(shape.sampleSize)]}>
            <NumberField testId="qs-sample-size" integer min={1} max={QUALITY_SAMPLE_MAX} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={8}>
          <Form.Item name="sort" label={t('fields.sort')} rules={[zodRule(shape.sort)]}>
            <NumberField testId="qs-sort" integer min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8}>
          <Form.Item name="stage" label={t('fields.stage')} required>
            <Select
              data-testid="qs-stage"
              disabled={side === 'MATERIAL'}
              options={(side === 'MATERIAL' ? ['INCOMING'] : ['IN_PROCESS', 'FINAL']).map((s) => ({
                value: s,
                label: t(`stage.${s}`),
              }))}
            />
          </Form.Item>
        </Col>
        {side === 'PRODUCT' && (
          <Form.Item noStyle dependencies={['stage']}>
            {({ getFieldValue }) =>
              getFieldValue('stage') === 'IN_PROCESS' && (
                <Col xs={24}>
                  <Form.Item name="operationId" label={t('fields.operation')} required>
                    <Select<number>
                      data-testid="qs-operation"
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={operations.isFetching}
                      options={(operations.data ?? []).map((o) => ({ value: o.id, label: `${o.code} · ${o.name}` }))}
                    />
                  </Form.Item>
                </Col>
              )
            }
          </Form.Item>
        )}
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="qs-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
