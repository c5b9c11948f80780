import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type TestReport,
  type TestReportDetail,
  testReportEndpoints,
  testReportFieldsSchema,
  testReportItemFields,
} from '@eqms/contract';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { ResultPicker } from '../../inspection-report/components/ResultPicker.tsx';
import { dateItemProps, PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { today } from '../../material-stock/stock-rules.ts';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { TEST_REPORT_NS } from '../test-report.locales.ts';
import { useTestReport, useTestReportApi } from '../test-report.queries.ts';

const shape = testReportFieldsSchema.shape;
const item = testReportItemFields.shape;

type ItemValues = {
  name?: string | null;
  method?: string | null;
  unit?: string | null;
  target?: number | null;
  lsl?: number | null;
  usl?: number | null;
  value?: string | null;
  judgement?: 'PASS' | 'FAIL' | null;
};
type Values = {
  reportNo?: string | null;
  testDt?: string | null;
  productId?: number | null;
  lotId?: string | null;
  bizPartnerId?: number | null;
  resultId?: number | null;
  testerName?: string | null;
  approverName?: string | null;
  remarks?: string | null;
  items?: ItemValues[];
};

function ResultField() {
  const { t } = useTranslation(TEST_REPORT_NS);
  const form = Form.useFormInstance<Values>();
  const productId = Form.useWatch('productId', form);
  const lotId = Form.useWatch('lotId', form);
  const [lot, setLot] = useState<string | null>(null);
  useEffect(() => {
    const handle = setTimeout(() => setLot(lotId?.trim() || null), 400);
    return () => clearTimeout(handle);
  }, [lotId]);
  return (
    <Form.Item name="resultId" label={t('fields.result')} htmlFor="test-report-result">
      <ResultPicker
        id="test-report-result"
        endpoint={testReportEndpoints.results}
        productId={productId}
        lotId={lot}
        testId="test-report-result"
      />
    </Form.Item>
  );
}

/** The item columns' captions and widths (the inputs below use the same widths). */
const COLUMNS = [
  ['itemName', 130],
  ['method', 110],
  ['unit', 60],
  ['lsl', 80],
  ['usl', 80],
  ['value', 160],
  ['itemJudgement', 100],
] as const;

/** The items as printed: typed here, or left empty to take a result's. */
function ItemsField() {
  const { t } = useTranslation(TEST_REPORT_NS);
  return (
    <Form.List name="items">
      {(fields, { add, remove }) => (
        <div data-testid="test-report-items">
          <Typography.Text strong>{t('fields.items')}</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('hints.items')}
          </Typography.Paragraph>
          {fields.length > 0 && (
            <Space size={4} style={{ display: 'flex', marginBottom: 2 }} aria-hidden>
              {COLUMNS.map(([key, width]) => (
                <Typography.Text key={key} type="secondary" style={{ width, fontSize: 12, display: 'inline-block' }}>
                  {t(`fields.${key}`)}
                </Typography.Text>
              ))}
            </Space>
          )}
          {fields.map((f, i) => (
            <Space key={f.key} align="start" wrap size={4} style={{ display: 'flex', marginBottom: 4 }}>
              <Form.Item name={[f.name, 'name']} rules={[zodRule(item.name)]} style={{ marginBottom: 0 }}>
                <Input
                  data-testid={`test-report-item-name-${i}`}
                  placeholder={t('fields.itemName')}
                  style={{ width: 130 }}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'method']} style={{ marginBottom: 0 }}>
                <Input
                  data-testid={`test-report-item-method-${i}`}
                  placeholder={t('fields.method')}
                  style={{ width: 110 }}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'unit']} style={{ marginBottom: 0 }}>
                <Input placeholder={t('fields.unit')} style={{ width: 60 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'target']} hidden>
                <Input />
              </Form.Item>
              <Form.Item name={[f.name, 'lsl']} style={{ marginBottom: 0 }}>
                <NumberField testId={`test-report-item-lsl-${i}`} placeholder={t('fields.lsl')} style={{ width: 80 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'usl']} style={{ marginBottom: 0 }}>
                <NumberField testId={`test-report-item-usl-${i}`} placeholder={t('fields.usl')} style={{ width: 80 }} />
              </Form.Item>
              <Form.Item name={[f.name, 'value']} rules={[zodRule(item.value)]} style={{ marginBottom: 0 }}>
                <Input
                  data-testid={`test-report-item-value-${i}`}
                  placeholder={t('fields.value')}
                  style={{ width: 160 }}
                />
              </Form.Item>
              <Form.Item name={[f.name, 'judgement']} style={{ marginBottom: 0 }}>
                <Select
                  data-testid={`test-report-item-judgement-${i}`}
                  aria-label={t('fields.itemJudgement')}
                  placeholder={t('fields.itemJudgement')}
                  allowClear
                  style={{ width: 100 }}
                  options={(['PASS', 'FAIL'] as const).map((j) => ({ value: j, label: t(`judgement.${j}`) }))}
                />
              </Form.Item>
              <Button
                aria-label={t('actions.removeItem')}
                icon={<DeleteOutlined />}
                onClick={() => remove(f.name)}
                data-testid={`test-report-item-remove-${i}`}
              />
            </Space>
          ))}
          <Button icon={<PlusOutlined />} onClick={() => add({})} data-testid="test-report-item-add">
            {t('actions.addItem')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}

