import { CalendarOutlined } from '@ant-design/icons';
import { type LocationType, PLAN_MAX_DAYS, type ProductionPlanTreeNode } from '@eqms/contract';
import { Card, Empty, Flex, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../components/inputs/DateRangeField.tsx';
import { LOCATION_TYPE_STYLE } from '../../components/LocationTreeSelect.tsx';
import { fmtQty } from '../material-stock/stock-rules.ts';
import type { IssueScreen } from './issue-screen.ts';

/** MM-DD of this year's days, the full date otherwise (the tree is narrow). */
const shortDay = (day: string | null) =>
  day && day.slice(0, 4) === String(new Date().getFullYear()) ? day.slice(5) : (day ?? '');

function NodeTitle({ node, screen }: { node: ProductionPlanTreeNode; screen: IssueScreen }) {
  const { t } = useTranslation(screen.ns);
  if (node.kind === 'PLAN') {
    return (
      <span data-testid={`${screen.testPrefix}-plan-node`} data-key={node.key} data-code={node.productCode}>
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
    <span data-testid={`${screen.testPrefix}-location-node`} data-key={node.key}>
      {icon && <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{icon}</span>}
      {node.name}
    </span>
  );
}

function toData(nodes: ProductionPlanTreeNode[], screen: IssueScreen): DataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: <NodeTitle node={n} screen={screen} />,
    selectable: n.kind === 'PLAN',
    isLeaf: n.children.length === 0,
    children: n.children.length ? toData(n.children, screen) : undefined,
  }));
}

const keysOf = (nodes: ProductionPlanTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'LOCATION' ? [n.key, ...keysOf(n.children)] : []));

/**
 * The left panel: factories → lines → the plans meeting the period (today … a week on by default). The tree comes
 * from the page, which reads it from the screen's own endpoint (each screen's menu right guards its own tree).
 */
export function PlanTreePanel({
  screen,
  tree,
  period,
  onPeriod,
  selected,
  onSelect,
}: {
  screen: IssueScreen;
  tree: { data?: ProductionPlanTreeNode[]; isLoading: boolean };
  period: string;
  onPeriod: (text: string | undefined) => void;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
}) {
  const { t } = useTranslation(screen.ns);
  const p = screen.testPrefix;
  const data = useMemo(() => toData(tree.data ?? [], screen), [tree.data, screen]);
  const expanded = useMemo(() => keysOf(tree.data ?? []), [tree.data]);
  return (
    <Card size="small" title={t('tree.title')} data-testid={`${p}-plan-tree-panel`}>
      <Flex vertical gap={6} style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">{t('filters.planPeriod')}</Typography.Text>
        <DateRangeField
          testId={`${p}-plan-period`}
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
          data-testid={`${p}-plan-tree-empty`}
        />
      ) : (
        <Tree
          key={expanded.join(',')}
          data-testid={`${p}-plan-tree`}
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
