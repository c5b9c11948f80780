import { HISTORY_MAX_DAYS, HISTORY_TABLE_MENUS, type HistoryEntry } from '@eqms/contract';
import { Alert, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import {
  DateRangeField,
  dateRangeDays,
  formatDateRange,
  parseDateRange,
} from '../../../components/inputs/DateRangeField.tsx';
import { ruleText } from '../../../components/inputs/rule-text.ts';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { ChangedFieldsSummary, formatRevisionDate, RevisionTypeTag } from '../../../components/RevisionDiff.tsx';
import { registerLocales } from '../../../i18n/index.ts';
import { RevisionDetail } from '../components/RevisionDetail.tsx';
import { useHistoryList } from '../history.queries.ts';
import { TABLE_NAME, tableLabel } from '../history-tables.ts';
import en from '../locales/en.json';
import kr from '../locales/kr.json';

registerLocales('history', { kr, en });

// SPEC §2 /admin/history: the change history by period and service (table), paged on the server, newest first;
// a revision opens field by field.

const DEFAULT_DAYS = 7;
const PAGE_SIZE = 50;

function lastDays(days: number): string {
  const today = dayjs().startOf('day');
  return formatDateRange(today.subtract(days - 1, 'day'), today);
}

export default function HistoryPage() {
  const { t } = useTranslation(['history', 'common']);
  const locale = useAppStore((s) => s.locale);
  const menuLabel = useMenuLabel('history');
  const defaults = useMemo(() => ({ period: lastDays(DEFAULT_DAYS), service: '', page: 1, size: PAGE_SIZE }), []);
  const [state, setState] = useUrlState(defaults);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<HistoryEntry | null>(null);

  const parts = parseDateRange(state.period);
  const days = parts ? dateRangeDays(parts[0], parts[1]) : 0;
  const periodError = !parts
    ? ruleText('dateRange')
    : days < 1
      ? ruleText('periodOrder')
      : days > HISTORY_MAX_DAYS
        ? ruleText('periodMax', { days: HISTORY_MAX_DAYS })
        : null;
  const service = TABLE_NAME.test(state.service) ? state.service : undefined;
  const list = useHistoryList(
    parts && !periodError ? { from: parts[0], to: parts[1], service, page: state.page, size: state.size } : null,
  );

  // The known tables, plus the typed one (any audited table can be looked up) and the one in the URL.
  const serviceOptions = useMemo(() => {
    const tables = Object.keys(HISTORY_TABLE_MENUS);
    const extra = [service, TABLE_NAME.test(search) ? search : undefined].filter(
      (x): x is string => !!x && !tables.includes(x),
    );
    return [
      ...tables.map((table) => ({ value: table, label: tableLabel(table, locale) })),
      ...[...new Set(extra)].map((table) => ({ value: table, label: t('useTable', { table }) })),
    ];
  }, [service, search, locale, t]);

  const columns: DataColumn<HistoryEntry>[] = [
    { key: 'revisionId', title: t('columns.revisionId'), dataIndex: 'revisionId', width: 90, sorter: true },
    {
      key: 'revisionDate',
      title: t('columns.revisionDate'),
      width: 170,
      render: (r) => formatRevisionDate(r.revisionDate),
      sorter: (a, b) => a.revisionId - b.revisionId,
    },
    {
      key: 'revisionType',
      title: t('columns.revisionType'),
      width: 80,
      render: (r) => <RevisionTypeTag type={r.revisionType} />,
      sorter: true,
    },
    {
      key: 'table',
      title: t('columns.service'),
      width: 190,
      render: (r) => tableLabel(r.table, locale),
      sorter: true,
    },
    {
      key: 'rowId',
      title: t('columns.rowId'),
      dataIndex: 'rowId',
      width: 90,
      sorter: true,
      render: (r) => <span data-testid="history-row-id">{r.rowId}</span>,
    },
    { key: 'updateBy', title: t('columns.updateBy'), dataIndex: 'updateBy', width: 110, sorter: true },
    {
      key: 'changedFields',
      title: t('columns.changedFields'),
      width: 260,
      render: (r) => <ChangedFieldsSummary entry={r} />,
      exportValue: (r) => r.changedFields.join(', '),
    },
  ];

  return (
    <PageContainer menuName="history">
      {periodError && (
        <Alert
          type="warning"
          showIcon
          title={periodError}
          style={{ marginBottom: 16 }}
          data-testid="history-period-error"
        />
      )}
      <DataTable<HistoryEntry>
        testId="history-table"
        rowKey="revisionId"
        columns={columns}
        data={list.data?.data}
        loading={list.isFetching}
        exportName={menuLabel}
        onRowClick={setSelected}
        activeRowKey={selected?.revisionId ?? null}
        pagination={{
          page: state.page,
          size: state.size,
          total: list.data?.total ?? 0,
          onChange: (page, size) => setState({ page, size }),
        }}
        toolbar={
          <>
            <Typography.Text type="secondary">{t('period')}</Typography.Text>
            <DateRangeField
              testId="history-period"
              value={state.period}
              onChange={(text) => setState({ period: text ?? defaults.period, page: 1 })}
              maxDays={HISTORY_MAX_DAYS}
              allowClear={false}
              style={{ width: 260 }}
            />
            <Select
              data-testid="history-service"
              aria-label={t('service')}
              allowClear
              showSearch={{ onSearch: setSearch, optionFilterProp: 'label' }}
              placeholder={t('allServices')}
              value={service}
              onChange={(value?: string) => {
                setSearch('');
                setState({ service: value ?? '', page: 1 });
              }}
              options={serviceOptions}
              style={{ width: 240 }}
            />
          </>
        }
      />
      <RevisionDetail entry={selected} onClose={() => setSelected(null)} />
    </PageContainer>
  );
}
