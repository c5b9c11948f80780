import { CheckCircleFilled } from '@ant-design/icons';
import type { BarcodeInfo, MaterialStock } from '@eqms/contract';
import {
  Button,
  Card,
  ConfigProvider,
  Flex,
  type GetRef,
  Input,
  InputNumber,
  Select,
  Spin,
  Typography,
  theme,
} from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../../api/http.ts';
import { useAppStore } from '../../../../app/store.ts';
import { lookUpBarcode } from '../../../../components/scanner/barcode-info.ts';
import { ScanBox } from '../components/ScanBox.tsx';
import { useQtyText } from '../components/StockCards.tsx';
import { MOBILE_STOCK_NS } from '../material-stock-mobile.locales.ts';
import { findShelf, type Shelf, shelfPath, useShelves, useShipIn } from '../mobile-stock.queries.ts';

// /m/material/in (SPEC §2 mobile routes, query `barcode`): receive a material onto a shelf by scanning. 1. the
// material (its barcode or code), 2. the shelf (its location code, or picked from the list), 3. the quantity and,
// optionally, the supplier lot and expiry; then POST /material-stock/ship-in, and the new package ID is shown.

type Material = Extract<BarcodeInfo, { type: 'MATERIAL' }>['data'];

function Step({ title, ok, children, testId }: { title: string; ok?: boolean; children?: ReactNode; testId: string }) {
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      data-testid={testId}
      title={<Typography.Text strong>{title}</Typography.Text>}
      styles={{ body: { padding: 12 }, header: { minHeight: 40 } }}
      style={{ borderColor: ok ? token.colorSuccessBorder : undefined }}
    >
      {children}
    </Card>
  );
}

function Chosen({ main, sub, onChange, testId }: { main: string; sub?: string; onChange: () => void; testId: string }) {
  const { t } = useTranslation(MOBILE_STOCK_NS);
  return (
    <Flex align="center" gap={8} data-testid={testId}>
      <CheckCircleFilled style={{ color: 'var(--ant-color-success)', fontSize: 18 }} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong>{main}</Typography.Text>
        {sub && <Typography.Text type="secondary">{sub}</Typography.Text>}
      </Flex>
      <Button onClick={onChange} style={{ minHeight: 44 }}>
        {t('in.change')}
      </Button>
    </Flex>
  );
}

function Done({ row, onAgain }: { row: MaterialStock; onAgain: () => void }) {
  const { t } = useTranslation(MOBILE_STOCK_NS);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const qty = useQtyText();
  return (
    <Card data-testid="m-in-done" styles={{ body: { padding: 20, textAlign: 'center' } }}>
      <CheckCircleFilled style={{ fontSize: 48, color: token.colorSuccess }} />
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 8 }}>
        {t('in.done')}
      </Typography.Title>
      <Typography.Text type="secondary">{t('in.newPackage')}</Typography.Text>
      <Typography.Text
        strong
        copyable
        style={{ display: 'block', fontSize: 24, marginBottom: 8 }}
        data-testid="m-in-package-id"
      >
        {row.packageId}
      </Typography.Text>
      <Typography.Text style={{ display: 'block' }}>
        {row.materialName} · {qty(row.qty, row.unit)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 16 }}>
        {row.placePath}
      </Typography.Text>
      <Flex vertical gap={8}>
        <Button type="primary" size="large" block onClick={onAgain} data-testid="m-in-again">
          {t('in.again')}
        </Button>
        <Button
          size="large"
          block
          onClick={() => navigate(`/m/material/stock?barcode=${encodeURIComponent(row.packageId)}`)}
          data-testid="m-in-check-stock"
        >
          {t('in.checkStock')}
        </Button>
      </Flex>
    </Card>
  );
}

