import { DeleteOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type BomShortage,
  type ProductionResultDetail,
  type ResultConsumption,
  resultSaveBody,
  WORK_STATUSES,
} from '@eqms/contract';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Form,
  type FormInstance,
  Input,
  Modal,
  Row,
  Segmented,
  Skeleton,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { CodeSelect } from '../../../components/inputs/CodeSelect.tsx';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { ruleText } from '../../../components/inputs/rule-text.ts';
import { LineToolSelect } from '../../production-plan/components/plan-inputs.tsx';
import { fmtQty } from '../../production-plan/plan-rules.ts';
import { useLineCrew, useResult, useResultApi } from '../production-result.queries.ts';
import { RESULT_NS } from '../production-result.locales.ts';
import {
  DATETIME_FORMAT,
  defectSum,
  duplicateDefectIndex,
  filledDefects,
  formValuesOf,
  hasQuantities,
  isLastOperation,
  movesBackToPlan,
  type ResultFormValues,
  resultBody,
  shelfOptions,
  shortagesOf,
} from '../result-rules.ts';
import { ResultStatusTag, ShelfCascader, WorkerSelect } from './result-inputs.tsx';

const shape = resultSaveBody.shape;
const defectShape = shape.defects.unwrap().element.shape;

/** A Form.Item's wall-clock time (`yyyy-MM-dd HH:mm`) shown by an antd DatePicker with time. */
const dateTimeItemProps = {
  getValueProps: (v: string | null | undefined) => ({ value: v ? dayjs(v, DATETIME_FORMAT) : null }),
  normalize: (d: Dayjs | null) => (d ? d.format(DATETIME_FORMAT) : null),
};

/** Required first (an empty number would read "not a number"), then the contract's rule. */
const requiredQty = (schema: Parameters<typeof zodRule>[0]) => ({
  validator: async (rule: unknown, v: unknown) => {
    if (v === undefined || v === null || String(v).trim() === '') throw new Error(ruleText('required'));
    await zodRule(schema).validator(rule, v);
  },
});

/**
 * One result (a daily plan's): its status, good quantity, bad quantity by defect type, worker, tool, start and end,
 * the shelf of the last operation's product and a note; below, what it consumed and where its product went. Saving
 * a status back to "plan completed" asks first; short BOM material at the line is listed in the dialog; a refused field
 * is marked on the form in the user's language.
 */
export function ResultDialog({
  id,
  onClose,
  onHistory,
}: {
  id: number | null;
  onClose: () => void;
  onHistory: (r: ProductionResultDetail) => void;
}) {
  const { t } = useTranslation([RESULT_NS, 'common']);
  const canModify = useCan('productionProfit', 'modify');
  const result = useResult(id);
  const formId = `result-form-${useId().replace(/:/g, '')}`;
  const [saving, setSaving] = useState(false);
  const r = result.data;
  return (
    <Modal
      open={id != null}
      onCancel={onClose}
      destroyOnHidden
      keyboard
      mask={{ closable: false }}
      width={980}
      style={{ maxWidth: 'calc(100vw - 32px)', top: 32 }}
      title={
        r ? (
          <Flex gap={8} wrap align="center">
            <span data-testid="result-dialog-title">
              {t('titles.dialog', { code: r.productCode, name: r.productName })}
            </span>
            <ResultStatusTag status={r.status} testId="result-dialog-status" />
          </Flex>
        ) : (
          t('actions.open')
        )
      }
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Button
            icon={<HistoryOutlined />}
            data-testid="result-history-open"
            disabled={!r}
            onClick={() => r && onHistory(r)}
          >
            {t('actions.history')}
          </Button>
          <Flex gap={8}>
            <Button onClick={onClose} data-testid="result-cancel">
              {t(canModify ? 'common:actions.cancel' : 'common:actions.close')}
            </Button>
            {canModify && (
              <Button
                type="primary"
                htmlType="submit"
                form={formId}
                loading={saving}
                disabled={!r}
                data-testid="result-save"
              >
                {t('common:actions.save')}
              </Button>
            )}
          </Flex>
        </Flex>
      }
    >
      <div data-testid="result-dialog">
        {result.isError ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.notFound')} />
        ) : !r ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <ResultEditor
            key={r.id}
            result={r}
            formId={formId}
            readOnly={!canModify}
            onSaving={setSaving}
            onSaved={onClose}
          />
        )}
      </div>
    </Modal>
  );
}

