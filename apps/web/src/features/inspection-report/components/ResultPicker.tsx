import type { inspectionReportEndpoints, QualityResult } from '@eqms/contract';
import { Select, Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { INSPECTION_REPORT_NS } from '../inspection-report.locales.ts';
import { useReportResults } from '../inspection-report.queries.ts';

const when = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

/** A result as one line of the picker: number, stage, time, lot or operation, inspector and judgement. */
export function useResultLabel() {
  const { t } = useTranslation(INSPECTION_REPORT_NS);
  return (r: QualityResult) =>
    `#${r.id} · ${t(`stage.${r.stage}`)} · ${when(r.inspectedAt)} · ${r.lotId ?? r.operationName ?? '-'} · ${
      r.inspectorName
    } · ${t(`judgement.${r.judgement}`)}`;
}

type Props = {
  /** The screen's own pick-list endpoint (each screen's menu right covers it). */
  endpoint: typeof inspectionReportEndpoints.results;
  productId: number | null | undefined;
  lotId: string | null | undefined;
  testId: string;
  id?: string;
} & (
  | { multiple: true; value?: number[]; onChange?: (v: number[]) => void }
  | { multiple?: false; value?: number | null; onChange?: (v: number | null) => void }
);

/** The product quality results a report is built from: one or several, of the picked product (and lot). */
export function ResultPicker(props: Props) {
  const { t } = useTranslation(INSPECTION_REPORT_NS);
  const label = useResultLabel();
  const results = useReportResults(props.endpoint, props.productId, props.lotId);
  const options = (results.data ?? []).map((r) => ({
    value: r.id,
    label: label(r),
    judgement: r.judgement,
  }));
  const common = {
    id: props.id,
    'data-testid': props.testId,
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    loading: results.isFetching,
    disabled: props.productId == null,
    placeholder: props.productId == null ? t('hints.pickProduct') : undefined,
    notFoundContent: t('hints.noResults'),
    options,
    optionRender: (o: { data: { label?: unknown; judgement?: unknown } }) => (
      <span>
        <Tag color={o.data.judgement === 'FAIL' ? 'red' : 'green'}>{t(`judgement.${String(o.data.judgement)}`)}</Tag>
        {String(o.data.label)}
      </span>
    ),
  };
  return props.multiple ? (
    <Select<number[]> mode="multiple" {...common} value={props.value} onChange={(v) => props.onChange?.(v ?? [])} />
  ) : (
    <Select<number> {...common} value={props.value ?? undefined} onChange={(v) => props.onChange?.(v ?? null)} />
  );
}
