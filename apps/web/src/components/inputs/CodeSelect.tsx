import { codeEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/http.ts';
import { useCodes } from '../../app/codes.ts';
import { INPUTS_NS } from './inputs.locales.ts';

type Single = { mode?: undefined; value?: string | null; onChange?: (code: string | null) => void };
type Multiple = { mode: 'multiple'; value?: string[] | null; onChange?: (codes: string[]) => void };

export type CodeSelectProps = (Single | Multiple) & {
  /** The code category, e.g. EQUIPMENT_TYPE. */
  category: string;
  /**
   * Only codes whose parent is this code (e.g. the sub-types of the chosen type). `null` or '' means the parent is
   * not chosen yet, so nothing is offered; leave it undefined for no filter.
   */
  parentCode?: string | null;
  allowClear?: boolean;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  /** Given by Form.Item, so its label focuses the select. */
  id?: string;
  /** The accessible name where no form label names the select (a filter bar): defaults to the placeholder. */
  'aria-label'?: string;
  style?: CSSProperties;
};

/**
 * A select of one code category fed from the codes cache; labels follow the UI language (codeNameEn in English).
 * The value is the code. Disabled codes are not offered but still show their name when already chosen.
 */
export function CodeSelect(props: CodeSelectProps) {
  const { category, parentCode, allowClear = true, placeholder, disabled, testId = 'code-select', id, style } = props;
  const ariaLabel = props['aria-label'];
  const { t } = useTranslation(INPUTS_NS);
  const codes = useCodes(category);
  const filtered = parentCode !== undefined;
  // The server resolves the parent by its code in any category (GET /code/:category/codes/child-of/:code).
  // Kept under the ['code', 'codes', category] key so the code screen's refresh reloads it as well.
  const children = useQuery({
    queryKey: ['code', 'codes', category, 'child-of', parentCode ?? ''],
    queryFn: ({ signal }) => call(codeEndpoints.childOf, { params: { category, code: parentCode ?? '' }, signal }),
    enabled: filtered && !!parentCode,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const chosen = useMemo(
    () => new Set(props.value == null ? [] : Array.isArray(props.value) ? props.value : [props.value]),
    [props.value],
  );
  const options = useMemo(() => {
    const childIds = filtered ? new Set((children.data ?? []).map((c) => c.id)) : null;
    return codes.options
      .filter((o) => chosen.has(o.value) || ((!childIds || childIds.has(o.item.id)) && !o.disabled))
      .map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }));
  }, [codes.options, children.data, filtered, chosen]);

  const common = {
    'data-testid': testId,
    id,
    options,
    loading: codes.loading || children.isLoading,
    allowClear,
    disabled,
    placeholder: placeholder ?? t('code.placeholder'),
    // Inside a Form.Item its <label for=id> names it; elsewhere the placeholder is all the user sees.
    'aria-label': ariaLabel ?? (id ? undefined : (placeholder ?? t('code.placeholder'))),
    showSearch: { optionFilterProp: 'label' },
    style: { width: '100%', ...style },
  } as const;
  if (props.mode === 'multiple') {
    const { onChange } = props;
    return (
      <Select<string[]> {...common} mode="multiple" value={props.value ?? []} onChange={(v) => onChange?.(v ?? [])} />
    );
  }
  const { onChange } = props;
  return <Select<string> {...common} value={props.value ?? undefined} onChange={(v) => onChange?.(v ?? null)} />;
}