function ResultEditor({
  result: r,
  formId,
  readOnly,
  onSaving,
  onSaved,
}: {
  result: ProductionResultDetail;
  formId: string;
  readOnly: boolean;
  onSaving: (saving: boolean) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation([RESULT_NS, 'common', 'glossary']);
  const unitLabel = useCodeLabel('UNIT');
  const api = useResultApi();
  const crew = useLineCrew(r.lineId);
  const [form] = Form.useForm<ResultFormValues>();
  const initial = useMemo(() => formValuesOf(r), [r]);
  const [shortages, setShortages] = useState<BomShortage[] | null>(null);
  const last = isLastOperation(r);
  const unit = unitLabel(r.unit);
  const shelves = useMemo(
    () => shelfOptions(crew.shelves, { id: r.stockLocationId, path: r.stockLocationPath }),
    [crew.shelves, r.stockLocationId, r.stockLocationPath],
  );
  const status = Form.useWatch('status', form) ?? r.status;
  const defects = Form.useWatch('defects', form);
  const typed = filledDefects(defects).length > 0;

  const submit = async (v: ResultFormValues) => {
    const values = { ...initial, ...v };
    if (movesBackToPlan(r.status, values.status)) {
      const ok = await useAppStore
        .getState()
        .askConfirm({ title: t('messages.confirmBackTitle'), text: t('messages.confirmBack') });
      if (!ok) return;
    }
    setShortages(null);
    onSaving(true);
    try {
      await api.save(resultBody(r.id, values, initial, last));
      useAppStore.getState().notify(t('messages.saved'), 'success');
      onSaved();
    } catch (e) {
      const short = shortagesOf(e);
      if (short) setShortages(short);
      else showSaveError(form as FormInstance, e);
    } finally {
      onSaving(false);
    }
  };

  // What the server does too: quantities start a result not started; typed defects make the bad quantity their sum.
  const onValuesChange = (changed: Partial<ResultFormValues>, all: ResultFormValues) => {
    if ('defects' in changed && filledDefects(all.defects).length) form.setFieldValue('badQty', defectSum(all.defects));
    const qtyChanged = 'goodQty' in changed || 'badQty' in changed || 'defects' in changed;
    if (qtyChanged && all.status === 'PLAN_COMPLETED' && hasQuantities(all)) form.setFieldValue('status', 'WORKING');
    if (changed.status === 'PLAN_COMPLETED') form.setFieldsValue({ startedAt: null, endedAt: null });
    if (changed.status === 'WORKING') form.setFieldValue('endedAt', null);
  };

  const statusRule = {
    validator: async (_: unknown, v: string) => {
      if (v === 'PLAN_COMPLETED' && hasQuantities(form.getFieldsValue(true) as ResultFormValues))
        throw new Error(ruleText('resultNotStarted'));
    },
  };
  const endRule = {
    validator: async (_: unknown, end: string | null | undefined) => {
      const start = form.getFieldValue('startedAt') as string | null | undefined;
      if (start && end && end < start) throw new Error(ruleText('endBeforeStart'));
    },
  };
  const defectCodeRule = (index: number) => ({
    validator: async (_: unknown, code: string | null | undefined) => {
      if (!code) throw new Error(ruleText('required'));
      const rows = form.getFieldValue('defects') as ResultFormValues['defects'];
      if (duplicateDefectIndex(rows.slice(0, index + 1)) === index) throw new Error(ruleText('duplicateValue'));
    },
  });

  return (
    <>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 3 }}
        style={{ marginBottom: 12 }}
        data-testid="result-facts"
      >
        <Descriptions.Item label={t('fields.day')}>
          <span data-testid="result-day">{r.day}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.line')}>{r.lineName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.operation')}>
          <span data-testid="result-operation">
            {t('hints.operationOf', { seq: r.seq, last: r.lastSeq })} · {r.operationName}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.targetQty')}>
          <span data-testid="result-target">
            {fmtQty(r.targetQty)} {unit}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.plan')}>
          {fmtQty(r.planQty)} {unit} · {r.planStartDt} ~ {r.planEndDt}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.lotId')}>
          <Typography.Text copyable={!!r.lotId} data-testid="result-lot">
            {r.lotId ?? '-'}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title={t('hints.readOnly')}
          style={{ marginBottom: 12 }}
          data-testid="result-read-only"
        />
      )}
      {shortages && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="result-shortage"
          title={t('titles.shortage')}
          description={<ShortageTable rows={shortages} />}
        />
      )}
      <Form<ResultFormValues>
        id={formId}
        form={form}
        layout="vertical"
        initialValues={initial}
        disabled={readOnly}
        onFinish={(v) => void submit(v)}
        onFinishFailed={() => useAppStore.getState().notify(t('common:messages.invalidForm'), 'warning')}
        onValuesChange={onValuesChange}
        scrollToFirstError
        data-testid="result-form"
      >
        <Row gutter={12}>
          <Col xs={24}>
            <Form.Item
              name="status"
              label={t('fields.status')}
              dependencies={['goodQty', 'badQty', 'defects']}
              rules={[statusRule]}
            >
              <Segmented
                data-testid="result-status"
                options={WORK_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="goodQty" label={t('fields.goodQty')} required rules={[requiredQty(shape.goodQty)]}>
              <NumberField testId="result-good" min={0} suffix={unit} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name="badQty"
              label={t('fields.badQty')}
              required
              tooltip={typed ? t('hints.defectSum') : t('hints.badWithoutType')}
              rules={[requiredQty(shape.badQty)]}
            >
              <NumberField testId="result-bad" min={0} suffix={unit} readOnly={typed} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <DefectRows unit={unit} codeRule={defectCodeRule} readOnly={readOnly} />
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="workerId" label={t('fields.worker')} rules={[zodRule(shape.workerId)]}>
              <WorkerSelect
                lineWorkers={crew.lineWorkers}
                others={crew.others}
                current={{ id: r.workerId, name: r.workerName }}
                loading={crew.loading}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="toolId" label={t('fields.tool')} rules={[zodRule(shape.toolId)]}>
              <LineToolSelect testId="result-tool" lineId={r.lineId} placeholder={t('hints.pickTool')} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="startedAt"
              label={t('fields.startedAt')}
              extra={t('hints.startedAt')}
              {...dateTimeItemProps}
            >
              <DatePicker
                data-testid="result-started"
                showTime={{ format: 'HH:mm' }}
                format={DATETIME_FORMAT}
                disabled={readOnly || status === 'PLAN_COMPLETED'}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="endedAt"
              label={t('fields.endedAt')}
              extra={t('hints.endedAt')}
              dependencies={['startedAt']}
              rules={[endRule]}
              {...dateTimeItemProps}
            >
              <DatePicker
                data-testid="result-ended"
                showTime={{ format: 'HH:mm' }}
                format={DATETIME_FORMAT}
                disabled={readOnly || status !== 'WORK_COMPLETED'}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          {last && (
            <Col xs={24} sm={12}>
              <Form.Item name="locationId" label={t('fields.shelf')} extra={t('hints.shelf')}>
                <ShelfCascader options={shelves} loading={crew.loading} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} sm={last ? 12 : 24}>
            <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
              <Input.TextArea data-testid="result-description" rows={last ? 3 : 2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
        {t('titles.consumed')}
      </Divider>
      <ConsumedTable rows={r.consumptions} />
      <Divider titlePlacement="start" plain>
        {t('titles.product')}
      </Divider>
      {last ? (
        <Descriptions size="small" column={{ xs: 1, sm: 2 }} data-testid="result-product">
          <Descriptions.Item label={t('fields.lotId')}>{r.lotId ?? t('hints.noLot')}</Descriptions.Item>
          <Descriptions.Item label={t('fields.stockLocation')}>
            <span data-testid="result-stock-location">{r.stockLocationPath ?? t('hints.notStored')}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary" data-testid="result-product">
          {t('hints.notLastOperation')}
        </Typography.Text>
      )}
    </>
  );
}

/** Bad quantity by defect type: rows of a DEFECT_TYPE code and its quantity, their sum the bad quantity. */
function DefectRows({
  unit,
  codeRule,
  readOnly,
}: {
  unit: string;
  codeRule: (index: number) => object;
  readOnly: boolean;
}) {
  const { t } = useTranslation(RESULT_NS);
  const labelId = `result-defects-${useId().replace(/:/g, '')}`;
  return (
    <Form.List name="defects">
      {(fields, { add, remove }) => (
        <div role="group" aria-labelledby={labelId} data-testid="result-defects">
          <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
            <span id={labelId}>{t('fields.defects')}</span>
            <Button
              size="small"
              icon={<PlusOutlined />}
              data-testid="result-defect-add"
              disabled={readOnly}
              onClick={() => add({ defectCode: null, qty: null })}
            >
              {t('actions.addDefect')}
            </Button>
          </Flex>
          {fields.length === 0 && (
            <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 16 }}>
              {t('hints.noDefects')}
            </Typography.Text>
          )}
          {fields.map((f, i) => (
            <Flex key={f.key} gap={8} align="start" data-testid="result-defect-row">
              <Form.Item
                name={[f.name, 'defectCode']}
                style={{ flex: 2, minWidth: 0, marginBottom: 8 }}
                rules={[codeRule(i)]}
                required
              >
                <CodeSelect
                  category="DEFECT_TYPE"
                  testId={`result-defect-code-${i}`}
                  placeholder={t('hints.pickDefect')}
                  aria-label={`${t('fields.defectType')} ${i + 1}`}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'qty']}
                style={{ flex: 1, minWidth: 0, marginBottom: 8 }}
                rules={[requiredQty(defectShape.qty)]}
                required
              >
                <NumberField
                  testId={`result-defect-qty-${i}`}
                  min={0}
                  suffix={unit}
                  aria-label={`${t('fields.defectQty')} ${i + 1}`}
                  style={{ width: '100%' }}
                />
              </Form.Item>
              <Tooltip title={t('actions.removeDefect')}>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('actions.removeDefect')} ${i + 1}`}
                  data-testid={`result-defect-remove-${i}`}
                  disabled={readOnly}
                  onClick={() => remove(f.name)}
                />
              </Tooltip>
            </Flex>
          ))}
        </div>
      )}
    </Form.List>
  );
}

/** The material packages the result consumed (first operation: good + bad by the BOM). */
function ConsumedTable({ rows }: { rows: ResultConsumption[] }) {
  const { t } = useTranslation(RESULT_NS);
  const unitLabel = useCodeLabel('UNIT');
  const columns: TableColumnsType<ResultConsumption> = [
    { title: t('fields.packageId'), dataIndex: 'packageId', width: 170, ellipsis: true },
    { title: t('fields.supplierLot'), dataIndex: 'supplierLot', width: 140, ellipsis: true, render: (v) => v ?? '-' },
    {
      title: t('fields.material'),
      key: 'material',
      ellipsis: true,
      render: (_, c) => `${c.materialCode} · ${c.materialName}`,
    },
    {
      title: t('fields.qty'),
      dataIndex: 'qty',
      width: 120,
      align: 'right',
      render: (v: number, c) => (
        <span data-testid="result-consumed-qty">
          {fmtQty(v)} {unitLabel(c.unit)}
        </span>
      ),
    },
  ];
  return (
    <Table<ResultConsumption>
      size="small"
      rowKey="prodStockId"
      data-testid="result-consumed"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 600, y: 200 }}
      onRow={(c) => ({ 'data-package': c.packageId }) as object}
      locale={{ emptyText: <Typography.Text type="secondary">{t('hints.noConsumption')}</Typography.Text> }}
    />
  );
}

/** The materials a save was short of at the line (409 INSUFFICIENT_BOM_STOCK). */
function ShortageTable({ rows }: { rows: BomShortage[] }) {
  const { t } = useTranslation(RESULT_NS);
  const columns: TableColumnsType<BomShortage> = [
    { title: t('fields.material'), key: 'material', render: (_, s) => `${s.code} · ${s.name}` },
    { title: t('fields.requiredQty'), dataIndex: 'requiredQty', width: 110, align: 'right', render: fmtQty },
    { title: t('fields.stockQty'), dataIndex: 'stockQty', width: 110, align: 'right', render: fmtQty },
    {
      title: t('fields.shortageQty'),
      dataIndex: 'shortageQty',
      width: 110,
      align: 'right',
      render: (v: number) => (
        <Typography.Text type="danger" strong data-testid="result-shortage-qty">
          {fmtQty(v)}
        </Typography.Text>
      ),
    },
  ];
  return (
    <>
      <Table<BomShortage>
        size="small"
        rowKey="code"
        data-testid="result-shortage-table"
        columns={columns}
        dataSource={rows}
        pagination={false}
        onRow={(s) => ({ 'data-code': s.code, 'data-testid': 'result-shortage-row' }) as object}
        style={{ marginBlock: 8 }}
      />
      <Typography.Text type="secondary">{t('hints.shortage')}</Typography.Text>
    </>
  );
}
