import { type MaterialStock, materialStockEndpoints, type ProductionMaterialStock } from '@eqms/contract';
import {
  Alert,
  Button,
  ConfigProvider,
  Empty,
  Flex,
  type GetRef,
  Input,
  InputNumber,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../../../api/error-text.ts';
import { ApiError, call, reportError } from '../../../../api/http.ts';
import { useCan } from '../../../../app/permissions.ts';
import { useAppStore } from '../../../../app/store.ts';
import { warnBarcodeNotFound } from '../../../../components/scanner/barcode-info.ts';
import { ScanBox } from '../../../material-stock/mobile/components/ScanBox.tsx';
import { ExpiryTag, useQtyText } from '../../../material-stock/mobile/components/StockCards.tsx';
import { today } from '../../../material-stock/stock-rules.ts';
import { PROD_NS } from '../../production-material.locales.ts';
import {
  type PlanChoice,
  plansOf,
  useProdApi,
  usePlanMaterials,
  usePlanTree,
} from '../../production-material.queries.ts';
import { defaultReleaseQty, isStockExpiredRefusal, needsExpiredReason } from '../../release-rules.ts';
import { ChoiceButton, Chosen, DoneCard, Step } from '../components/MobileParts.tsx';

// /m/material/out (SPEC §2 mobile routes, query `barcode`): release material to production by scanning. 1. the
// package (its package ID scanned or typed), 2. one of today's plans at the lines, 3. the quantity (what the plan
// still needs of the material, at most the package's stock); then POST /material-stock/ship-out.

function PlanList({ onPick }: { onPick: (p: PlanChoice) => void }) {
  const { t } = useTranslation(PROD_NS);
  const day = today();
  const tree = usePlanTree(day, day);
  const plans = plansOf(tree.data ?? []);
  if (tree.isLoading)
    return (
      <Flex justify="center" style={{ padding: 16 }}>
        <Spin />
      </Flex>
    );
  if (!plans.length)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('m.noPlansToday')} data-testid="m-out-no-plans" />
    );
  return (
    <Flex vertical gap={8} data-testid="m-out-plans">
      {plans.map((p) => (
        <ChoiceButton key={p.key} testId="m-out-plan" data={{ 'data-plan-id': String(p.id) }} onClick={() => onPick(p)}>
          <Typography.Text strong>{p.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {p.productCode} · {p.lineName} · {t('fields.planQty')} {p.qty}
          </Typography.Text>
        </ChoiceButton>
      ))}
    </Flex>
  );
}

/** What the chosen plan still needs of the package's material (its BOM), and the proposed quantity. */
function PlanNeed({
  plan,
  pkg,
  onNeed,
}: {
  plan: PlanChoice;
  pkg: MaterialStock;
  onNeed: (qty: number | null) => void;
}) {
  const { t } = useTranslation(PROD_NS);
  const qty = useQtyText();
  const materials = usePlanMaterials(plan.id);
  const m = materials.data?.materials.find((x) => x.materialId === pkg.materialId);
  const toRelease = materials.data ? (m?.toReleaseQty ?? 0) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the proposal follows the plan's figures only
  useEffect(() => {
    if (toRelease !== undefined) onNeed(defaultReleaseQty(toRelease, pkg.qty));
  }, [toRelease, pkg.qty]);
  if (materials.isLoading) return <Spin size="small" />;
  if (!m) return <Tag color="default">{t('m.notInBom')}</Tag>;
  return (
    <Typography.Text type="secondary" data-testid="m-out-need">
      {t('m.planNeeds', { qty: qty(m.toReleaseQty, m.unit), atLine: qty(m.atLineQty, m.unit) })}
    </Typography.Text>
  );
}

