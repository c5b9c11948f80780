import type { CcpMonitoring, Signature } from '@eqms/contract';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';

/** A record's measured value with its unit, or pass/fail. */
export const valueText = (r: CcpMonitoring, t: TFunction) =>
  r.limitKind === 'PASS_FAIL'
    ? r.passed
      ? t('values.pass')
      : t('values.fail')
    : `${r.measuredValue ?? ''} ${r.unit ?? ''}`.trim();

/** The critical limits the record was judged by. */
export const limitsText = (
  r: { limitKind: string; minValue: number | null; maxValue: number | null; unit: string | null },
  t: TFunction,
) =>
  r.limitKind === 'PASS_FAIL'
    ? t('limitKinds.PASS_FAIL')
    : `${r.minValue ?? ''} ~ ${r.maxValue ?? ''} ${r.unit ?? ''}`.trim();

/** "Performed: name (id) yyyy-MM-dd HH:mm" in the browser's time. */
export const signatureText = (s: Signature, t: TFunction) =>
  `${t(`meanings.${s.meaning}`)}: ${s.username} (${s.userId}) ${dayjs(s.signedAt).format('YYYY-MM-DD HH:mm')}`;
