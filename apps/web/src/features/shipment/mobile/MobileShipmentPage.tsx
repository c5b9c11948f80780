import { DeleteOutlined } from '@ant-design/icons';
import type { OrderProduct, ShipmentDetail } from '@eqms/contract';
import { Alert, Button, Card, ConfigProvider, Flex, InputNumber, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../api/error-text.ts';
import { ApiError, reportError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { PartnerSelect } from '../../material-stock/components/stock-inputs.tsx';
import { fmtQty, today } from '../../material-stock/stock-rules.ts';
import { DoneCard, Step } from '../../production-material/mobile/components/MobileParts.tsx';
import { OrderProductSelect, useOrderProductLabel } from '../components/pickers.tsx';
import { SHIPMENT_NS } from '../shipment.locales.ts';
import { lotStockRows, useShipmentApi } from '../shipment.queries.ts';
import {
  addLotRows,
  lineProblem,
  refusedLine,
  type ShipLine,
  shipmentBody,
  totalOf,
  withStockOfRefusal,
} from '../shipment-rules.ts';
import { MobileScanInput } from './MobileScanInput.tsx';

// /m/production/shipment (SPEC §2 mobile routes, mShipment; query `barcode`: start with that lot): ship by scanning.
// 1. the customer (and, optionally, one of its order products), 2. the lots — each scan adds the lot's stock rows with
// their whole quantity, which can be changed —, 3. ship today (POST /shipment). The scan sheet's "product shipment"
// opens this page with the LOT ID.

type Product = { id: number; code: string; name: string; unit: string };

/** One line: the lot, its shelf and expiry, what it holds, and the quantity to ship (big, for a thumb). */
function LineCard({
  line,
  unit,
  error,
  onQty,
  onRemove,
}: {
  line: ShipLine;
  unit: string;
  error?: string;
  onQty: (v: number | null) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(SHIPMENT_NS);
  return (
    <Card
      size="small"
      data-testid="m-ship-line"
      data-lot-id={line.lotId}
      styles={{ body: { padding: 12 } }}
      style={{ borderColor: error ? 'var(--ant-color-error)' : undefined }}
    >
      <Flex justify="space-between" align="flex-start" gap={8}>
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          <Typography.Text strong style={{ fontSize: 16, wordBreak: 'break-all' }}>
            {line.lotId}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {line.placePath}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('fields.available')} {fmtQty(line.available)} {unit}
            {line.expiryDate ? ` · ${t('fields.expiry')} ${line.expiryDate}` : ''}
          </Typography.Text>
        </Flex>
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={onRemove}
          aria-label={`${t('actions.removeLine')} ${line.lotId}`}
          style={{ minWidth: 44, minHeight: 44 }}
          data-testid="m-ship-line-remove"
        />
      </Flex>
      <InputNumber<number>
        size="large"
        min={0}
        value={line.qty}
        onChange={(v) => onQty(v)}
        inputMode="decimal"
        suffix={unit}
        aria-label={`${t('fields.shipQty')} ${line.lotId}`}
        status={error ? 'error' : undefined}
        style={{ width: '100%', marginTop: 8, fontSize: 20 }}
        data-testid="m-ship-line-qty"
      />
      {error && (
        <Typography.Text type="danger" style={{ display: 'block', marginTop: 4 }} data-testid="m-ship-line-error">
          {error}
        </Typography.Text>
      )}
    </Card>
  );
}

export default function MobileShipmentPage() {
  const { t } = useTranslation([SHIPMENT_NS, 'common']);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const locale = useAppStore((s) => s.locale);
  const unitLabel = useCodeLabel('UNIT');
  const canSeeOrders = useCan('orderInfo', 'view');
  const canSeeStock = useCan('prodStock', 'view');
  const orderLabel = useOrderProductLabel();
  const api = useShipmentApi();
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [orderProduct, setOrderProduct] = useState<OrderProduct | null>(null);
  const [product, setProduct] = useState<Product | null>(null);
  const [lines, setLines] = useState<ShipLine[]>([]);
  const [errors, setErrors] = useState<Map<number, string>>(new Map());
  const [notice, setNotice] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<ShipmentDetail | null>(null);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const productRef = useRef(product);
  productRef.current = product;

  const unit = product ? unitLabel(product.unit) : '';
  const total = totalOf(lines);

  // Scans are taken one after another, each on the lines the one before left (a scanner can be faster than a look-up).
  const queue = useRef<Promise<void>>(Promise.resolve());
  const scanNow = async (code: string) => {
    setScanning(true);
    setNotice(null);
    try {
      const rows = await lotStockRows(code);
      if (!rows) return setNotice(t('hints.lotNotFound', { lotId: code }));
      const current = productRef.current;
      const out = addLotRows(linesRef.current, rows, current?.id ?? null);
      const lotId = rows[0]?.lotId ?? code;
      if (out.kind === 'otherProduct')
        return setNotice(t('hints.lotOtherProduct', { lotId, product: out.productName }));
      if (out.kind === 'noStock') return setNotice(t('hints.lotNoStock', { lotId }));
      if (out.kind === 'already') return setNotice(t('hints.lotAlready', { lotId }));
      if (!current) {
        const r = rows[0];
        productRef.current = { id: r.productId, code: r.productCode, name: r.productName, unit: r.unit };
        setProduct(productRef.current);
      }
      linesRef.current = out.lines;
      setLines(out.lines);
      setRefusal(null);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    } finally {
      setScanning(false);
    }
  };
  const scan = (code: string) => {
    queue.current = queue.current.then(() => scanNow(code)).catch(() => undefined);
    return queue.current;
  };

  // The scan sheet's "product shipment" (or a link) starts with the lot in the URL.
  const initial = params.get('barcode')?.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code in the URL starts a look-up
  useEffect(() => {
    if (initial && canSeeStock) void scan(initial);
  }, [initial, canSeeStock]);

  const chooseOrderProduct = (op: OrderProduct | null) => {
    setOrderProduct(op);
    if (!op) return;
    // The order product fixes the product: lines of another one go.
    if (product && product.id !== op.productId) setLines([]);
    setProduct({ id: op.productId, code: op.productCode, name: op.productName, unit: op.unit });
  };

  const setQty = (id: number, v: number | null) => {
    setLines((prev) => prev.map((l) => (l.productStockId === id ? { ...l, qty: v } : l)));
    setErrors((prev) => {
      const next = new Map(prev);
      next.delete(id);
      return next;
    });
  };
  const remove = (id: number) => {
    const next = lines.filter((l) => l.productStockId !== id);
    setLines(next);
    if (next.length === 0 && !orderProduct) setProduct(null);
  };

  const reset = () => {
    setOrderProduct(null);
    setProduct(null);
    setLines([]);
    setErrors(new Map());
    setNotice(null);
    setRefusal(null);
    setDone(null);
    if (params.has('barcode')) setParams({}, { replace: true });
  };

  const submit = async () => {
    if (saving || !product) return;
    if (!customerId) return setRefusal(t('m.customerFirst'));
    const problems = new Map<number, string>();
    for (const l of lines) {
      const p = lineProblem(l);
      if (p)
        problems.set(
          l.productStockId,
          p.kind === 'qtyRequired'
            ? t('hints.qtyRequired')
            : t('hints.qtyOverAvailable', { available: fmtQty(p.available) }),
        );
    }
    setErrors(problems);
    if (problems.size) return;
    setSaving(true);
    setRefusal(null);
    try {
      const saved = await api.create(
        shipmentBody({
          bizPartnerId: customerId,
          orderProductId: orderProduct?.id ?? null,
          productId: product.id,
          shipmentDt: today(),
          lines,
        }),
      );
      setDone(saved);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const line = refusedLine(err, lines);
      setLines(withStockOfRefusal(err, lines));
      if (err.status === 409 || err.status === 400 || line != null) {
        const text = errorText(err, locale);
        setRefusal(text);
        if (line != null) setErrors(new Map([[line, text]]));
      } else reportError(err);
    } finally {
      setSaving(false);
    }
  };

  if (done) {
    return (
      <div data-testid="m-ship-page">
        <DoneCard
          testId="m-ship-done"
          title={t('m.done')}
          actions={
            <>
              <Button type="primary" size="large" block onClick={reset} data-testid="m-ship-again">
                {t('m.shipAnother')}
              </Button>
              <Button
                size="large"
                block
                onClick={() => navigate('/m/production/shipmentList')}
                data-testid="m-ship-to-list"
              >
                {t('m.toList')}
              </Button>
            </>
          }
        >
          <Typography.Text strong style={{ display: 'block', fontSize: 18 }} data-testid="m-ship-done-no">
            {done.shipmentNo}
          </Typography.Text>
          <Typography.Text style={{ display: 'block' }}>{done.bizPartnerName}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="m-ship-done-qty">
            {done.productName} · {fmtQty(done.totalQty)} {unitLabel(done.unit)} · {t('fields.lotCount')} {done.lotCount}
          </Typography.Text>
        </DoneCard>
      </div>
    );
  }

  return (
    <Flex vertical gap={12} data-testid="m-ship-page">
      {!canSeeStock && <Alert type="warning" showIcon title={t('hints.needsStockView')} />}
      <Step title={t('m.stepCustomer')} testId="m-ship-step-customer" ok={!!customerId}>
        <ConfigProvider componentSize="large">
          <Flex vertical gap={8}>
            <PartnerSelect
              type="CUSTOMER"
              testId="m-ship-customer"
              placeholder={t('m.customer')}
              notFound={t('hints.noCustomers')}
              value={customerId}
              onChange={(id) => {
                setCustomerId(id);
                if (orderProduct && orderProduct.bizPartnerId !== id) chooseOrderProduct(null);
              }}
            />
            {canSeeOrders && customerId != null && (
              <OrderProductSelect
                bizPartnerId={customerId}
                testId="m-ship-order-product"
                placeholder={t('m.orderProduct')}
                size="large"
                value={orderProduct?.id ?? null}
                current={orderProduct}
                onPicked={chooseOrderProduct}
              />
            )}
            {orderProduct && (
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {orderLabel(orderProduct)}
              </Typography.Text>
            )}
          </Flex>
        </ConfigProvider>
      </Step>
      <Step title={t('m.stepLots')} testId="m-ship-step-lots" ok={lines.length > 0}>
        <Flex vertical gap={8}>
          <MobileScanInput
            testId="m-ship-scan"
            placeholder={t('hints.scanLot')}
            onScan={(code) => void scan(code)}
            disabled={!canSeeStock}
          />
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {t('m.scanHint')}
          </Typography.Text>
          {scanning && <Spin size="small" />}
          {notice && <Alert type="warning" showIcon title={notice} data-testid="m-ship-notice" />}
          {product && (
            <Typography.Text strong data-testid="m-ship-product">
              {t('m.product', { product: `${product.code} ${product.name}` })}
            </Typography.Text>
          )}
          {lines.map((l) => (
            <LineCard
              key={l.productStockId}
              line={l}
              unit={unit}
              error={errors.get(l.productStockId)}
              onQty={(v) => setQty(l.productStockId, v)}
              onRemove={() => remove(l.productStockId)}
            />
          ))}
        </Flex>
      </Step>
      <Step title={t('m.stepConfirm')} testId="m-ship-step-confirm">
        <Flex vertical gap={8}>
          <Typography.Text data-testid="m-ship-summary">
            {t('fields.shipmentDt')} {today()} ·{' '}
            {t('m.lines', { count: new Set(lines.map((l) => l.lotId)).size, qty: `${fmtQty(total)} ${unit}` })}
          </Typography.Text>
          {refusal && <Alert type="error" showIcon title={refusal} data-testid="m-ship-refusal" />}
          <Button
            type="primary"
            size="large"
            block
            disabled={!customerId || lines.length === 0}
            loading={saving}
            onClick={() => void submit()}
            data-testid="m-ship-submit"
            style={{ height: 52, fontSize: 17 }}
          >
            {lines.length ? t('m.ship', { qty: `${fmtQty(total)} ${unit}` }) : t('actions.ship')}
          </Button>
        </Flex>
      </Step>
    </Flex>
  );
}