export default function MobileReleasePage() {
  const { t } = useTranslation(PROD_NS);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const locale = useAppStore((s) => s.locale);
  const qtyText = useQtyText();
  const [pkg, setPkg] = useState<MaterialStock | null>(null);
  const [plan, setPlan] = useState<PlanChoice | null>(null);
  const [qty, setQty] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [forceReason, setForceReason] = useState(false);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  // The package is looked up on the warehouse's stock (materialStock view), not only this screen's menu.
  const canSeeStock = useCan('materialStock', 'view');
  const [done, setDone] = useState<ProductionMaterialStock | null>(null);
  const [looking, setLooking] = useState(false);
  const api = useProdApi();
  const qtyRef = useRef<GetRef<typeof InputNumber>>(null);

  const scanPackage = async (code: string) => {
    setLooking(true);
    try {
      const row = await call(materialStockEndpoints.byBarcode, { params: { code }, silent: true });
      setPkg(row);
      setRefusal(null);
      setForceReason(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) warnBarcodeNotFound(code);
      else if (err instanceof ApiError) reportError(err);
    } finally {
      setLooking(false);
    }
  };

  // The scan sheet's "production material release" opens this page with the package ID.
  const initial = params.get('barcode')?.trim();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the code in the URL starts a look-up
  useEffect(() => {
    if (initial) void scanPackage(initial);
  }, [initial]);

  useEffect(() => {
    if (pkg && plan) qtyRef.current?.focus();
  }, [pkg, plan]);

  const reset = () => {
    setPkg(null);
    setPlan(null);
    setQty(null);
    setReason('');
    setForceReason(false);
    setRefusal(null);
    setDone(null);
    if (params.has('barcode')) setParams({}, { replace: true });
  };

  const askReason = needsExpiredReason(pkg ?? undefined) || forceReason;
  const submit = async () => {
    if (!pkg || !plan || saving) return;
    const notify = (text: string) => useAppStore.getState().notify(text, 'warning');
    if (!qty || qty <= 0) {
      notify(t('m.qtyRequired'));
      qtyRef.current?.focus();
      return;
    }
    if (askReason && !reason.trim()) {
      notify(t('m.reasonRequired'));
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      const row = await api.shipOut({
        stockId: pkg.id,
        planId: plan.id,
        qty,
        expiredReason: askReason ? reason.trim() : null,
      });
      setDone(row);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 409) {
        setRefusal(err);
        if (isStockExpiredRefusal(err)) setForceReason(true);
      } else reportError(err);
    } finally {
      setSaving(false);
    }
  };

  if (done) {
    return (
      <div data-testid="m-out-page">
        <DoneCard
          testId="m-out-done"
          title={t('m.released')}
          actions={
            <>
              <Button type="primary" size="large" block onClick={reset} data-testid="m-out-again">
                {t('m.releaseAnother')}
              </Button>
              <Button
                size="large"
                block
                onClick={() => navigate(`/m/material/re-in?barcode=${encodeURIComponent(done.packageId)}`)}
                data-testid="m-out-to-restock"
              >
                {t('m.toRestock')}
              </Button>
            </>
          }
        >
          <Typography.Text strong style={{ display: 'block', fontSize: 18 }}>
            {done.packageId}
          </Typography.Text>
          <Typography.Text style={{ display: 'block' }}>{done.materialName}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="m-out-done-at-line">
            {done.lineName} · {done.productName} · {t('m.atLine', { qty: qtyText(done.qty, done.unit) })}
          </Typography.Text>
        </DoneCard>
      </div>
    );
  }

  return (
    <Flex vertical gap={12} data-testid="m-out-page">
      {!canSeeStock && (
        <Alert type="warning" showIcon title={t('needsStockView')} data-testid="m-out-needs-stock-view" />
      )}
      <Step title={t('m.stepPackage')} testId="m-out-step-package" ok={!!pkg}>
        {pkg ? (
          <Chosen
            testId="m-out-package"
            main={pkg.materialName}
            sub={`${pkg.packageId} · ${qtyText(pkg.qty, pkg.unit)}`}
            extra={
              <Flex gap={6} align="center" wrap>
                <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                  {pkg.placePath}
                </Typography.Text>
                <ExpiryTag row={pkg} />
              </Flex>
            }
            onChange={reset}
          />
        ) : (
          <>
            <ScanBox
              testId="m-out-scan"
              placeholder={t('m.packagePlaceholder')}
              onScan={(code) => void scanPackage(code)}
              disabled={looking}
            />
            {looking && <Spin size="small" style={{ marginTop: 8 }} />}
          </>
        )}
      </Step>
      <Step title={t('m.stepPlan')} testId="m-out-step-plan" ok={!!plan}>
        {!pkg ? (
          <Typography.Text type="secondary">{t('m.scanFirst')}</Typography.Text>
        ) : plan ? (
          <Chosen
            testId="m-out-plan-chosen"
            main={plan.name}
            sub={`${plan.productCode} · ${plan.lineName}`}
            extra={<PlanNeed plan={plan} pkg={pkg} onNeed={setQty} />}
            onChange={() => {
              setPlan(null);
              setQty(null);
            }}
          />
        ) : (
          <PlanList onPick={setPlan} />
        )}
      </Step>
      <Step title={t('m.stepQty')} testId="m-out-step-qty">
        <ConfigProvider componentSize="large">
          <Flex vertical gap={8}>
            {refusal && <Alert type="error" showIcon data-testid="m-out-refusal" title={errorText(refusal, locale)} />}
            <InputNumber<number>
              ref={qtyRef}
              min={0}
              value={qty}
              onChange={(v) => setQty(v)}
              disabled={!pkg || !plan}
              placeholder={t('m.releaseQty')}
              aria-label={t('m.releaseQty')}
              inputMode="decimal"
              suffix={pkg?.unit}
              onPressEnter={() => void submit()}
              style={{ width: '100%', fontSize: 22 }}
              data-testid="m-out-qty"
            />
            {askReason && (
              <>
                <Alert type="warning" showIcon title={t('hints.expiredRow', { date: pkg?.expiryDate ?? '' })} />
                <Input
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  placeholder={t('fields.expiredReason')}
                  aria-label={t('fields.expiredReason')}
                  maxLength={200}
                  data-testid="m-out-reason"
                />
              </>
            )}
            <Button
              type="primary"
              size="large"
              block
              disabled={!pkg || !plan}
              loading={saving}
              onClick={() => void submit()}
              data-testid="m-out-submit"
              style={{ height: 52, fontSize: 17 }}
            >
              {t('actions.release')}
            </Button>
          </Flex>
        </ConfigProvider>
      </Step>
    </Flex>
  );
}
