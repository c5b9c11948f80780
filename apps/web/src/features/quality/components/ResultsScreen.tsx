import {
  JUDGEMENTS,
  type Judgement,
  QUALITY_PERIOD_MAX_DAYS,
  type QualityHold,
  type QualityResult,
} from '@eqms/contract';
import { Badge, Button, Select, Switch, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { type DataColumn, DataTable } from '../../../components/DataTable.tsx';
import { formatDateRange } from '../../../components/inputs/DateRangeField.tsx';
import { PageContainer, useMenuLabel } from '../../../components/PageContainer.tsx';
import { SearchBox } from '../../../components/SearchBox.tsx';
import { PeriodError, PeriodField, periodOf } from '../../../components/inputs/PeriodField.tsx';
import { fmtQty, lastDays } from '../../material-stock/stock-rules.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import { type ResultListArgs, useHolds, useResults } from '../quality.queries.ts';
import { SIDE, type Side } from '../quality-side.ts';
import { HoldStatusTag, holdSubject, JudgementTag } from './cells.tsx';
import { DispositionDialog } from './DispositionDialog.tsx';
import { when } from './HoldPanel.tsx';
import { InspectionDialog } from './InspectionDialog.tsx';
import { type ItemLabel, ItemPick } from './ItemPick.tsx';
import { minutesText } from './MinutesField.tsx';
import { ResultDrawer } from './ResultDrawer.tsx';

const DEFAULT_DAYS = 30;
const PAGE_SIZE = 50;

type State = {
  tab: string;
  period: string;
  itemId: number | undefined;
  judgement: string | undefined;
  stage: string | undefined;
  q: string | undefined;
  page: number;
  size: number;
  closed: string | undefined;
  hq: string | undefined;
  hpage: number;
  hsize: number;
  open: number | undefined;
};

/**
 * /quality/material/result and /quality/product/result: the inspections of a period (server paged), one opened in a
 * drawer, a new inspection, and the holds tab — the held packages or lots with their disposition.
 */
export function ResultsScreen({ side }: { side: Side }) {
  const { t } = useTranslation([QUALITY_NS, 'common']);
  const menu = SIDE[side].resultMenu;
  const menuLabel = useMenuLabel(menu);
  const canCreate = useCan(menu, 'create');
  const canModify = useCan(menu, 'modify');
  const defaults = useMemo<State>(
    () => ({
      tab: 'results',
      period: formatDateRange(...lastDays(DEFAULT_DAYS)),
      itemId: undefined,
      judgement: undefined,
      stage: undefined,
      q: undefined,
      page: 1,
      size: PAGE_SIZE,
      closed: undefined,
      hq: undefined,
      hpage: 1,
      hsize: PAGE_SIZE,
      open: undefined,
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults, { numbers: ['itemId', 'open', 'hpage', 'hsize'] });
  const [picked, setPicked] = useState<ItemLabel | null>(null);
  const [inspecting, setInspecting] = useState(false);
  const [disposing, setDisposing] = useState<QualityHold | null>(null);
  const period = periodOf(s.period, QUALITY_PERIOD_MAX_DAYS);
  const args: ResultListArgs | null = period.error
    ? null
    : {
        startDt: period.from,
        endDt: period.to,
        itemId: s.itemId,
        judgement: s.judgement as Judgement | undefined,
        stage: s.stage as ResultListArgs['stage'],
        q: s.q,
      };
  const results = useResults(side, args, s.page, s.size);
  const holdArgs = { active: s.closed !== 'Y', q: s.hq };
  const holds = useHolds(side, holdArgs, s.hpage, s.hsize);
  const activeHolds = useHolds(side, { active: true }, 1, 1);
  const filter = (patch: Partial<State>) => set({ ...patch, page: 1 });

  const subjectOf = (r: QualityResult) =>
    r.packageId ?? r.lotId ?? (r.operationName ? `${r.operationName} (#${r.dailyPlanId})` : '');
  const columns: DataColumn<QualityResult>[] = [
    { key: 'inspectedAt', title: t('fields.inspectedAt'), width: 140, render: (r) => when(r.inspectedAt) },
    ...(side === 'PRODUCT'
      ? [
          {
            key: 'stage',
            title: t('fields.stage'),
            width: 110,
            render: (r: QualityResult) => t(`stage.${r.stage}`),
          },
        ]
      : []),
    {
      key: 'subject',
      title: t('fields.subjectId'),
      width: 190,
      render: (r) => <Typography.Text strong>{subjectOf(r)}</Typography.Text>,
      exportValue: subjectOf,
    },
    {
      key: 'item',
      title: t('fields.item'),
      width: 200,
      render: (r) =>
        side === 'MATERIAL' ? `${r.materialCode} ${r.materialName}` : `${r.productCode} ${r.productName}`,
    },
    ...(side === 'MATERIAL'
      ? [{ key: 'supplierLot', title: t('fields.supplierLot'), dataIndex: 'supplierLot' as const, width: 120 }]
      : []),
    {
      key: 'items',
      title: t('fields.failedItems'),
      width: 100,
      render: (r) => `${r.failedItemCount} / ${r.itemCount}`,
    },
    {
      key: 'judgement',
      title: t('fields.judgement'),
      width: 120,
      render: (r) => (
        <>
          <JudgementTag value={r.judgement} testId="q-row-judgement" />
          {r.overridden && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('hints.overriddenShort')}
            </Typography.Text>
          )}
        </>
      ),
      exportValue: (r) => t(`judgement.${r.judgement}`),
    },
    {
      key: 'hold',
      title: t('fields.holdStatus'),
      width: 100,
      render: (r) => (r.holdStatus ? <HoldStatusTag status={r.holdStatus} testId="q-row-hold" /> : '-'),
      exportValue: (r) => (r.holdStatus ? t(`holdStatus.${r.holdStatus}`) : ''),
    },
    { key: 'inspector', title: t('fields.inspector'), dataIndex: 'inspectorName', width: 110 },
    {
      key: 'inspectionMinutes',
      title: t('fields.inspectionMinutes'),
      width: 110,
      sorter: (a, b) => (a.inspectionMinutes ?? -1) - (b.inspectionMinutes ?? -1),
      render: (r) => minutesText(r.inspectionMinutes),
      exportValue: (r) => r.inspectionMinutes,
    },
    { key: 'description', title: t('fields.description'), dataIndex: 'description', width: 160 },
  ];

  const holdColumns: DataColumn<QualityHold>[] = [
    { key: 'holdNo', title: t('fields.holdNo'), dataIndex: 'holdNo', width: 90 },
    {
      key: 'subject',
      title: t(`fields.subject.${side === 'MATERIAL' ? 'MATERIAL_STOCK' : 'LOT'}`),
      width: 190,
      render: (h) => <Typography.Text strong>{holdSubject(h).id}</Typography.Text>,
      exportValue: (h) => holdSubject(h).id,
    },
    { key: 'item', title: t('fields.item'), width: 200, render: (h) => holdSubject(h).item },
    {
      key: 'stockQty',
      title: t('fields.stockQty'),
      width: 100,
      render: (h) => fmtQty(h.stockQty),
      exportValue: (h) => h.stockQty,
    },
    {
      key: 'status',
      title: t('fields.holdStatus'),
      width: 100,
      render: (h) => <HoldStatusTag status={h.status} testId="q-hold-status" />,
      exportValue: (h) => t(`holdStatus.${h.status}`),
    },
    {
      key: 'opened',
      title: t('fields.opened'),
      width: 170,
      render: (h) => `${h.openedBy ?? '-'} · ${when(h.openedAt)}`,
    },
    {
      key: 'last',
      title: t('fields.lastDisposition'),
      width: 200,
      render: (h) => {
        const d = h.dispositions.at(-1);
        return d ? `${t(`disposition.${d.disposition}`)}: ${d.reason}` : '-';
      },
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      width: 170,
      fixed: 'right',
      filter: false,
      render: (h) => (
        <span style={{ display: 'inline-flex', gap: 4 }}>
          <Button
            size="small"
            data-testid={`q-hold-result-${h.id}`}
            onClick={(e) => {
              e.stopPropagation();
              set({ open: h.resultId });
            }}
          >
            {t('actions.openResult')}
          </Button>
          {canModify && h.status !== 'CLOSED' && (
            <Button
              size="small"
              type="primary"
              danger
              data-testid={`q-hold-dispose-${h.id}`}
              onClick={(e) => {
                e.stopPropagation();
                setDisposing(h);
              }}
            >
              {t('actions.dispose')}
            </Button>
          )}
        </span>
      ),
    },
  ];

  const resultsTab = (
    <>
      <PeriodError error={period.error} testId="q-period-error" />
      <DataTable<QualityResult>
        testId="q-results"
        rowKey="id"
        columns={columns}
        data={results.data?.data}
        loading={results.isFetching}
        onRowClick={(r) => set({ open: r.id })}
        activeRowKey={s.open ?? null}
        exportName={menuLabel}
        pagination={{
          page: s.page,
          size: s.size,
          total: results.data?.total ?? 0,
          onChange: (page, size) => set({ page, size }),
        }}
        toolbar={
          <>
            <PeriodField
              testId="q-period"
              value={s.period}
              onChange={(p) => filter({ period: p ?? defaults.period })}
            />
            <ItemPick
              side={side}
              testId="q-filter-item"
              value={s.itemId}
              current={picked}
              placeholder={t(`filters.all.${side}`)}
              onChange={(i) => {
                setPicked(i);
                filter({ itemId: i?.id });
              }}
              style={{ width: 220 }}
            />
            {side === 'PRODUCT' && (
              <Select
                data-testid="q-filter-stage"
                aria-label={t('filters.allStages')}
                placeholder={t('filters.allStages')}
                allowClear
                value={s.stage}
                onChange={(stage) => filter({ stage })}
                options={['IN_PROCESS', 'FINAL'].map((v) => ({ value: v, label: t(`stage.${v}`) }))}
                style={{ width: 140 }}
              />
            )}
            <Select
              data-testid="q-filter-judgement"
              aria-label={t('filters.allJudgements')}
              placeholder={t('filters.allJudgements')}
              allowClear
              value={s.judgement}
              onChange={(judgement) => filter({ judgement })}
              options={JUDGEMENTS.map((v) => ({ value: v, label: t(`judgement.${v}`) }))}
              style={{ width: 130 }}
            />
            <SearchBox
              testId="q-search"
              placeholder={t(`filters.search.${side}`)}
              value={s.q}
              onSearch={(q) => filter({ q })}
              style={{ width: 200 }}
            />
          </>
        }
      />
    </>
  );

  const holdsTab = (
    <DataTable<QualityHold>
      testId="q-holds"
      urlKey="h"
      rowKey="id"
      columns={holdColumns}
      data={holds.data?.data}
      loading={holds.isFetching}
      exportName={`${menuLabel} ${t('tabs.holds')}`}
      pagination={{
        page: s.hpage,
        size: s.hsize,
        total: holds.data?.total ?? 0,
        onChange: (hpage, hsize) => set({ hpage, hsize }),
      }}
      toolbar={
        <>
          <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}>
            <Switch
              data-testid="q-holds-closed"
              aria-label={t('filters.withClosed')}
              checked={s.closed === 'Y'}
              onChange={(on) => set({ closed: on ? 'Y' : undefined, hpage: 1 })}
            />
            <Typography.Text>{t('filters.withClosed')}</Typography.Text>
          </span>
          <SearchBox
            testId="q-holds-search"
            placeholder={t(`filters.search.${side}`)}
            value={s.hq}
            onSearch={(hq) => set({ hq, hpage: 1 })}
            style={{ width: 200 }}
          />
        </>
      }
    />
  );

  return (
    <PageContainer
      menuName={menu}
      extra={
        canCreate && (
          <Button type="primary" data-testid="q-inspect-open" onClick={() => setInspecting(true)}>
            {t('actions.inspect')}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={s.tab}
        onChange={(tab) => set({ tab })}
        data-testid="q-tabs"
        items={[
          { key: 'results', label: t('tabs.results'), children: resultsTab },
          {
            key: 'holds',
            label: (
              <span data-testid="q-tab-holds">
                {t('tabs.holds')}{' '}
                <Badge count={activeHolds.data?.total ?? 0} size="small" data-testid="q-holds-count" />
              </span>
            ),
            children: holdsTab,
          },
        ]}
      />
      <ResultDrawer
        side={side}
        id={s.open ?? null}
        onClose={() => set({ open: undefined })}
        onDispose={canModify ? setDisposing : undefined}
        canEditTime={canModify}
      />
      <InspectionDialog
        side={side}
        open={inspecting}
        onClose={() => setInspecting(false)}
        onSaved={(id) => set({ open: id })}
      />
      <DispositionDialog side={side} hold={disposing} onClose={() => setDisposing(null)} />
    </PageContainer>
  );
}
