import {
  type BarcodeInfo,
  issueMessage,
  type ProductStock,
  productStockAdjustBody,
  translateMessage,
} from '@eqms/contract';
import {
  Alert,
  Button,
  Card,
  ConfigProvider,
  Drawer,
  Empty,
  Flex,
  Input,
  InputNumber,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError, reportError } from '../../../api/http.ts';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { LabeledLine } from '../../../components/LabeledLine.tsx';
import '../../../components/scanner/scanner.locales.ts';
import { ScanPanel, useScannedCode } from '../../material-stock/mobile/components/ScanLookup.tsx';
import { useQtyText } from '../../material-stock/mobile/components/StockCards.tsx';
import { DisposedTag, LotExpiryCell } from '../components/stock-cells.tsx';
import { PROD_STOCK_NS } from '../product-stock.locales.ts';
import { useLotRows, useProdStockApi, useProductRows } from '../product-stock.queries.ts';

// /m/production/stock (SPEC §2 mobile routes, mProductStock; query `barcode`): scan or type a LOT ID — or a product's
// barcode or code (the scan sheet's PRODUCT action leads here too) — and see its stock rows: the lot, product, shelf,
// quantity, expiry with its reason and discarded LOTs; a row can be adjusted to a counted quantity right here.

/** The counted quantity and a reason, in a sheet from the bottom (PUT /productstock/stock/{id}/qty). */
function AdjustSheet({ row, onClose }: { row: ProductStock | null; onClose: () => void }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const locale = useAppStore((s) => s.locale);
  const api = useProdStockApi();
  const qtyText = useQtyText();
  const [qty, setQty] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setQty(row?.qty ?? null);
    setReason('');
    setRefusal(null);
  }, [row]);

  const submit = async () => {
    if (!row || saving) return;
    if (qty == null || qty < 0) return setRefusal(t('m.qtyRequired'));
    if (!reason.trim()) return setRefusal(t('m.reasonRequired'));
    const parsed = productStockAdjustBody.safeParse({ adjustedQty: qty, description: reason });
    if (!parsed.success) return setRefusal(translateMessage(issueMessage(parsed.error.issues[0] ?? {}), locale));
    setSaving(true);
    setRefusal(null);
    try {
      await api.adjust(row.id, qty, reason.trim());
      useAppStore.getState().notify(t('messages.adjusted'), 'success');
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 409 || err.status === 400) setRefusal(errorText(err, locale));
      else reportError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      placement="bottom"
      size={420}
      destroyOnHidden
      title={t('m.adjust')}
      data-testid="m-prod-adjust"
    >
      {row && (
        <ConfigProvider componentSize="large">
          <Flex vertical gap={10}>
            <Typography.Text type="secondary">
              {row.lotId} · {row.placePath} · {qtyText(row.qty, row.unit)}
            </Typography.Text>
            {refusal && <Alert type="error" showIcon title={refusal} data-testid="m-prod-adjust-refusal" />}
            <InputNumber<number>
              min={0}
              value={qty}
              onChange={(v) => setQty(v)}
              placeholder={t('m.adjustQty')}
              aria-label={t('m.adjustQty')}
              inputMode="decimal"
              suffix={row.unit}
              autoFocus
              style={{ width: '100%', fontSize: 22 }}
              data-testid="m-prod-adjust-qty"
            />
            <Input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              placeholder={t('m.adjustReason')}
              aria-label={t('m.adjustReason')}
              maxLength={500}
              onPressEnter={() => void submit()}
              data-testid="m-prod-adjust-reason"
            />
            <Button
              type="primary"
              block
              loading={saving}
              onClick={() => void submit()}
              style={{ height: 52, fontSize: 17 }}
              data-testid="m-prod-adjust-submit"
            >
              {t('m.save')}
            </Button>
          </Flex>
        </ConfigProvider>
      )}
    </Drawer>
  );
}

/** One stock row: where, how much, the expiry and its reason, discarded or not; adjust when allowed. */
function RowCard({ row, showLot, onAdjust }: { row: ProductStock; showLot: boolean; onAdjust?: () => void }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const qtyText = useQtyText();
  return (
    <Card
      size="small"
      data-testid="m-prod-row"
      data-row-id={row.id}
      data-disposed={row.disposed}
      styles={{ body: { padding: 12 } }}
    >
      <Flex justify="space-between" align="flex-start" gap={8} wrap>
        <Flex vertical style={{ minWidth: 0, flex: 1 }}>
          {showLot && <Typography.Text strong>{row.lotId}</Typography.Text>}
          <Typography.Text type={showLot ? 'secondary' : undefined} strong={!showLot} data-testid="m-prod-row-place">
            {row.placePath}
          </Typography.Text>
        </Flex>
        <Typography.Text strong style={{ fontSize: 18 }} data-testid="m-prod-row-qty">
          {qtyText(row.qty, row.unit)}
        </Typography.Text>
      </Flex>
      <Flex gap={6} align="center" wrap style={{ marginTop: 6 }}>
        <LotExpiryCell row={row} />
        <DisposedTag row={row} />
      </Flex>
      {row.description && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4, fontSize: 13 }}>
          {row.description}
        </Typography.Text>
      )}
      {onAdjust && (
        <Button
          block
          onClick={onAdjust}
          style={{ marginTop: 8, minHeight: 44 }}
          data-testid={`m-prod-row-adjust-${row.id}`}
        >
          {t('m.adjust')}
        </Button>
      )}
    </Card>
  );
}

