import { AppstoreOutlined, CalendarOutlined, InboxOutlined } from '@ant-design/icons';
import { LOT_DAILY_TREE_MAX_DAYS, type LotTreeNode } from '@eqms/contract';
import { Alert, Card, Empty, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { LOT_NS } from '../lot-report.locales.ts';
import { useDailyPlanTree, useProdPlanTree } from '../lot-report.queries.ts';
import { dailyTreeFits, graftDailyPlans, productKeys } from '../lot-report.rules.ts';
import { StatusTag } from './StatusTag.tsx';

const SUB = { fontSize: 12, display: 'block', paddingInlineStart: 20 } as const;

function NodeTitle({ node }: { node: LotTreeNode }) {
  const { t } = useTranslation(LOT_NS);
  const d = node.data;
  if (d.kind === 'PRODUCT')
    return (
      <span data-testid="lot-tree-product" data-key={node.key}>
        <AppstoreOutlined style={{ opacity: 0.6, marginInlineEnd: 6 }} />
        {node.title}
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
          {t('tree.product', { count: d.lotCount, good: fmtQty(d.goodQty) })}
        </Typography.Text>
      </span>
    );
  if (d.kind === 'PLAN')
    return (
      <span data-testid="lot-tree-plan" data-key={node.key} data-lot-id={d.lotId}>
        <InboxOutlined style={{ opacity: 0.6, marginInlineEnd: 6 }} />
        <Typography.Text strong>{node.title}</Typography.Text>
        <Typography.Text type="secondary" style={SUB}>
          {t('tree.plan', {
            from: d.startDt,
            to: d.endDt,
            line: d.lineName,
            good: fmtQty(d.goodQty),
            bad: fmtQty(d.badQty),
          })}
        </Typography.Text>
      </span>
    );
  return (
    <span data-testid="lot-tree-daily" data-key={node.key}>
      <CalendarOutlined style={{ opacity: 0.6, marginInlineEnd: 6 }} />
      {node.title} <StatusTag status={d.status} />
      <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
        {t('tree.daily', { target: fmtQty(d.targetQty), good: fmtQty(d.goodQty), bad: fmtQty(d.badQty) })}
      </Typography.Text>
    </span>
  );
}

function toData(nodes: LotTreeNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: <NodeTitle node={n} />,
    selectable: n.data.kind === 'PLAN',
    isLeaf: n.children.length === 0,
    children: n.children.length ? toData(n.children) : undefined,
  }));
}

/**
 * The plan tree of a period: products → production plans (their lots) from /lot/tree/prod-plans, each plan with its
 * daily plans from /lot/tree/daily-plans (grafted by the plans' shared keys) when the period is short enough for it.
 * Selecting a lot opens its panel.
 */
export function LotTreePanel({
  from,
  to,
  selectedLotId,
  onSelect,
}: {
  from: string | undefined;
  to: string | undefined;
  selectedLotId: string | null;
  onSelect: (lotId: string) => void;
}) {
  const { t } = useTranslation(LOT_NS);
  const withDaily = dailyTreeFits(from, to);
  const products = useProdPlanTree(from, to, true);
  const plans = useDailyPlanTree(from, to, withDaily);
  const nodes = useMemo(
    () => graftDailyPlans(products.data ?? [], withDaily ? plans.data : undefined),
    [products.data, plans.data, withDaily],
  );
  const data = useMemo(() => toData(nodes), [nodes]);
  const expanded = useMemo(() => productKeys(nodes), [nodes]);
  const selectedKey = useMemo(() => {
    for (const p of nodes)
      for (const plan of p.children)
        if (plan.data.kind === 'PLAN' && plan.data.lotId === selectedLotId) return plan.key;
    return null;
  }, [nodes, selectedLotId]);
  const lotOfKey = (key: string) => {
    for (const p of nodes)
      for (const plan of p.children) if (plan.key === key && plan.data.kind === 'PLAN') return plan.data.lotId;
    return null;
  };
  return (
    <Card size="small" data-testid="lot-tree-panel">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('hints.treeHelp')}
      </Typography.Paragraph>
      {!withDaily && from && to && (
        <Alert
          type="info"
          showIcon
          title={t('hints.dailyTreeTooLong', { days: LOT_DAILY_TREE_MAX_DAYS })}
          style={{ marginBottom: 12 }}
          data-testid="lot-tree-too-long"
        />
      )}
      {products.isLoading || (withDaily && plans.isLoading) ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : !data.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noTree')} data-testid="lot-tree-empty" />
      ) : (
        <Tree
          key={expanded.join(',')}
          data-testid="lot-tree"
          showLine
          blockNode
          defaultExpandedKeys={expanded}
          treeData={data}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(_, info) => {
            const lotId = lotOfKey(String(info.node.key));
            if (lotId) onSelect(lotId);
          }}
          style={{ maxHeight: 'calc(100vh - 330px)', minHeight: 240, overflow: 'auto' }}
        />
      )}
    </Card>
  );
}
