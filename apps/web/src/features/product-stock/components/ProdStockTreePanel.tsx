import type { ProductStockTreeNode } from '@eqms/contract';
import { Card, Empty, Spin, Tabs, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { LOCATION_TYPE_STYLE } from '../../../components/LocationTreeSelect.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { type TreeFilter, type TreeKind, useProdStockTree } from '../product-stock.queries.ts';
import { PROD_STOCK_NS } from '../product-stock.locales.ts';

function NodeTitle({ node }: { node: ProductStockTreeNode }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const typeLabel = useCodeLabel('PRODUCT_TYPE');
  const unitLabel = useCodeLabel('UNIT');
  const icon =
    node.kind === 'LOCATION' ? LOCATION_TYPE_STYLE[node.type as keyof typeof LOCATION_TYPE_STYLE]?.icon : null;
  const name = node.kind === 'TYPE' ? typeLabel(node.type) : node.name;
  const facts = [
    node.stockCount > 0 && node.unit != null ? `${fmtQty(node.qty)} ${unitLabel(node.unit)}` : null,
    node.kind !== 'LOT' && node.lotCount > 0 ? t('tree.lots', { count: node.lotCount }) : null,
  ].filter(Boolean);
  return (
    <span data-testid="prod-tree-node" data-key={node.key} data-kind={node.kind}>
      {icon && <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{icon}</span>}
      {node.kind === 'PRODUCT' && node.code && (
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
          {node.code}
        </Typography.Text>
      )}
      {name}
      {facts.length > 0 && (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, marginInlineStart: 6, whiteSpace: 'nowrap' }}
          data-testid="prod-tree-facts"
        >
          {facts.join(' · ')}
        </Typography.Text>
      )}
      {node.kind === 'LOT' && node.disposed && (
        <Tag color="red" bordered={false} style={{ marginInlineStart: 6, marginInlineEnd: 0, fontSize: 11 }}>
          {t('disposed.tag')}
        </Tag>
      )}
      {node.moreLots > 0 && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 11 }} data-testid="prod-tree-more">
          {t('tree.moreLots', { count: node.moreLots })}
        </Typography.Text>
      )}
    </span>
  );
}

function toData(nodes: ProductStockTreeNode[]): DataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: <NodeTitle node={n} />,
    isLeaf: n.children.length === 0,
    children: n.children.length ? toData(n.children) : undefined,
  }));
}

function StockTree({
  kind,
  filter,
  selected,
  onSelect,
}: {
  kind: TreeKind;
  filter: TreeFilter;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
}) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const tree = useProdStockTree(kind, filter);
  const data = useMemo(() => toData(tree.data ?? []), [tree.data]);
  if (tree.isLoading)
    return (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
      </div>
    );
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} />;
  // Locations open down to the warehouses; product types show their products.
  const expanded =
    kind === 'location'
      ? (tree.data ?? []).flatMap((site) => [site.key, ...site.children.map((f) => f.key)])
      : (tree.data ?? []).map((type) => type.key);
  return (
    <Tree
      data-testid={`prod-tree-${kind}`}
      showLine
      blockNode
      defaultExpandedKeys={expanded}
      treeData={data}
      selectedKeys={selected ? [selected] : []}
      onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
      style={{ maxHeight: 'calc(100vh - 280px)', minHeight: 240, overflow: 'auto' }}
    />
  );
}

/** The left panel: the stock by location (sites → shelves) or by item (product types → products → lots). */
export function ProdStockTreePanel({
  kind,
  onKind,
  filter,
  selected,
  onSelect,
}: {
  kind: TreeKind;
  onKind: (k: TreeKind) => void;
  filter: TreeFilter;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
}) {
  const { t } = useTranslation(PROD_STOCK_NS);
  return (
    <Card size="small" data-testid="prod-tree-panel">
      <Tabs
        activeKey={kind}
        onChange={(k) => onKind(k as TreeKind)}
        data-testid="prod-tree-tabs"
        items={(['location', 'item'] as const).map((k) => ({
          key: k,
          label: t(`tree.${k}`),
          children: <StockTree kind={k} filter={filter} selected={selected} onSelect={onSelect} />,
        }))}
      />
    </Card>
  );
}
