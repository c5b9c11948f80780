import { type MaterialStock, type PlanMaterials, shipOutBody } from '@eqms/contract';
import { Alert, Col, Empty, Form, Input, Row, Select, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { ExpiryCell } from '../../material-stock/components/stock-inputs.tsx';
import { requiredWhen } from '../../material-stock/form-rules.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { PROD_NS } from '../production-material.locales.ts';
import { useProdApi, useReleaseRows } from '../production-material.queries.ts';
import {
  defaultMaterial,
  defaultReleaseQty,
  isOutOfStockRefusal,
  isStockExpiredRefusal,
  needsExpiredReason,
} from '../release-rules.ts';

const shape = shipOutBody.shape;
const NONE: MaterialStock[] = [];

export type ReleaseFormValues = {
  materialId?: number | null;
  stockId?: number | null;
  qty?: number | null;
  expiredReason?: string | null;
};

/**
 * The material's warehouse rows with stock in picking order (first expired first out); the first is preselected and
 * the quantity proposed from it: what the plan still needs, at most what the package holds.
 */
function PickingRows({ plan, onRows }: { plan: PlanMaterials; onRows: (rows: MaterialStock[]) => void }) {
  const { t } = useTranslation(PROD_NS);
  const form = Form.useFormInstance<ReleaseFormValues>();
  const materialId = Form.useWatch('materialId', form) ?? null;
  const stockId = Form.useWatch('stockId', form) ?? null;
  const unitLabel = useCodeLabel('UNIT');
  const rows = useReleaseRows(materialId);
  const data = useMemo(() => (materialId ? (rows.data?.data ?? NONE) : NONE), [materialId, rows.data]);
  const material = plan.materials.find((m) => m.materialId === materialId);

  const choose = (row: MaterialStock | undefined) => {
    form.setFieldValue('stockId', row?.id ?? null);
    form.setFieldValue('qty', defaultReleaseQty(material?.toReleaseQty, row?.qty));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list of rows picks again
  useEffect(() => {
    onRows(data);
    if (data.length && !data.some((r) => r.id === form.getFieldValue('stockId'))) choose(data[0]);
    if (!data.length && form.getFieldValue('stockId') != null) choose(undefined);
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
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('hints.noStock')}
            data-testid="prod-release-no-stock"
          />
        ) : (
          <Table<MaterialStock>
            size="small"
            rowKey="id"
            data-testid="prod-release-rows"
            loading={rows.isLoading}
            columns={columns}
            dataSource={data}
            pagination={false}
            scroll={{ x: 560, y: 200 }}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: stockId != null ? [stockId] : [],
              onChange: (keys) => choose(data.find((r) => r.id === keys[0])),
              getCheckboxProps: (r) => ({ 'aria-label': r.packageId }) as never,
            }}
            onRow={(r) =>
              ({
                onClick: () => choose(r),
                'data-testid': 'prod-release-row',
                'data-package': r.packageId,
              }) as never
            }
          />
        )}
      </Form.Item>
    </Col>
  );
}

/** The override reason: asked (and required) when the chosen package has expired, or the server said it has. */
function ExpiredReason({ rows, forced }: { rows: MaterialStock[]; forced: boolean }) {
  const { t } = useTranslation(PROD_NS);
  const form = Form.useFormInstance<ReleaseFormValues>();
  const stockId = Form.useWatch('stockId', form);
  const row = rows.find((r) => r.id === stockId);
  if (!needsExpiredReason(row) && !forced) return null;
  return (
    <Col xs={24}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        data-testid="prod-release-expired"
        title={t('hints.expiredRow', { date: row?.expiryDate ?? '' })}
      />
      <Form.Item
        name="expiredReason"
        label={t('fields.expiredReason')}
        required
        rules={[requiredWhen(() => true), zodRule(shape.expiredReason)]}
      >
        <Input data-testid="prod-release-expired-reason" maxLength={200} autoComplete="off" />
      </Form.Item>
    </Col>
  );
}