const initialOf = (r: TestReportDetail): Values => ({
  reportNo: r.reportNo,
  testDt: r.testDt,
  productId: r.productId,
  lotId: r.lotId,
  bizPartnerId: r.bizPartnerId,
  resultId: r.resultId,
  testerName: r.testerName,
  approverName: r.approverName,
  remarks: r.remarks,
  items: r.items,
});

/** Record or edit a test report (POST / PUT /testreport/report); editing waits for the report's items. */
export function TestReportDialog({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: TestReport | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([TEST_REPORT_NS, 'common']);
  const api = useTestReportApi();
  const detail = useTestReport(open && row ? row.id : null);
  const username = useAppStore((s) => s.user?.username ?? '');
  const [picked, setPicked] = useState<{ id: number; code: string; name: string } | null>(null);
  useEffect(() => {
    if (!open) setPicked(null);
  }, [open]);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    const body = {
      reportNo: v.reportNo?.trim() || null,
      testDt: v.testDt!,
      productId: v.productId!,
      lotId: v.lotId?.trim() || null,
      bizPartnerId: v.bizPartnerId ?? null,
      resultId: v.resultId ?? null,
      testerName: v.testerName ?? '',
      approverName: v.approverName || null,
      remarks: v.remarks || null,
      items: (v.items ?? []).map((i) => ({
        name: i.name ?? '',
        method: i.method || null,
        unit: i.unit || null,
        target: i.target ?? null,
        lsl: i.lsl ?? null,
        usl: i.usl ?? null,
        value: i.value ?? '',
        judgement: i.judgement ?? null,
      })),
    };
    try {
      if (row) await api.update({ id: row.id, ...body });
      else await api.create(body);
      useAppStore.getState().notify(t(row ? 'messages.saved' : 'messages.created'), 'success');
    } catch (e) {
      showSaveError(form, e);
      throw e;
    }
  };

  const current = picked ?? (row ? { id: row.productId, code: row.productCode, name: row.productName } : null);
  const ready = !row || !!detail.data;
  return (
    <FormDialog<Values>
      open={open && ready}
      title={t(row ? 'titles.edit' : 'titles.create')}
      testId="test-report-dialog"
      width={900}
      initialValues={row && detail.data ? initialOf(detail.data) : { testDt: today(), testerName: username, items: [] }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item
            name="reportNo"
            label={t('fields.reportNo')}
            extra={t('hints.reportNo')}
            rules={[zodRule(shape.reportNo)]}
          >
            <Input data-testid="test-report-no" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="testDt"
            label={t('fields.testDt')}
            required
            rules={[zodRule(shape.testDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="test-report-test-dt" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="productId" label={t('fields.product')} required rules={[zodRule(shape.productId)]}>
            <ProductPickSelect testId="test-report-product" current={current} onPicked={(p) => p && setPicked(p)} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="lotId" label={t('fields.lotId')} rules={[zodRule(shape.lotId)]}>
            <Input data-testid="test-report-lot-id" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="bizPartnerId" label={t('fields.customer')}>
            <PartnerSelect type="CUSTOMER" testId="test-report-customer" notFound={t('hints.noCustomers')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <ResultField />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="testerName" label={t('fields.testerName')} required rules={[zodRule(shape.testerName)]}>
            <Input data-testid="test-report-tester" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="approverName" label={t('fields.approverName')} rules={[zodRule(shape.approverName)]}>
            <Input data-testid="test-report-approver" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <ItemsField />
        </Col>
        <Col xs={24} style={{ marginTop: 12 }}>
          <Form.Item name="remarks" label={t('fields.remarks')} rules={[zodRule(shape.remarks)]}>
            <Input.TextArea data-testid="test-report-remarks" maxLength={2000} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
