import type { ProductStockTreeNode } from '@eqms/contract';
import { Card, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { LOCATION_TYPE_STYLE } from '../../../components/LocationTreeSelect.tsx';
import { ServerTree } from '../../../components/ServerTree.tsx';
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

const stockTitle = (node: ProductStockTreeNode) => <NodeTitle node={node} />;
/** Locations open down to the warehouses; product types show their products. */
const openLocations = (sites: ProductStockTreeNode[]) =>
  sites.flatMap((site) => [site.key, ...site.children.map((f) => f.key)]);
const openTypes = (types: ProductStockTreeNode[]) => types.map((type) => type.key);

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
  return (
    <ServerTree
      nodes={tree.data}
      loading={tree.isLoading}
      title={stockTitle}
      emptyText={t('tree.empty')}
      testId={`prod-tree-${kind}`}
      expandedKeys={kind === 'location' ? openLocations : openTypes}
      selected={selected}
      onSelect={onSelect}
      maxHeight="calc(100vh - 280px)"
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
