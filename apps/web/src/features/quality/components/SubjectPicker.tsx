import { Segmented, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BarcodeInput } from '../../../components/inputs/index.ts';
import { fmtQty, lastDays } from '../../material-stock/stock-rules.ts';
import { useResults as useProductionResults } from '../../production-result/production-result.queries.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import type { Subject } from '../quality.queries.ts';
import type { Side } from '../quality-side.ts';

/** Production results (daily plans) of the last week: what an in-process inspection can inspect. */
const RESULT_DAYS = 7;

/** Today's and the last week's production results, narrowed by typed product or operation. */
function ProductionResultSelect({ onPick }: { onPick: (dailyPlanId: number) => void }) {
  const { t } = useTranslation(QUALITY_NS);
  const [term, setTerm] = useState('');
  const [sent, setSent] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSent(term), 250);
    return () => clearTimeout(timer);
  }, [term]);
  const [startDt, endDt] = lastDays(RESULT_DAYS);
  const found = useProductionResults({ startDt, endDt, q: sent || undefined }, 1, 50);
  const rows = (found.data?.data ?? []).filter((r) => r.goodQty + r.badQty > 0 || r.status !== 'PLAN_COMPLETED');
  return (
    <Select<number>
      data-testid="q-inspect-daily-plan"
      aria-label={t('hints.pickResult')}
      placeholder={t('hints.pickResult')}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? undefined : t('hints.noResults')}
      onChange={(v) => v != null && onPick(v)}
      options={rows.map((r) => ({
        value: r.id,
        label: t('hints.resultOption', {
          day: r.day,
          product: `${r.productCode} ${r.productName}`,
          operation: `${r.seq}. ${r.operationName}`,
          line: r.lineName,
          good: fmtQty(r.goodQty),
        }),
      }))}
      style={{ width: '100%' }}
    />
  );
}

/**
 * What to inspect: a scanned (or typed) package ID for a material; for a product, a LOT ID (final inspection) or a
 * production result (in-process, at its operation).
 */
export function SubjectPicker({ side, onPick }: { side: Side; onPick: (s: Subject) => void }) {
  const { t } = useTranslation(QUALITY_NS);
  const [stage, setStage] = useState<'FINAL' | 'IN_PROCESS'>('FINAL');
  if (side === 'MATERIAL')
    return (
      <BarcodeInput
        testId="q-inspect-scan"
        autoFocus
        manual
        manualSwitch={false}
        placeholder={t('hints.scanPackage')}
        onScan={(packageId) => onPick({ packageId })}
      />
    );
  return (
    <>
      <Segmented
        data-testid="q-inspect-stage"
        value={stage}
        onChange={(v) => setStage(v as 'FINAL' | 'IN_PROCESS')}
        options={(['FINAL', 'IN_PROCESS'] as const).map((s) => ({ value: s, label: t(`stage.${s}`) }))}
        style={{ marginBottom: 8 }}
      />
      {stage === 'FINAL' ? (
        <BarcodeInput
          testId="q-inspect-scan"
          autoFocus
          manual
          manualSwitch={false}
          placeholder={t('hints.scanLot')}
          onScan={(lotId) => onPick({ lotId })}
        />
      ) : (
        <ProductionResultSelect onPick={(dailyPlanId) => onPick({ dailyPlanId })} />
      )}
    </>
  );
}
