import { PLAN_MAX_DAYS, type ProductionPlanTreeNode } from '@eqms/contract';
import { Card, Col, Empty, Row, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUrlState } from '../../../app/url-state.ts';
import { formatDateRange } from '../../../components/inputs/DateRangeField.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { PeriodError, periodOf } from '../../material-stock/components/PeriodField.tsx';
import type { PlanHeader } from '../../production-material/components/PlanPanel.tsx';
import { IssuePlanPanel } from '../components/IssuePlanPanel.tsx';
import { IssuePlanTree } from '../components/IssuePlanTree.tsx';
import { IssueReleasedList } from '../components/IssueReleasedList.tsx';
import { ISSUE_NS } from '../product-issue.locales.ts';
import { useIssuePlanTree } from '../product-issue.queries.ts';

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
 * /production/productStockOutRestock (SPEC §2 "product issue", issue 14): the product-level twin of the material
 * issue screen. The plans of a period by factory and line; a plan's semi-finished products against its BOM (still to
 * release, short in product stock, tracked by lot), its released lots with restock and movements, and the release
 * dialog (a lot of the child product, picked or scanned); a second tab lists the released lots of a period.
 */
export default function ProductStockOutRestockPage() {
  const { t } = useTranslation(ISSUE_NS);
  const defaults = useMemo<State>(() => {
    const today = dayjs().startOf('day');
    // The server's default: today … a week on.
    const week = formatDateRange(today, today.add(7, 'day'));
    return { tab: 'plans', period: week, plan: undefined, lperiod: week, q: undefined, page: 1, size: PAGE_SIZE };
  }, []);
  const [s, set] = useUrlState<State>(defaults);
  const period = periodOf(s.period, PLAN_MAX_DAYS);
  const listPeriod = periodOf(s.lperiod, PLAN_MAX_DAYS);
  // The same query as the tree's (shared cache): the selected plan's line and period for the panel's header.
  const tree = useIssuePlanTree(period.from, period.to, !!period.from && !!period.to);
  const planId = s.plan && /^P\d+$/.test(s.plan) ? Number(s.plan.slice(1)) : null;
  const header = s.plan ? findPlan(tree.data ?? [], s.plan) : null;
  const listArgs = listPeriod.from && listPeriod.to ? { startDt: listPeriod.from, endDt: listPeriod.to, q: s.q } : null;

  return (
    <PageContainer menuName="productStockOutRestock">
      <Tabs
        activeKey={s.tab}
        onChange={(tab) => set({ tab })}
        data-testid="issue-tabs"
        items={[
          {
            key: 'plans',
            label: t('tabs.plans'),
            children: (
              <>
                <PeriodError error={period.error} testId="issue-plan-period-error" />
                <Row gutter={[16, 16]}>
                  <Col xs={24} lg={9} xl={7}>
                    <IssuePlanTree
                      period={s.period}
                      from={period.from}
                      to={period.to}
                      onPeriod={(text) => set({ period: text ?? defaults.period })}
                      selected={s.plan}
                      onSelect={(plan) => set({ plan }, { push: true })}
                    />
                  </Col>
                  <Col xs={24} lg={15} xl={17}>
                    {planId != null ? (
                      <IssuePlanPanel key={planId} planId={planId} header={header} />
                    ) : (
                      <Card>
                        <Empty
                          image={Empty.PRESENTED_IMAGE_SIMPLE}
                          description={t('hints.pickPlan')}
                          data-testid="issue-pick-plan"
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
                <PeriodError error={listPeriod.error} testId="issue-list-period-error" />
                <IssueReleasedList
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
