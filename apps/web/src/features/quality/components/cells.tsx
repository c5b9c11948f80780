import type { HoldStatus, QualityHold } from '@eqms/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { QUALITY_NS } from '../quality.locales.ts';
import type { Live } from '../inspection-grid.ts';

const JUDGEMENT_COLOR: Record<Live, string> = { PASS: 'success', FAIL: 'error', PENDING: 'default' };
const HOLD_COLOR: Record<HoldStatus, string> = { OPEN: 'error', REWORK: 'warning', CLOSED: 'default' };

/** A judgement (or the live one, still pending) as a green / red tag. */
export function JudgementTag({ value, testId }: { value: Live; testId?: string }) {
  const { t } = useTranslation(QUALITY_NS);
  return (
    <Tag color={JUDGEMENT_COLOR[value]} data-testid={testId} data-judgement={value}>
      {t(`judgement.${value}`)}
    </Tag>
  );
}

export function HoldStatusTag({ status, testId }: { status: HoldStatus; testId?: string }) {
  const { t } = useTranslation(QUALITY_NS);
  return (
    <Tag color={HOLD_COLOR[status]} data-testid={testId} data-status={status}>
      {t(`holdStatus.${status}`)}
    </Tag>
  );
}

/** What a hold holds: the package or the lot, with its material or product. */
export function holdSubject(h: QualityHold) {
  return h.subject === 'MATERIAL_STOCK'
    ? { id: h.packageId ?? '', item: `${h.materialCode} ${h.materialName}` }
    : { id: h.lotId ?? '', item: `${h.productCode} ${h.productName}` };
}
