import { type InspectionReport, inspectionReportEndpoints, inspectionReportFieldsSchema } from '@eqms/contract';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { dateItemProps, PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { today } from '../../material-stock/stock-rules.ts';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { INSPECTION_REPORT_NS } from '../inspection-report.locales.ts';
import { useInspectionReportApi } from '../inspection-report.queries.ts';
import { ResultPicker } from './ResultPicker.tsx';

const shape = inspectionReportFieldsSchema.shape;

type Values = {
  reportNo?: string | null;
  issueDt?: string | null;
  bizPartnerId?: number | null;
  productId?: number | null;
  lotId?: string | null;
  qty?: number | null;
  resultIds?: number[];
  inspectorName?: string | null;
  approverName?: string | null;
  remarks?: string | null;
};

/** The results field: its pick list follows the product and LOT ID typed above it. */
function ResultsField() {
  const { t } = useTranslation(INSPECTION_REPORT_NS);
  const form = Form.useFormInstance<Values>();
  const productId = Form.useWatch('productId', form);
  const lotId = Form.useWatch('lotId', form);
  const [lot, setLot] = useState<string | null>(null);
  // The LOT ID narrows the list once typed (not on every key).
  useEffect(() => {
    const handle = setTimeout(() => setLot(lotId?.trim() || null), 400);
    return () => clearTimeout(handle);
  }, [lotId]);
  return (
    <Form.Item
      name="resultIds"
      label={t('fields.results')}
      required
      rules={[zodRule(shape.resultIds)]}
      extra={t('hints.results')}
      htmlFor="inspection-report-results"
    >
      <ResultPicker
        multiple
        id="inspection-report-results"
        endpoint={inspectionReportEndpoints.results}
        productId={productId}
        lotId={lot}
        testId="inspection-report-results"
      />
    </Form.Item>
  );
}

/** Issue or edit an inspection report (POST / PUT /inspection-report): whom, what, which lot, built from which results. */
export function InspectionReportDialog({
  open,
  row,
  onClose,
}: {
  open: boolean;
  row: InspectionReport | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([INSPECTION_REPORT_NS, 'common']);
  const api = useInspectionReportApi();
  const [picked, setPicked] = useState<{ id: number; code: string; name: string } | null>(null);
  useEffect(() => {
    if (!open) setPicked(null);
  }, [open]);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    const body = {
      reportNo: v.reportNo?.trim() || null,
      issueDt: v.issueDt!,
      bizPartnerId: v.bizPartnerId!,
      productId: v.productId!,
      lotId: v.lotId?.trim() || null,
      qty: v.qty!,
      resultIds: v.resultIds ?? [],
      inspectorName: v.inspectorName ?? '',
      approverName: v.approverName || null,
      remarks: v.remarks || null,
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
  const username = useAppStore((s) => s.user?.username ?? '');
  return (
    <FormDialog<Values>
      open={open}
      title={t(row ? 'titles.edit' : 'titles.create')}
      testId="inspection-report-dialog"
      width={820}
      initialValues={
        row
          ? {
              reportNo: row.reportNo,
              issueDt: row.issueDt,
              bizPartnerId: row.bizPartnerId,
              productId: row.productId,
              lotId: row.lotId,
              qty: row.qty,
              resultIds: row.resultIds,
              inspectorName: row.inspectorName,
              approverName: row.approverName,
              remarks: row.remarks,
            }
          : { issueDt: today(), resultIds: [], inspectorName: username }
      }
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
            <Input data-testid="inspection-report-no" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="issueDt"
            label={t('fields.issueDt')}
            required
            rules={[zodRule(shape.issueDt)]}
            {...dateItemProps}
          >
            <DatePicker data-testid="inspection-report-issue-dt" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="bizPartnerId" label={t('fields.customer')} required rules={[zodRule(shape.bizPartnerId)]}>
            <PartnerSelect type="CUSTOMER" testId="inspection-report-customer" notFound={t('hints.noCustomers')} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="productId" label={t('fields.product')} required rules={[zodRule(shape.productId)]}>
            <ProductPickSelect
              testId="inspection-report-product"
              current={current}
              onPicked={(p) => p && setPicked(p)}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="lotId" label={t('fields.lotId')} rules={[zodRule(shape.lotId)]}>
            <Input data-testid="inspection-report-lot-id" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="qty" label={t('fields.qty')} required rules={[zodRule(shape.qty)]}>
            <NumberField testId="inspection-report-qty" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <ResultsField />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item
            name="inspectorName"
            label={t('fields.inspectorName')}
            required
            rules={[zodRule(shape.inspectorName)]}
          >
            <Input data-testid="inspection-report-inspector" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="approverName" label={t('fields.approverName')} rules={[zodRule(shape.approverName)]}>
            <Input data-testid="inspection-report-approver" maxLength={50} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remarks" label={t('fields.remarks')} rules={[zodRule(shape.remarks)]}>
            <Input.TextArea data-testid="inspection-report-remarks" maxLength={2000} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
