import { materialSaleCreateBody, type MaterialStock } from '@eqms/contract';
import { Alert, Col, DatePicker, Empty, Form, Input, Row, Table, type TableColumnsType, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { requiredWhen } from '../form-rules.ts';
import { usePickingRows, useStockApi } from '../material-stock.queries.ts';
import { fmtQty, isExpiredOn, today } from '../stock-rules.ts';
import { dateItemProps, ExpiryCell, MaterialPickSelect, PartnerSelect } from './stock-inputs.tsx';

const shape = materialSaleCreateBody.shape;
const NONE: MaterialStock[] = [];

export type SellFormValues = {
  materialId?: number | null;
  stockId?: number | null;
  customerId: number;
  qty: number;
  saleDate?: string | null;
  unitPrice?: number | null;
  expiredReason?: string | null;
  description?: string | null;
};

/** The material's rows with stock in picking order; the first is preselected, expired ones are marked. */
function PickingRows({ onRows }: { onRows: (rows: MaterialStock[]) => void }) {
  const { t } = useTranslation('materialStock');
  const form = Form.useFormInstance<SellFormValues>();
  const materialId = Form.useWatch('materialId', form) ?? null;
  const stockId = Form.useWatch('stockId', form) ?? null;
  const unitLabel = useCodeLabel('UNIT');
  const rows = usePickingRows(materialId);
  const data = useMemo(() => (materialId ? (rows.data?.data ?? NONE) : NONE), [materialId, rows.data]);
  useEffect(() => {
    onRows(data);
    // First expired first out: the first row is the one to take unless the user picks another.
    if (data.length && !data.some((r) => r.id === form.getFieldValue('stockId')))
      form.setFieldValue('stockId', data[0].id);
    if (!data.length && form.getFieldValue('stockId') != null) form.setFieldValue('stockId', null);
  }, [data, form, onRows]);

  if (!materialId) return null;
  const columns: TableColumnsType<MaterialStock> = [
    { title: t('fields.packageId'), dataIndex: 'packageId', width: 150, ellipsis: true },
    {
      title: t('fields.qty'),
      dataIndex: 'qty',
      width: 110,
      align: 'right',
      render: (v: number, r) => `${fmtQty(v)} ${unitLabel(r.unit)}`,
    },
    { title: t('fields.place'), dataIndex: 'placePath', ellipsis: true },
    {
      title: t('fields.expiryDate'),
      dataIndex: 'expiryDate',
      width: 170,
      render: (_: unknown, r) => <ExpiryCell date={r.expiryDate} days={r.daysToExpiry} state={r.expiryState} />,
    },
  ];
  return (
    <Col xs={24}>
      <Form.Item name="stockId" label={t('fields.stockRow')} required rules={[zodRule(shape.stockId)]}>
        {data.length === 0 && !rows.isLoading ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noStock')} />
        ) : (
          <Table<MaterialStock>
            size="small"
            rowKey="id"
            data-testid="stock-sell-rows"
            loading={rows.isLoading}
            columns={columns}
            dataSource={data}
            pagination={false}
            scroll={{ x: 560, y: 200 }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: stockId != null ? [stockId] : [],
              onChange: (keys) => form.setFieldValue('stockId', keys[0] as number),
              getCheckboxProps: (r) => ({ 'aria-label': r.packageId }) as never,
            }}
            onRow={(r) =>
              ({
                onClick: () => form.setFieldValue('stockId', r.id),
                'data-testid': 'stock-sell-row',
                'data-package': r.packageId,
              }) as never
            }
          />
        )}
      </Form.Item>
    </Col>
  );
}

/** The override reason, asked (and required) only when the chosen row is expired on the sale date. */
function ExpiredReason({ rows }: { rows: MaterialStock[] }) {
  const { t } = useTranslation('materialStock');
  const form = Form.useFormInstance<SellFormValues>();
  const stockId = Form.useWatch('stockId', form);
  const saleDate = Form.useWatch('saleDate', form);
  const row = rows.find((r) => r.id === stockId);
  const expired = !!row && isExpiredOn(row.expiryDate, saleDate);
  if (!expired) return null;
  return (
    <Col xs={24}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="stock-sell-expired"
        title={t('hints.expiredRow', { date: row.expiryDate })}
      />
      <Form.Item
        name="expiredReason"
        label={t('fields.expiredReason')}
        required
        rules={[requiredWhen(() => true), zodRule(shape.expiredReason)]}
      >
        <Input data-testid="stock-sell-expired-reason" maxLength={200} autoComplete="off" />
      </Form.Item>
    </Col>
  );
}