/** The quantity, with the package's stock and what the plan still needs as hints (the server is the judge). */
function ReleaseQty({ plan, rows }: { plan: PlanMaterials; rows: MaterialStock[] }) {
  const { t } = useTranslation(PROD_NS);
  const unitLabel = useCodeLabel('UNIT');
  const form = Form.useFormInstance<ReleaseFormValues>();
  const stockId = Form.useWatch('stockId', form);
  const materialId = Form.useWatch('materialId', form);
  const row = rows.find((r) => r.id === stockId);
  const material = plan.materials.find((m) => m.materialId === materialId);
  const unit = row?.unit ?? material?.unit;
  return (
    <Form.Item
      name="qty"
      label={t('fields.releaseQty')}
      required
      rules={[zodRule(shape.qty)]}
      extra={
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="prod-release-available">
          {[
            row ? t('hints.available', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) }) : null,
            material
              ? t('hints.toRelease', { qty: fmtQty(material.toReleaseQty), unit: unitLabel(material.unit) })
              : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      }
    >
      <NumberField
        testId="prod-release-qty"
        min={0}
        suffix={unit ? unitLabel(unit) : undefined}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

/**
 * Release material of a plan from one warehouse package to the plan's line (POST /material-stock/ship-out): a
 * material of the plan (the first still to release), its packages in picking order (the first chosen), the quantity
 * (what the plan still needs, at most the package's stock). The server refuses more than the package holds
 * (OUT_OF_STOCK) and an expired package without a reason (CONFLICT stockExpired); the refusal shows in the dialog,
 * which stays open.
 */
export function ReleaseDialog({
  plan,
  materialId,
  onClose,
}: {
  /** The plan to release to (null: closed). */
  plan: PlanMaterials | null;
  /** The material to start with (a material row's action); default the first still to release. */
  materialId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([PROD_NS, 'common']);
  const api = useProdApi();
  const locale = useAppStore((s) => s.locale);
  const unitLabel = useCodeLabel('UNIT');
  const [rows, setRows] = useState<MaterialStock[]>([]);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [forceReason, setForceReason] = useState(false);
  const open = plan !== null;
  useEffect(() => {
    if (!open) {
      setRefusal(null);
      setForceReason(false);
    }
  }, [open]);

  const submit = async (v: ReleaseFormValues, form: Parameters<typeof showSaveError>[0]) => {
    if (!plan) return;
    setRefusal(null);
    const row = rows.find((r) => r.id === v.stockId);
    try {
      await api.shipOut({
        stockId: v.stockId!,
        planId: plan.planId,
        qty: v.qty!,
        expiredReason: needsExpiredReason(row) || forceReason ? v.expiredReason || null : null,
      });
      useAppStore.getState().notify(t('messages.released'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setRefusal(e);
        if (isStockExpiredRefusal(e)) setForceReason(true);
        if (isOutOfStockRefusal(e)) form.setFields([{ name: 'qty', errors: [errorText(e, locale)] }]);
        throw e;
      }
      showSaveError(form, e);
      throw e;
    }
  };

  const first = plan ? defaultMaterial(plan.materials) : undefined;
  return (
    <FormDialog<ReleaseFormValues>
      open={open}
      title={t('titles.release')}
      testId="prod-release"
      width={780}
      okText={t('actions.release')}
      initialValues={{ materialId: materialId ?? first?.materialId ?? null }}
      onSubmit={submit}
      onClose={onClose}
    >
      {plan && (
        <Typography.Paragraph type="secondary" data-testid="prod-release-plan">
          {t('hints.releaseTo', { product: `${plan.productCode} · ${plan.productName}`, qty: fmtQty(plan.qty) })}
        </Typography.Paragraph>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="prod-release-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      {plan && (
        <Row gutter={12}>
          <Col xs={24}>
            <Form.Item name="materialId" label={t('fields.material')} required rules={[zodRule(shape.stockId)]}>
              <Select<number>
                data-testid="prod-release-material"
                showSearch={{ optionFilterProp: 'title' }}
                notFoundContent={t('hints.noMaterials')}
                options={plan.materials.map((m) => ({
                  value: m.materialId,
                  title: `${m.code} ${m.name}`,
                  label: (
                    <span data-testid="prod-release-material-option" data-code={m.code}>
                      {m.code} · {m.name}
                      {m.toReleaseQty > 0 && (
                        <Tag color="orange" style={{ marginInlineStart: 8 }}>
                          {t('hints.toRelease', { qty: fmtQty(m.toReleaseQty), unit: unitLabel(m.unit) })}
                        </Tag>
                      )}
                    </span>
                  ),
                }))}
              />
            </Form.Item>
          </Col>
          <PickingRows plan={plan} onRows={setRows} />
          <ExpiredReason rows={rows} forced={forceReason} />
          <Col xs={24} sm={12}>
            <ReleaseQty plan={plan} rows={rows} />
          </Col>
        </Row>
      )}
    </FormDialog>
  );
}
