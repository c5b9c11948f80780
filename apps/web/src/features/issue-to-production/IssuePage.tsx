import { PLAN_MAX_DAYS, type ProductionPlanTreeNode } from '@eqms/contract';
import { Card, Col, Empty, Row, Tabs } from 'antd';
import dayjs from 'dayjs';
import { type ComponentType, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../app/url-state.ts';
import { formatDateRange } from '../../components/inputs/DateRangeField.tsx';
import { PageContainer } from '../../components/PageContainer.tsx';
import { PeriodError, periodOf } from '../../components/inputs/PeriodField.tsx';
import type { IssueScreen, PlanHeader, ReleasedListArgs } from './issue-screen.ts';
import { PlanTreePanel } from './PlanTreePanel.tsx';
import type { ReleasedListPageProps } from './ReleasedList.tsx';

const PAGE_SIZE = 50;

type State = {
  tab: string;
  period: string;
  plan: string | undefined;
  lperiod: string;
  q: string | undefined;
  page: number;
  size: number;
};

/** The plan of a tree key (P<id>) with its line's name, found in the tree. */
function findPlan(nodes: readonly ProductionPlanTreeNode[], key: string, line = ''): PlanHeader | null {
  for (const n of nodes) {
    if (n.kind === 'PLAN' && n.key === key) return { startDt: n.startDt, endDt: n.endDt, lineName: line };
    const found = findPlan(n.children, key, n.type === 'LINE' ? n.name : line);
    if (found) return found;
  }
  return null;
}

/**
 * The page of an "issue to production" screen: the plans of a period by factory and line beside the selected plan's
 * panel (the item kind's own), and a second tab with the released list of a period (the item kind's own). The state
 * (tab, periods, plan, search, page) lives in the URL.
 */
export function IssuePage({
  screen,
  usePlanTree,
  PlanPanel,
  ReleasedList,
}: {
  screen: IssueScreen;
  /** The screen's plan tree query (its own endpoint and right). */
  usePlanTree: (
    from: string | undefined,
    to: string | undefined,
    enabled: boolean,
  ) => { data?: ProductionPlanTreeNode[]; isLoading: boolean };
  PlanPanel: ComponentType<{ planId: number; header: PlanHeader | null }>;
  ReleasedList: ComponentType<ReleasedListPageProps>;
}) {
  const { t } = useTranslation(screen.ns);
  const p = screen.testPrefix;
  const defaults = useMemo<State>(() => {
    const today = dayjs().startOf('day');
    // The server's default: today … a week on.
    const week = formatDateRange(today, today.add(7, 'day'));
    return { tab: 'plans', period: week, plan: undefined, lperiod: week, q: undefined, page: 1, size: PAGE_SIZE };
  }, []);
  const [s, set] = useUrlState<State>(defaults);
  const period = periodOf(s.period, PLAN_MAX_DAYS);
  const listPeriod = periodOf(s.lperiod, PLAN_MAX_DAYS);
  // One query for the tree panel and the selected plan's line and period in the panel's header.
  const tree = usePlanTree(period.from, period.to, !!period.from && !!period.to);
  const planId = s.plan && /^P\d+$/.test(s.plan) ? Number(s.plan.slice(1)) : null;
  const header = s.plan ? findPlan(tree.data ?? [], s.plan) : null;
  const listArgs: ReleasedListArgs | null =
    listPeriod.from && listPeriod.to ? { startDt: listPeriod.from, endDt: listPeriod.to, q: s.q } : null;

  return (
    <PageContainer menuName={screen.menuName}>
      <Tabs
        activeKey={s.tab}
        onChange={(tab) => set({ tab })}
        data-testid={`${p}-tabs`}
        items={[
          {
            key: 'plans',
            label: t('tabs.plans'),
            children: (
              <>
                <PeriodError error={period.error} testId={`${p}-plan-period-error`} />
                <Row gutter={[16, 16]}>
                  <Col xs={24} lg={9} xl={7}>
                    <PlanTreePanel
                      screen={screen}
                      tree={tree}
                      period={s.period}
                      onPeriod={(text) => set({ period: text ?? defaults.period })}
                      selected={s.plan}
                      onSelect={(plan) => set({ plan }, { push: true })}
                    />
                  </Col>
                  <Col xs={24} lg={15} xl={17}>
                    {planId != null ? (
                      <PlanPanel key={planId} planId={planId} header={header} />
                    ) : (
                      <Card>
                        <Empty
                          image={Empty.PRESENTED_IMAGE_SIMPLE}
                          description={t('hints.pickPlan')}
                          data-testid={`${p}-pick-plan`}
                        />
                      </Card>
                    )}
                  </Col>
                </Row>
              </>
            ),
          },
          {
            key: 'list',
            label: t('tabs.list'),
            children: (
              <>
                <PeriodError error={listPeriod.error} testId={`${p}-list-period-error`} />
                <ReleasedList
                  args={s.tab === 'list' ? listArgs : null}
                  period={s.lperiod}
                  onPeriod={(text) => set({ lperiod: text ?? defaults.lperiod, page: 1 })}
                  q={s.q}
                  onSearch={(q) => set({ q, page: 1 })}
                  page={s.page}
                  size={s.size}
                  onPage={(page, size) => set({ page, size })}
                />
              </>
            ),
          },
        ]}
      />
    </PageContainer>
  );
}