/**
 * Sell material to a customer from one stock row (POST /material-sales): the material's rows in picking order, the
 * first preselected. The server refuses more than the row holds (OUT_OF_STOCK) and an expired row without a reason;
 * the refusal is shown in the dialog, which stays open.
 */
export function SellDialog({
  open,
  onClose,
  from,
}: {
  open: boolean;
  onClose: () => void;
  /** Sell from this stock row (the stock screen's row action): its material and the row are chosen. */
  from?: Pick<MaterialStock, 'id' | 'materialId' | 'materialCode' | 'materialName'> | null;
}) {
  const { t } = useTranslation(['materialStock', 'common']);
  const api = useStockApi();
  const locale = useAppStore((s) => s.locale);
  const unitLabel = useCodeLabel('UNIT');
  const [rows, setRows] = useState<MaterialStock[]>([]);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);

  const submit = async (v: SellFormValues, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    const row = rows.find((r) => r.id === v.stockId);
    try {
      await api.sell({
        stockId: v.stockId!,
        customerId: v.customerId,
        qty: v.qty,
        saleDate: v.saleDate || null,
        unitPrice: v.unitPrice ?? null,
        expiredReason: row && isExpiredOn(row.expiryDate, v.saleDate) ? v.expiredReason || null : null,
        description: v.description || null,
      });
      useAppStore.getState().notify(t('messages.sold'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setRefusal(e);
        if (typeof e.extraData?.messageKey === 'string' && e.extraData.messageKey.startsWith('outOfStock'))
          form.setFields([{ name: 'qty', errors: [errorText(e, locale)] }]);
      }
      showSaveError(form, e);
      throw e;
    }
  };
  const picked = rows.length ? rows : undefined;

  return (
    <FormDialog<SellFormValues>
      open={open}
      title={t('titles.sell')}
      testId="stock-sell"
      width={760}
      okText={t('actions.sell')}
      initialValues={{ saleDate: today(), materialId: from?.materialId, stockId: from?.id }}
      onSubmit={submit}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="stock-sell-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item name="materialId" label={t('fields.material')} required rules={[zodRule(shape.stockId)]}>
            <MaterialPickSelect
              testId="stock-sell-material"
              current={from ? { id: from.materialId, code: from.materialCode, name: from.materialName } : undefined}
            />
          </Form.Item>
        </Col>
        <PickingRows onRows={setRows} />
        <ExpiredReason rows={rows} />
        <Col xs={24} sm={12}>
          <Form.Item name="customerId" label={t('fields.customer')} required rules={[zodRule(shape.customerId)]}>
            <PartnerSelect type="CUSTOMER" testId="stock-sell-customer" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <SellQty rows={picked} unitLabel={unitLabel} />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="saleDate" label={t('fields.saleDate')} {...dateItemProps}>
            <DatePicker data-testid="stock-sell-date" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="unitPrice" label={t('fields.unitPrice')} rules={[zodRule(shape.unitPrice)]}>
            <NumberField testId="stock-sell-unit-price" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
            <Input.TextArea data-testid="stock-sell-description" maxLength={500} rows={2} />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}

/** The quantity, with the chosen row's stock as a hint (the server is the judge: OUT_OF_STOCK beyond it). */
function SellQty({ rows, unitLabel }: { rows: MaterialStock[] | undefined; unitLabel: (c: string) => string }) {
  const { t } = useTranslation('materialStock');
  const form = Form.useFormInstance<SellFormValues>();
  const stockId = Form.useWatch('stockId', form);
  const row = rows?.find((r) => r.id === stockId);
  return (
    <Form.Item
      name="qty"
      label={t('fields.qty')}
      required
      rules={[zodRule(shape.qty)]}
      extra={
        row ? (
          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="stock-sell-available">
            {t('hints.available', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) })}
          </Typography.Text>
        ) : undefined
      }
    >
      <NumberField
        testId="stock-sell-qty"
        min={0}
        suffix={row ? unitLabel(row.unit) : undefined}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}
