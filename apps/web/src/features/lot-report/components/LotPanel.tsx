import type { Lot } from '@eqms/contract';
import { Descriptions, Drawer, Empty, Grid, Skeleton, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { LOT_NS } from '../lot-report.locales.ts';
import { useLot } from '../lot-report.queries.ts';
import { ExpiryCell } from './ExpiryCell.tsx';
import { LotDailyPlans } from './LotDailyPlans.tsx';
import { LotMaterials } from './LotMaterials.tsx';

export type LotTab = 'daily' | 'materials';
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** The lot's facts: product, plan and line, day and expiry, what was made, and what is in stock where. */
function LotFacts({ lot }: { lot: Lot }) {
  const { t } = useTranslation(LOT_NS);
  const unitLabel = useCodeLabel('UNIT');
  const unit = unitLabel(lot.unit);
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} data-testid="lot-facts" style={{ marginBottom: 8 }}>
      <Descriptions.Item label={t('fields.product')}>
        {lot.productCode} · {lot.productName}
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.line')}>{lot.lineName ?? '-'}</Descriptions.Item>
      <Descriptions.Item label={t('fields.day')}>{lot.day}</Descriptions.Item>
      <Descriptions.Item label={t('fields.expiryDate')}>
        <ExpiryCell lot={lot} />
      </Descriptions.Item>
      {lot.planId != null && (
        <Descriptions.Item label={t('fields.plan')}>
          <span style={NOWRAP}>
            {lot.planStartDt} ~ {lot.planEndDt} · {fmtQty(lot.planQty)} {unit}
          </span>
        </Descriptions.Item>
      )}
      <Descriptions.Item label={`${t('fields.goodQty')} / ${t('fields.badQty')}`}>
        <span style={NOWRAP} data-testid="lot-facts-made">
          {fmtQty(lot.goodQty)} / {fmtQty(lot.badQty)} {unit}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={`${t('fields.stockQty')} / ${t('fields.disposedQty')}`}>
        <span style={NOWRAP} data-testid="lot-facts-stock">
          {fmtQty(lot.stockQty)} / {fmtQty(lot.disposedQty)} {unit}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('fields.shelves')}>
        {lot.shelves?.length ? lot.shelves.map((s) => `${s.path} (${fmtQty(s.qty)})`).join(', ') : '-'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * A lot's side panel: its facts, then two tabs — the daily plans and results that made it, and the material lots it
 * consumed (backward genealogy). Opened by LOT ID (a list row, a tree node or a link).
 */
export function LotPanel({
  lotId,
  tab,
  onTab,
  onClose,
}: {
  lotId: string | null;
  tab: LotTab;
  onTab: (tab: LotTab) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(LOT_NS);
  const screens = Grid.useBreakpoint();
  const lot = useLot(lotId);
  const l = lot.data;
  const handLot = l ? l.planId == null : false;
  return (
    <Drawer
      open={lotId !== null}
      onClose={onClose}
      size={screens.xl ? 1000 : screens.lg ? 880 : '100%'}
      data-testid="lot-panel"
      title={<span data-testid="lot-panel-title">{t('titles.lot', { lotId: l?.lotId ?? lotId ?? '' })}</span>}
      destroyOnHidden
    >
      {lot.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : !l ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('hints.lotNotFound', { lotId: lotId ?? '' })}
          data-testid="lot-not-found"
        />
      ) : (
        <>
          <LotFacts lot={l} />
          <Tabs
            activeKey={tab}
            onChange={(k) => onTab(k as LotTab)}
            data-testid="lot-panel-tabs"
            items={[
              {
                key: 'daily',
                label: t('tabs.dailyPlans'),
                children: <LotDailyPlans lotRowId={l.id} handLot={handLot} />,
              },
              {
                key: 'materials',
                label: t('tabs.materials'),
                children: <LotMaterials lotRowId={l.id} handLot={handLot} />,
              },
            ]}
          />
          {l.description && <Typography.Paragraph type="secondary">{l.description}</Typography.Paragraph>}
        </>
      )}
    </Drawer>
  );
}