function Rows({ rows, showLot, more }: { rows: ProductStock[]; showLot: boolean; more?: number }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const canModify = useCan('prodStock', 'modify');
  const [adjusting, setAdjusting] = useState<ProductStock | null>(null);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('m.none')} />;
  return (
    <>
      <Flex vertical gap={8} data-testid="m-prod-rows">
        {rows.map((r) => (
          <RowCard
            key={r.id}
            row={r}
            showLot={showLot}
            onAdjust={canModify && !r.disposed ? () => setAdjusting(r) : undefined}
          />
        ))}
      </Flex>
      {more ? <Typography.Text type="secondary">{t('m.more', { count: more })}</Typography.Text> : null}
      <AdjustSheet row={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}

/** The heading card: what was scanned, the quantity in stock (discarded rows aside) and on how many shelves. */
function Summary({ title, sub, rows, testId }: { title: string; sub: string; rows: ProductStock[]; testId: string }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const qtyText = useQtyText();
  const live = rows.filter((r) => !r.disposed && r.qty > 0);
  const total = live.reduce((acc, r) => acc + r.qty, 0);
  return (
    <Card styles={{ body: { padding: 16 } }} data-testid={testId}>
      <Typography.Text strong style={{ fontSize: 17, display: 'block' }} data-testid="m-prod-title">
        {title}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {sub}
      </Typography.Text>
      <LabeledLine label={t('m.total')} testId="m-prod-total">
        <Typography.Text strong style={{ fontSize: 22 }}>
          {rows.length ? qtyText(Math.round(total * 1e5) / 1e5, rows[0].unit) : '-'}
        </Typography.Text>{' '}
        <Typography.Text type="secondary">{t('m.rows', { count: live.length })}</Typography.Text>
      </LabeledLine>
    </Card>
  );
}

function LotView({ lotId }: { lotId: string }) {
  const rows = useLotRows(lotId);
  if (rows.isLoading)
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  const list = rows.data ?? [];
  const first = list[0];
  return (
    <Flex vertical gap={12} data-testid="m-prod-lot" data-lot-id={lotId}>
      {first && (
        <Summary
          testId="m-prod-summary"
          title={first.lotId}
          sub={`${first.productCode} · ${first.productName} · ${first.day}`}
          rows={list}
        />
      )}
      <Rows rows={list} showLot={false} />
    </Flex>
  );
}

function ProductView({ productId, code, name }: { productId: number; code: string; name: string }) {
  const rows = useProductRows(productId);
  if (rows.isLoading)
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin />
      </Flex>
    );
  const list = rows.data?.data ?? [];
  return (
    <Flex vertical gap={12} data-testid="m-prod-product" data-product-id={productId}>
      <Summary testId="m-prod-summary" title={name} sub={code} rows={list} />
      <Rows rows={list} showLot more={(rows.data?.total ?? 0) - list.length} />
    </Flex>
  );
}

const LOT_TYPES = ['LOT', 'PRODUCT'] as const;

export default function MobileProductStockPage() {
  const { t } = useTranslation([PROD_STOCK_NS, 'scanner']);
  // A material or a package is not product stock: say so, with the code.
  const wrongType = useCallback(
    (data: BarcodeInfo) => t('m.notLot', { type: t(`scanner:types.${data.type}`), code: data.code }),
    [t],
  );
  const { info, data, scan } = useScannedCode(LOT_TYPES, wrongType);

  return (
    <Flex vertical gap={12} data-testid="m-prod-page">
      <ScanPanel testId="m-prod-scan" placeholder={t('m.placeholder')} hint={t('m.hint')} onScan={scan} />
      {info.isFetching && !data ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : data?.type === 'LOT' ? (
        <LotView lotId={data.data.lotId} />
      ) : data?.type === 'PRODUCT' ? (
        <ProductView productId={data.data.id} code={data.data.code} name={data.data.name} />
      ) : data ? (
        <Tag color="warning" style={{ alignSelf: 'flex-start' }} data-testid="m-prod-not-lot">
          {t('m.notLot', { type: t(`scanner:types.${data.type}`), code: data.code })}
        </Tag>
      ) : null}
    </Flex>
  );
}
