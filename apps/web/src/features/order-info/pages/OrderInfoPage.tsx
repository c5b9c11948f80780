import { PlusOutlined } from '@ant-design/icons';
import type { Business, OrderProduct } from '@eqms/contract';
import { Button, Col, Empty, Row, Space, Tabs } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { formatDateRange } from '../../../components/inputs/DateRangeField.tsx';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { usePartnersOfType } from '../../material-stock/material-stock.queries.ts';
import { BusinessDetail } from '../components/BusinessDetail.tsx';
import { BusinessDialog } from '../components/BusinessDialog.tsx';
import { BusinessList } from '../components/BusinessList.tsx';
import { CustomerTree, type TreeChoice } from '../components/CustomerTree.tsx';
import { NoProductionList, PeriodList } from '../components/DemandLists.tsx';
import { type LinesTab, OrderLines } from '../components/OrderLines.tsx';
import { PlanDialog, type PlanMade, PlanMadeDialog } from '../components/PlanDialog.tsx';
import { ORDER_INFO_NS } from '../order-info.locales.ts';
import { useOrders } from '../order-info.queries.ts';

type View = 'orders' | 'noProduction' | 'period';
const VIEWS: View[] = ['orders', 'noProduction', 'period'];
const PAGE_SIZE = 50;

type State = {
  view: string;
  partnerId: number | undefined;
  businessId: number | undefined;
  orderId: number | undefined;
  lines: string;
  q: string | undefined;
  page: number;
  size: number;
  npPeriod: string | undefined;
  npPartner: number | undefined;
  npPage: number;
  npSize: number;
  period: string;
  ppPartner: number | undefined;
  ppQ: string | undefined;
  ppPage: number;
  ppSize: number;
};

/** Due dates from a month back to two months on: what is late and what comes next. */
const defaultDuePeriod = () => formatDateRange(dayjs().subtract(1, 'month'), dayjs().add(2, 'month'));

/** The chosen order's lines, once the business's orders are read (an order of another business shows nothing). */
function ChosenOrderLines({
  businessId,
  orderId,
  tab,
  onTab,
  onPlan,
}: {
  businessId: number;
  orderId: number;
  tab: LinesTab;
  onTab: (tab: LinesTab) => void;
  onPlan: (row: OrderProduct) => void;
}) {
  const orders = useOrders(businessId);
  const order = orders.data?.find((o) => o.id === orderId);
  return order ? <OrderLines order={order} tab={tab} onTab={onTab} onPlan={onPlan} /> : null;
}

/**
 * /production/orderInfo (SPEC §2 "orderInfo", issue 14): customers and their businesses on the left; on the right the
 * businesses, or the chosen business with its orders and the chosen order's products and materials. Beside it the
 * order products not yet covered by plans and those due in a period. A planner makes a plan from an order product in
 * one action from any of them.
 */
export default function OrderInfoPage() {
  const { t } = useTranslation([ORDER_INFO_NS, 'common']);
  const canCreate = useCan('orderInfo', 'create');
  const defaults = useMemo<State>(
    () => ({
      view: 'orders',
      partnerId: undefined,
      businessId: undefined,
      orderId: undefined,
      lines: 'products',
      q: undefined,
      page: 1,
      size: PAGE_SIZE,
      npPeriod: undefined,
      npPartner: undefined,
      npPage: 1,
      npSize: PAGE_SIZE,
      period: defaultDuePeriod(),
      ppPartner: undefined,
      ppQ: undefined,
      ppPage: 1,
      ppSize: PAGE_SIZE,
    }),
    [],
  );
  const [s, set] = useUrlState<State>(defaults, {
    numbers: ['partnerId', 'businessId', 'orderId', 'npPartner', 'ppPartner'],
  });
  const view: View = VIEWS.includes(s.view as View) ? (s.view as View) : 'orders';
  const customers = usePartnersOfType('CUSTOMER');
  const partner = s.partnerId != null ? (customers.data?.find((p) => p.id === s.partnerId) ?? null) : null;
  const [editing, setEditing] = useState<Business | 'new' | null>(null);
  const [planRow, setPlanRow] = useState<OrderProduct | null>(null);
  const [made, setMade] = useState<PlanMade | null>(null);

  const choose = (c: TreeChoice) =>
    set({ partnerId: c.partnerId, businessId: c.businessId, orderId: c.orderId, page: 1 }, { push: true });
  const openBusiness = (b: Business) =>
    set({ view: 'orders', partnerId: b.bizPartnerId, businessId: b.id, orderId: undefined }, { push: true });

  const ordersView = (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={7} xl={5}>
        <CustomerTree
          value={{ partnerId: s.partnerId, businessId: s.businessId, orderId: s.orderId }}
          onSelect={choose}
        />
      </Col>
      <Col xs={24} lg={17} xl={19}>
        {s.businessId != null ? (
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <BusinessDetail
              businessId={s.businessId}
              orderId={s.orderId}
              onBack={() => choose({ partnerId: s.partnerId })}
              onEdit={(b) => setEditing(b)}
              onDeleted={() => choose({ partnerId: s.partnerId })}
              onOrder={(orderId) => set({ orderId }, { push: true })}
            />
            {s.orderId != null ? (
              <ChosenOrderLines
                businessId={s.businessId}
                orderId={s.orderId}
                tab={s.lines === 'materials' ? 'materials' : 'products'}
                onTab={(lines) => set({ lines })}
                onPlan={setPlanRow}
              />
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('hints.chooseOrder')}
                data-testid="order-lines-empty"
              />
            )}
          </Space>
        ) : (
          <BusinessList
            partner={partner}
            q={s.q}
            page={s.page}
            size={s.size}
            onFilter={(patch) => set(patch)}
            onOpen={openBusiness}
            onEdit={(b) => setEditing(b)}
            onClearPartner={() => choose({})}
          />
        )}
      </Col>
    </Row>
  );

  return (
    <PageContainer
      menuName="orderInfo"
      extra={
        canCreate && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            data-testid="business-create"
            onClick={() => setEditing('new')}
          >
            {t('actions.createBusiness')}
          </Button>
        )
      }
    >
      <Tabs
        data-testid="order-info-tabs"
        activeKey={view}
        onChange={(k) => set({ view: k }, { push: true })}
        items={[
          { key: 'orders', label: t('tabs.orders'), children: ordersView },
          {
            key: 'noProduction',
            label: t('tabs.noProduction'),
            children: (
              <NoProductionList
                value={{ npPeriod: s.npPeriod, npPartner: s.npPartner, npPage: s.npPage, npSize: s.npSize }}
                onFilter={(patch) => set(patch)}
                onPlan={setPlanRow}
              />
            ),
          },
          {
            key: 'period',
            label: t('tabs.period'),
            children: (
              <PeriodList
                value={{ period: s.period, ppPartner: s.ppPartner, ppQ: s.ppQ, ppPage: s.ppPage, ppSize: s.ppSize }}
                defaultPeriod={defaults.period}
                onFilter={(patch) => set(patch)}
                onPlan={setPlanRow}
              />
            ),
          },
        ]}
      />
      <BusinessDialog
        open={editing !== null}
        business={editing === 'new' ? null : editing}
        partnerId={s.partnerId}
        onClose={() => setEditing(null)}
        onSaved={(b) => {
          if (editing === 'new' || s.businessId === b.id) openBusiness(b);
        }}
      />
      <PlanDialog row={planRow} onClose={() => setPlanRow(null)} onPlanned={setMade} />
      <PlanMadeDialog made={made} onClose={() => setMade(null)} />
    </PageContainer>
  );
}
