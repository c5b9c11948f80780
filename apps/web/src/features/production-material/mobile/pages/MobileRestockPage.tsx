import type { ProductionMaterialStock } from '@eqms/contract';
import { Alert, Button, ConfigProvider, Empty, Flex, type GetRef, Input, InputNumber, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../../../api/error-text.ts';
import { ApiError, reportError } from '../../../../api/http.ts';
import { useAppStore } from '../../../../app/store.ts';
import { ScanBox } from '../../../material-stock/mobile/components/ScanBox.tsx';
import { useQtyText } from '../../../material-stock/mobile/components/StockCards.tsx';
import { PROD_NS } from '../../production-material.locales.ts';
import { useProdApi, useProdByBarcode } from '../../production-material.queries.ts';
import { ChoiceButton, Chosen, DoneCard, Step } from '../components/MobileParts.tsx';

// /m/material/re-in (SPEC §2 mobile routes, query `barcode`): restock unused material from a line by scanning. 1. the
// package ID: its released rows still at a line (none: said so), 2. the row (the only one is chosen), 3. the quantity
// (at most what is at the line); then POST /material-stock/ship-in-restock.

export default function MobileRestockPage() {
  const { t } = useTranslation(PROD_NS);
  const [params, setParams] = useSearchParams();
  const locale = useAppStore((s) => s.locale);
  const qtyText = useQtyText();
  const code = params.get('barcode')?.trim() || null;
  const found = useProdByBarcode(code);
  const [row, setRow] = useState<ProductionMaterialStock | null>(null);
  const [qty, setQty] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState<ProductionMaterialStock | null>(null);
  const api = useProdApi();
  const qtyRef = useRef<GetRef<typeof InputNumber>>(null);

  const choose = (r: ProductionMaterialStock | null) => {
    setRow(r);
    setQty(r ? r.qty : null);
    setRefusal(null);
  };
  const rows = found.data ?? [];
  // One row at a line: it is the one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer chooses again
  useEffect(() => {
    choose(rows.length === 1 ? rows[0] : null);
  }, [found.data]);
  useEffect(() => {
    if (row) qtyRef.current?.focus();
  }, [row]);

  const scan = (next: string) => {
    setDone(null);
    if (next === code) void found.refetch();
    else setParams({ barcode: next }, { replace: true });
  };
  const reset = () => {
    setDone(null);
    choose(null);
    setReason('');
    setParams({}, { replace: true });
  };

  const submit = async () => {
    if (!row || saving) return;
    if (!qty || qty <= 0) {
      useAppStore.getState().notify(t('m.qtyRequired'), 'warning');
      qtyRef.current?.focus();
      return;
    }
    setSaving(true);
    setRefusal(null);
    try {
      setDone(await api.restock({ prodStockId: row.id, qty, reason: reason.trim() || null }));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 409) setRefusal(err);
      else reportError(err);
    } finally {
      setSaving(false);
    }
  };

  if (done) {
    return (
      <div data-testid="m-rein-page">
        <DoneCard
          testId="m-rein-done"
          title={t('m.restocked')}
          actions={
            <Button type="primary" size="large" block onClick={reset} data-testid="m-rein-again">
              {t('m.restockAnother')}
            </Button>
          }
        >
          <Typography.Text strong style={{ display: 'block', fontSize: 18 }}>
            {done.packageId}
          </Typography.Text>
          <Typography.Text style={{ display: 'block' }}>{done.materialName}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block' }} data-testid="m-rein-done-at-line">
            {done.lineName} · {done.productName} · {t('m.atLine', { qty: qtyText(done.qty, done.unit) })}
          </Typography.Text>
        </DoneCard>
      </div>
    );
  }

  return (
    <Flex vertical gap={12} data-testid="m-rein-page">
      <Step title={t('m.stepPackage')} testId="m-rein-step-package" ok={rows.length > 0}>
        <ScanBox testId="m-rein-scan" placeholder={t('m.packagePlaceholder')} onScan={scan} />
        {code && (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }} data-testid="m-rein-code">
            {code}
          </Typography.Text>
        )}
      </Step>
      {!code && (
        // The step is named before the scan too, so the numbers read 1, 2, 3 on an empty page.
        <Step title={t('m.stepRow')} testId="m-rein-step-row">
          <Typography.Text type="secondary">{t('m.scanFirst')}</Typography.Text>
        </Step>
      )}
      {code &&
        (found.isFetching && !found.data ? (
          <Flex justify="center" style={{ padding: 16 }}>
            <Spin />
          </Flex>
        ) : found.data && rows.length === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={t('m.nothingAtLine', { code })}
            data-testid="m-rein-none"
          />
        ) : rows.length > 0 ? (
          <Step title={t('m.stepRow')} testId="m-rein-step-row" ok={!!row}>
            {row ? (
              <Chosen
                testId="m-rein-row"
                main={`${row.materialName} · ${t('m.atLine', { qty: qtyText(row.qty, row.unit) })}`}
                sub={`${row.lineName} · ${row.productCode} ${row.productName}`}
                onChange={rows.length > 1 ? () => choose(null) : undefined}
              />
            ) : (
              <Flex vertical gap={8} data-testid="m-rein-rows">
                {rows.map((r) => (
                  <ChoiceButton
                    key={r.id}
                    testId="m-rein-choice"
                    data={{ 'data-prod-id': String(r.id) }}
                    onClick={() => choose(r)}
                  >
                    <Typography.Text strong>
                      {r.lineName} · {qtyText(r.qty, r.unit)}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                      {r.productCode} {r.productName} · {r.planStartDt} ~ {r.planEndDt}
                    </Typography.Text>
                  </ChoiceButton>
                ))}
              </Flex>
            )}
          </Step>
        ) : null)}
      <Step title={t('m.stepQty')} testId="m-rein-step-qty">
        <ConfigProvider componentSize="large">
          <Flex vertical gap={8}>
            {refusal && <Alert type="error" showIcon data-testid="m-rein-refusal" title={errorText(refusal, locale)} />}
            <InputNumber<number>
              ref={qtyRef}
              min={0}
              value={qty}
              onChange={(v) => setQty(v)}
              disabled={!row}
              placeholder={t('m.restockQty')}
              aria-label={t('m.restockQty')}
              inputMode="decimal"
              suffix={row?.unit}
              onPressEnter={() => void submit()}
              style={{ width: '100%', fontSize: 22 }}
              data-testid="m-rein-qty"
            />
            <Input
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              disabled={!row}
              placeholder={t('m.reasonOptional')}
              aria-label={t('m.reasonOptional')}
              maxLength={200}
              data-testid="m-rein-reason"
            />
            <Button
              type="primary"
              size="large"
              block
              disabled={!row}
              loading={saving}
              onClick={() => void submit()}
              data-testid="m-rein-submit"
              style={{ height: 52, fontSize: 17 }}
            >
              {t('actions.restock')}
            </Button>
          </Flex>
        </ConfigProvider>
      </Step>
    </Flex>
  );
}
