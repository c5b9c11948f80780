import { CalendarOutlined } from '@ant-design/icons';
import { type LocationType, PLAN_MAX_DAYS, type ProductionPlanTreeNode } from '@eqms/contract';
import { Card, Empty, Flex, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../../components/inputs/DateRangeField.tsx';
import { LOCATION_TYPE_STYLE } from '../../../components/LocationTreeSelect.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { ISSUE_NS } from '../product-issue.locales.ts';
import { useIssuePlanTree } from '../product-issue.queries.ts';

// production-material's tree panel reads its own endpoint (and menu right); this one reads this screen's twin.

/** MM-DD of this year's days, the full date otherwise (the tree is narrow). */
const shortDay = (day: string | null) =>
  day && day.slice(0, 4) === String(new Date().getFullYear()) ? day.slice(5) : (day ?? '');

function NodeTitle({ node }: { node: ProductionPlanTreeNode }) {
  const { t } = useTranslation(ISSUE_NS);
  if (node.kind === 'PLAN') {
    return (
      <span data-testid="issue-plan-node" data-key={node.key} data-code={node.productCode}>
        <CalendarOutlined style={{ opacity: 0.6, marginInlineEnd: 6 }} />
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
          {node.productCode}
        </Typography.Text>
        {node.name}
        <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block', paddingInlineStart: 20 }}>
          {t('tree.planLine', { from: shortDay(node.startDt), to: shortDay(node.endDt), qty: fmtQty(node.qty) })}
        </Typography.Text>
      </span>
    );
  }
  const icon = LOCATION_TYPE_STYLE[node.type as LocationType]?.icon;
  return (
    <span data-testid="issue-location-node" data-key={node.key}>
      {icon && <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{icon}</span>}
      {node.name}
    </span>
  );
}

function toData(nodes: ProductionPlanTreeNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: <NodeTitle node={n} />,
    selectable: n.kind === 'PLAN',
    isLeaf: n.children.length === 0,
    children: n.children.length ? toData(n.children) : undefined,
  }));
}

const keysOf = (nodes: ProductionPlanTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'LOCATION' ? [n.key, ...keysOf(n.children)] : []));

/** The left panel: factories → lines → the plans meeting the period (today … a week on by default). */
export function IssuePlanTree({
  period,
  from,
  to,
  onPeriod,
  selected,
  onSelect,
}: {
  period: string;
  from: string | undefined;
  to: string | undefined;
  onPeriod: (text: string | undefined) => void;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
}) {
  const { t } = useTranslation(ISSUE_NS);
  const tree = useIssuePlanTree(from, to, !!from && !!to);
  const data = useMemo(() => toData(tree.data ?? []), [tree.data]);
  const expanded = useMemo(() => keysOf(tree.data ?? []), [tree.data]);
  return (
    <Card size="small" title={t('tree.title')} data-testid="issue-plan-tree-panel">
      <Flex vertical gap={6} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('filters.planPeriod')}</Typography.Text>
        <DateRangeField
          testId="issue-plan-period"
          value={period}
          onChange={(text) => onPeriod(text ?? undefined)}
          maxDays={PLAN_MAX_DAYS}
          allowClear={false}
        />
      </Flex>
      {tree.isLoading ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : !data.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('hints.noPlans')}
          data-testid="issue-plan-tree-empty"
        />
      ) : (
        <Tree
          key={expanded.join(',')}
          data-testid="issue-plan-tree"
          showLine
          blockNode
          defaultExpandedKeys={expanded}
          treeData={data}
          selectedKeys={selected ? [selected] : []}
          onSelect={(keys) => {
            if (keys.length) onSelect(String(keys[0]));
          }}
          style={{ maxHeight: 'calc(100vh - 330px)', minHeight: 240, overflow: 'auto' }}
        />
      )}
    </Card>
  );
}
