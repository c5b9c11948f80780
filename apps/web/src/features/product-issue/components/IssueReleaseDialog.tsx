import { BarcodeOutlined } from '@ant-design/icons';
import { type PlanProducts, type ProductStock, productShipOutBody } from '@eqms/contract';
import { Alert, Button, Col, Form, Input, Row, Select, Space, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import type { showSaveError } from '../../../components/formErrors.ts';
import { zodRule } from '../../../components/formErrors.ts';
import { refuse } from '../../issue-to-production/refusal.tsx';
import { PickTable, ReleaseFrame, ReleaseQty, useItemOptions } from '../../issue-to-production/release-parts.tsx';
import { defaultReleaseQty } from '../../production-material/release-rules.ts';
import { ISSUE_NS } from '../product-issue.locales.ts';
import { useIssueApi, useLotChoices, useScannedLot } from '../product-issue.queries.ts';
import { ISSUE_SCREEN } from '../screen.ts';

const shape = productShipOutBody.shape;
const NONE: ProductStock[] = [];

export type IssueReleaseValues = {
  productId?: number | null;
  lotScan?: string | null;
  productStockId?: number | null;
  qty?: number | null;
};

/** A row a release can take from: not discarded, with stock (the server is still the judge). */
const usable = (r: ProductStock) => !r.disposed && r.qty > 0;

/**
 * The lots to pick from: the chosen product's rows with stock (first expiring first), or — after a LOT ID is scanned
 * or typed — that lot's rows, whatever its product (the server refuses a lot that is not a child of the plan). The
 * first usable row is preselected and the quantity proposed: what the plan still needs, at most the row's stock.
 */
function LotRows({
  plan,
  scan,
  onRows,
}: {
  plan: PlanProducts;
  scan: string | null;
  onRows: (rows: ProductStock[]) => void;
}) {
  const { t } = useTranslation(ISSUE_NS);
  const form = Form.useFormInstance<IssueReleaseValues>();
  const productId = Form.useWatch('productId', form) ?? null;
  const stockId = Form.useWatch('productStockId', form) ?? null;
  const ofProduct = useLotChoices(scan ? null : productId);
  const scanned = useScannedLot(scan);
  const source = scan ? scanned : ofProduct;
  const data = useMemo(
    () => (scan ? (scanned.data ?? NONE) : productId ? (ofProduct.data?.data ?? NONE) : NONE),
    [scan, scanned.data, productId, ofProduct.data],
  );

  const choose = (row: ProductStock | undefined) => {
    form.setFieldValue('productStockId', row?.id ?? null);
    const need = plan.products.find((p) => p.productId === row?.productId)?.toReleaseQty;
    form.setFieldValue('qty', row ? defaultReleaseQty(need, row.qty) : null);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new list of rows picks again
  useEffect(() => {
    onRows(data);
    if (scan) {
      // A scanned lot of a child product selects that product too.
      const child = data.find((r) => plan.products.some((p) => p.productId === r.productId));
      if (child) form.setFieldValue('productId', child.productId);
    }
    if (data.length && !data.some((r) => r.id === form.getFieldValue('productStockId')))
      choose(data.find(usable) ?? data[0]);
    if (!data.length && form.getFieldValue('productStockId') != null) choose(undefined);
  }, [data, form, onRows]);

  const other = scan ? data.find((r) => !plan.products.some((p) => p.productId === r.productId)) : undefined;
  if (!productId && !scan) return null;
  return (
    <Col xs={24}>
      {scan && other && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="issue-release-scan-other"
          title={t('hints.scanOther', { product: `${other.productCode} · ${other.productName}` })}
        />
      )}
      <Form.Item
        name="productStockId"
        label={scan ? t('hints.scanned', { lotId: scan }) : t('fields.stockRow')}
        required
        rules={[zodRule(shape.productStockId)]}
      >
        <PickTable<ProductStock>
          screen={ISSUE_SCREEN}
          rows={data}
          loading={source.isLoading}
          idColumn={{
            title: t('fields.lotId'),
            dataIndex: 'lotId',
            width: 170,
            ellipsis: true,
            render: (v: string, r) => (
              <Space size={4}>
                {v}
                {r.disposed && <Tag color="red">{t('hints.disposed')}</Tag>}
              </Space>
            ),
          }}
          idOf={(r) => r.lotId}
          idAttr="data-lot"
          selected={stockId}
          onChoose={choose}
          scrollX={600}
          empty={scan ? t('hints.scanNone', { lotId: scan }) : t('hints.noStock')}
        />
      </Form.Item>
    </Col>
  );
}

/** The product stock row a scanner or a typed LOT ID names; Enter looks it up instead of submitting the form. */
function LotScanField({ scan, onScan }: { scan: string | null; onScan: (lotId: string | null) => void }) {
  const { t } = useTranslation(ISSUE_NS);
  const form = Form.useFormInstance<IssueReleaseValues>();
  const find = () => {
    const text = String(form.getFieldValue('lotScan') ?? '').trim();
    onScan(text || null);
  };
  return (
    <Form.Item label={t('fields.lotScan')} style={{ marginBottom: 12 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="lotScan" noStyle>
          <Input
            data-testid="issue-release-lot"
            prefix={<BarcodeOutlined />}
            placeholder={t('hints.scanPlaceholder')}
            autoComplete="off"
            maxLength={100}
            allowClear
            onPressEnter={(e) => {
              e.preventDefault();
              find();
            }}
            onChange={(e) => {
              if (!e.target.value && scan) onScan(null);
            }}
          />
        </Form.Item>
        <Button data-testid="issue-release-lot-find" onClick={find}>
          {t('actions.find')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * Release a semi-finished lot to the line of the plan whose product consumes it (POST
 * /production-product-stock/ship-out): a child product of the plan (the first still to release), its lots first
 * expiring first (the first chosen) or a scanned LOT ID, the quantity (what the plan still needs, at most the row's
 * stock). The server's refusals — more than the row holds (OUT_OF_STOCK), a discarded lot (lotDisposed), a lot that is
 * not a child of the plan (lotNotPlanChild) — show in the dialog, which stays open.
 */
export function IssueReleaseDialog({
  plan,
  productId,
  onClose,
}: {
  /** The plan to release to (null: closed). */
  plan: PlanProducts | null;
  /** The child product to start with (a row's action); default the first still to release. */
  productId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([ISSUE_NS, 'common']);
  const api = useIssueApi();
  const options = useItemOptions(
    ISSUE_SCREEN,
    plan?.products ?? [],
    (p) => p.productId,
    'issue-release-product-option',
  );
  const [rows, setRows] = useState<ProductStock[]>([]);
  const [scan, setScan] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const open = plan !== null;
  useEffect(() => {
    if (!open) {
      setRefusal(null);
      setScan(null);
    }
  }, [open]);

  const submit = async (v: IssueReleaseValues, form: Parameters<typeof showSaveError>[0]) => {
    if (!plan) return;
    setRefusal(null);
    try {
      await api.shipOut({ productStockId: v.productStockId!, planId: plan.planId, qty: v.qty! });
      useAppStore.getState().notify(t('messages.released'), 'success');
    } catch (e) {
      refuse(e, form, setRefusal);
    }
  };

  const first = plan ? (plan.products.find((p) => p.toReleaseQty > 0) ?? plan.products[0]) : undefined;
  return (
    <ReleaseFrame<IssueReleaseValues>
      screen={ISSUE_SCREEN}
      plan={plan}
      refusal={refusal}
      width={800}
      initialValues={{ productId: productId ?? first?.productId ?? null }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="productId" label={t('fields.childProduct')} required rules={[zodRule(shape.productStockId)]}>
            <Select<number>
              data-testid="issue-release-product"
              showSearch={{ optionFilterProp: 'title' }}
              notFoundContent={t('hints.noProducts')}
              onChange={() => {
                setScan(null);
                setRefusal(null);
              }}
              options={options}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <LotScanField
            scan={scan}
            onScan={(lotId) => {
              setRefusal(null);
              setScan(lotId);
            }}
          />
        </Col>
        {plan && <LotRows plan={plan} scan={scan} onRows={setRows} />}
        <Col xs={24} sm={12}>
          <ReleaseQty
            screen={ISSUE_SCREEN}
            qtyRule={shape.qty}
            rowField="productStockId"
            itemField="productId"
            rows={rows}
            items={plan?.products ?? []}
            itemIdOf={(p) => p.productId}
          />
        </Col>
      </Row>
    </ReleaseFrame>
  );
}
