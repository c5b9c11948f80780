import { type MaterialStock, type PlanMaterials, shipOutBody } from '@eqms/contract';
import { Alert, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import type { showSaveError } from '../../../components/formErrors.ts';
import { zodRule } from '../../../components/formErrors.ts';
import { refuse } from '../../issue-to-production/refusal.tsx';
import { PickTable, ReleaseFrame, ReleaseQty, useItemOptions } from '../../issue-to-production/release-parts.tsx';
import { requiredWhen } from '../../material-stock/form-rules.ts';
import { PROD_NS } from '../production-material.locales.ts';
import { useProdApi, useReleaseRows } from '../production-material.queries.ts';
import { defaultMaterial, defaultReleaseQty, isStockExpiredRefusal, needsExpiredReason } from '../release-rules.ts';
import { MATERIAL_SCREEN } from '../screen.ts';

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
  return (
    <Col xs={24}>
      <Form.Item name="stockId" label={t('fields.stockRow')} required rules={[zodRule(shape.stockId)]}>
        <PickTable<MaterialStock>
          screen={MATERIAL_SCREEN}
          rows={data}
          loading={rows.isLoading}
          idColumn={{ title: t('fields.packageId'), dataIndex: 'packageId', width: 150, ellipsis: true }}
          idOf={(r) => r.packageId}
          idAttr="data-package"
          selected={stockId}
          onChoose={choose}
          scrollX={560}
          empty={t('hints.noStock')}
        />
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
  const options = useItemOptions(
    MATERIAL_SCREEN,
    plan?.materials ?? [],
    (m) => m.materialId,
    'prod-release-material-option',
  );
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
      // An expired package the screen did not know of (the day turned): the reason is asked from now on.
      if (e instanceof ApiError && isStockExpiredRefusal(e)) setForceReason(true);
      refuse(e, form, setRefusal);
    }
  };

  const first = plan ? defaultMaterial(plan.materials) : undefined;
  return (
    <ReleaseFrame<ReleaseFormValues>
      screen={MATERIAL_SCREEN}
      plan={plan}
      refusal={refusal}
      width={780}
      initialValues={{ materialId: materialId ?? first?.materialId ?? null }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24}>
          <Form.Item name="materialId" label={t('fields.material')} required rules={[zodRule(shape.stockId)]}>
            <Select<number>
              data-testid="prod-release-material"
              showSearch={{ optionFilterProp: 'title' }}
              notFoundContent={t('hints.noMaterials')}
              options={options}
            />
          </Form.Item>
        </Col>
        {plan && <PickingRows plan={plan} onRows={setRows} />}
        <ExpiredReason rows={rows} forced={forceReason} />
        <Col xs={24} sm={12}>
          <ReleaseQty
            screen={MATERIAL_SCREEN}
            qtyRule={shape.qty}
            rowField="stockId"
            itemField="materialId"
            rows={rows}
            items={plan?.materials ?? []}
            itemIdOf={(m) => m.materialId}
          />
        </Col>
      </Row>
    </ReleaseFrame>
  );
}