export default function MobileShipInPage() {
  const { t } = useTranslation(MOBILE_STOCK_NS);
  const [params, setParams] = useSearchParams();
  const [material, setMaterial] = useState<Material | null>(null);
  const [shelf, setShelf] = useState<Shelf | null>(null);
  const [qty, setQty] = useState<number | null>(null);
  const [supplierLot, setSupplierLot] = useState('');
  const [expiryDate, setExpiryDate] = useState('');
  const [done, setDone] = useState<MaterialStock | null>(null);
  const [looking, setLooking] = useState(false);
  const shelves = useShelves();
  const shipIn = useShipIn();
  const qtyRef = useRef<GetRef<typeof InputNumber>>(null);
  const notify = (text: string) => useAppStore.getState().notify(text, 'warning');

  const scanMaterial = async (code: string) => {
    setLooking(true);
    try {
      const info = await lookUpBarcode(code, 'MATERIAL');
      if (info?.type === 'MATERIAL') setMaterial(info.data);
    } catch {
      /* reported by the API client */
    } finally {
      setLooking(false);
    }
  };
  const scanShelf = (code: string) => {
    const found = findShelf(shelves.data ?? [], code);
    if (!found) notify(t('in.shelfNotFound', { code }));
    else setShelf(found);
  };

  // The scan sheet's "receive material" opens this page with the material's code.
  const initial = params.get('barcode')?.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code in the URL starts a look-up
  useEffect(() => {
    if (initial) void scanMaterial(initial);
  }, [initial]);

  // The quantity box takes the focus once material and shelf are known: the next thing to type.
  useEffect(() => {
    if (material && shelf) qtyRef.current?.focus();
  }, [material, shelf]);

  const reset = () => {
    setMaterial(null);
    setQty(null);
    setSupplierLot('');
    setExpiryDate('');
    setDone(null);
    if (params.has('barcode')) setParams({}, { replace: true });
  };

  const submit = async () => {
    if (!material || !shelf) return;
    if (!qty || qty <= 0) {
      notify(t('in.qtyRequired'));
      qtyRef.current?.focus();
      return;
    }
    try {
      const row = await shipIn.mutateAsync({
        materialId: material.id,
        locationId: shelf.id,
        qty,
        supplierLot: supplierLot.trim() || null,
        expiryDate: expiryDate || null,
      });
      setDone(row);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
    }
  };

  if (done) {
    return (
      <div data-testid="m-in-page">
        {/* Keep the shelf for the next package: a pallet is often put away on one shelf. */}
        <Done row={done} onAgain={reset} />
      </div>
    );
  }

  return (
    <Flex vertical gap={12} data-testid="m-in-page">
      <Step title={t('in.step1')} testId="m-in-step-material" ok={!!material}>
        {material ? (
          <Chosen
            testId="m-in-material"
            main={material.name}
            sub={`${material.code} · ${material.unit}`}
            onChange={() => setMaterial(null)}
          />
        ) : (
          <>
            <ScanBox
              testId="m-in-material-scan"
              placeholder={t('in.materialPlaceholder')}
              onScan={(code) => void scanMaterial(code)}
              disabled={looking}
            />
            {looking && <Spin size="small" style={{ marginTop: 8 }} />}
          </>
        )}
      </Step>
      <Step title={t('in.step2')} testId="m-in-step-shelf" ok={!!shelf}>
        {shelf ? (
          <Chosen testId="m-in-shelf" main={shelf.name} sub={shelfPath(shelf)} onChange={() => setShelf(null)} />
        ) : (
          <Flex vertical gap={8}>
            {/* Scans go to the first step still open. */}
            <ScanBox
              testId="m-in-shelf-scan"
              placeholder={t('in.shelfPlaceholder')}
              onScan={scanShelf}
              disabled={!material}
            />
            <ConfigProvider componentSize="large">
              <Select<number>
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('in.shelfPick')}
                aria-label={t('in.shelfPick')}
                loading={shelves.isLoading}
                disabled={!material}
                options={(shelves.data ?? []).map((s) => ({
                  value: s.id,
                  label: `${shelfPath(s)}${s.code ? ` (${s.code})` : ''}`,
                }))}
                onChange={(id) => setShelf((shelves.data ?? []).find((s) => s.id === id) ?? null)}
                data-testid="m-in-shelf-pick"
                style={{ width: '100%' }}
              />
            </ConfigProvider>
          </Flex>
        )}
      </Step>
      <Step title={t('in.step3')} testId="m-in-step-qty">
        <ConfigProvider componentSize="large">
          <Flex vertical gap={8}>
            <InputNumber<number>
              ref={qtyRef}
              min={0}
              value={qty}
              onChange={(v) => setQty(v)}
              disabled={!material || !shelf}
              placeholder={t('in.qtyPlaceholder')}
              aria-label={t('in.qtyPlaceholder')}
              inputMode="decimal"
              suffix={material?.unit}
              onPressEnter={() => void submit()}
              style={{ width: '100%', fontSize: 22 }}
              data-testid="m-in-qty"
            />
            <Input
              value={supplierLot}
              onChange={(e) => setSupplierLot(e.target.value)}
              disabled={!material || !shelf}
              placeholder={t('in.supplierLotPlaceholder')}
              aria-label={t('in.supplierLotPlaceholder')}
              maxLength={100}
              data-testid="m-in-supplier-lot"
            />
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('in.expiryOptional')}
            </Typography.Text>
            <Input
              type="date"
              value={expiryDate}
              onChange={(e) => setExpiryDate(e.target.value)}
              disabled={!material || !shelf}
              aria-label={t('in.expiryOptional')}
              data-testid="m-in-expiry"
            />
            <Button
              type="primary"
              size="large"
              block
              disabled={!material || !shelf}
              loading={shipIn.isPending}
              onClick={() => void submit()}
              data-testid="m-in-submit"
              style={{ height: 52, fontSize: 17 }}
            >
              {t('in.submit')}
            </Button>
          </Flex>
        </ConfigProvider>
      </Step>
    </Flex>
  );
}
