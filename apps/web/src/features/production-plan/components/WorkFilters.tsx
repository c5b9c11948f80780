import { WORK_STATUSES } from '@eqms/contract';
import { Select, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { DateRangeField } from '../../../components/inputs/DateRangeField.tsx';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';

export type WorkFilterValues = { period: string; q?: string; locationId?: number; status?: string };

/**
 * The filters of the plan and result lists: period, product text, a site, factory or line, and work statuses (a
 * comma list in the URL). `testId` prefixes each control (`<testId>-period`, `-search`, `-location`, `-status-filter`);
 * `t` answers filters.period/search/location/status and status.<WORK_STATUS> in the caller's namespace.
 */
export function WorkFilters({
  testId,
  t,
  value,
  defaultPeriod,
  maxDays,
  onFilter,
}: {
  testId: string;
  t: TFunction;
  value: WorkFilterValues;
  defaultPeriod: string;
  maxDays?: number;
  onFilter: (patch: Partial<WorkFilterValues>) => void;
}) {
  return (
    <>
      <Typography.Text type="secondary">{t('filters.period')}</Typography.Text>
      <DateRangeField
        testId={`${testId}-period`}
        value={value.period}
        onChange={(p) => onFilter({ period: p ?? defaultPeriod })}
        maxDays={maxDays}
        allowClear={false}
        style={{ width: 250 }}
      />
      <SearchBox
        testId={`${testId}-search`}
        placeholder={t('filters.search')}
        value={value.q}
        onSearch={(q) => onFilter({ q })}
        style={{ width: 220 }}
      />
      <div style={{ width: 200 }}>
        <LocationTreeSelect
          testId={`${testId}-location`}
          typeUntils={['LINE']}
          selectableTypes={['SITE', 'FACTORY', 'LINE']}
          placeholder={t('filters.location')}
          value={value.locationId ?? null}
          onChange={(id) => onFilter({ locationId: id ?? undefined })}
        />
      </div>
      <Select<string[]>
        mode="multiple"
        data-testid={`${testId}-status-filter`}
        aria-label={t('filters.status')}
        placeholder={t('filters.status')}
        allowClear
        value={value.status ? value.status.split(',') : []}
        onChange={(v) => onFilter({ status: v.join(',') || undefined })}
        options={WORK_STATUSES.map((st) => ({ value: st, label: t(`status.${st}`) }))}
        style={{ minWidth: 150, maxWidth: 320 }}
      />
    </>
  );
}
