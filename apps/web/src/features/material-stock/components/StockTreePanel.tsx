import { WarningOutlined } from '@ant-design/icons';
import type { StockTreeNode } from '@eqms/contract';
import { Badge, Card, Flex, Switch, Tabs, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { LOCATION_TYPE_STYLE } from '../../../components/LocationTreeSelect.tsx';
import { ServerTree } from '../../../components/ServerTree.tsx';
import { type StockScope, useStockTree } from '../material-stock.queries.ts';
import { fmtQty } from '../stock-rules.ts';

export type TreeKind = 'location' | 'material';

/** What a node's key selects (keys: L<id>, T<id>, M<id>, M<id>L<id>, M<id>T<id>, G<type>). */
export function scopeOfKey(key: string | undefined): { scope: StockScope; type?: string } {
  if (!key) return { scope: {} };
  let m = /^M(\d+)(?:([LT])(\d+))?$/.exec(key);
  if (m) {
    const scope: StockScope = { materialId: Number(m[1]) };
    if (m[2] === 'L') scope.locationId = Number(m[3]);
    if (m[2] === 'T') scope.toolId = Number(m[3]);
    return { scope };
  }
  m = /^([LT])(\d+)$/.exec(key);
  if (m) return { scope: m[1] === 'L' ? { locationId: Number(m[2]) } : { toolId: Number(m[2]) } };
  m = /^G(.+)$/.exec(key);
  if (m) return { scope: {}, type: m[1] };
  return { scope: {} };
}

function NodeTitle({ node }: { node: StockTreeNode }) {
  const { t } = useTranslation('materialStock');
  const typeLabel = useCodeLabel('MATERIAL_TYPE');
  const unitLabel = useCodeLabel('UNIT');
  const { token } = theme.useToken();
  const icon =
    node.kind === 'LOCATION'
      ? LOCATION_TYPE_STYLE[node.type as keyof typeof LOCATION_TYPE_STYLE]?.icon
      : node.kind === 'TOOL'
        ? LOCATION_TYPE_STYLE.LINE.icon
        : null;
  const name = node.kind === 'TYPE' ? typeLabel(node.type) : node.name;
  return (
    <span data-testid="stock-tree-node" data-key={node.key}>
      {icon && <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{icon}</span>}
      {node.kind === 'MATERIAL' && node.code && (
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
          {node.code}
        </Typography.Text>
      )}
      {name}
      {node.qty != null && (
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
          {fmtQty(node.qty)} {node.unit ? unitLabel(node.unit) : ''}
        </Typography.Text>
      )}
      {node.belowSafety && (
        <Tooltip title={t('totals.belowSafety')}>
          <WarningOutlined
            style={{ color: token.colorError, marginInlineStart: 6 }}
            aria-label={t('totals.belowSafety')}
          />
        </Tooltip>
      )}
      {node.stockCount > 0 && (
        <Badge
          count={node.stockCount}
          color={token.colorTextTertiary}
          overflowCount={9999}
          style={{ marginInlineStart: 6, boxShadow: 'none' }}
        />
      )}
    </span>
  );
}

const stockTitle = (node: StockTreeNode) => <NodeTitle node={node} />;
/** By location the sites are open; by material the tree starts closed. */
const openSites = (sites: StockTreeNode[]) => sites.map((site) => site.key);

function StockTree({
  kind,
  zero,
  selected,
  onSelect,
}: {
  kind: TreeKind;
  zero: boolean;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
}) {
  const { t } = useTranslation('materialStock');
  const tree = useStockTree(kind, zero);
  return (
    <ServerTree
      nodes={tree.data}
      loading={tree.isLoading}
      title={stockTitle}
      emptyText={t('hints.emptyTree')}
      testId={`stock-tree-${kind}`}
      expandedKeys={kind === 'location' ? openSites : undefined}
      selected={selected}
      onSelect={onSelect}
    />
  );
}

/** The left panel: the stock by location and by material, each with "include zero stock". */
export function StockTreePanel({
  kind,
  onKind,
  zero,
  onZero,
  selected,
  onSelect,
}: {
  kind: TreeKind;
  onKind: (k: TreeKind) => void;
  zero: boolean;
  onZero: (z: boolean) => void;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
}) {
  const { t } = useTranslation('materialStock');
  return (
    <Card size="small">
      <Flex align="center" justify="flex-end" gap={6}>
        <Switch
          size="small"
          checked={zero}
          onChange={onZero}
          data-testid="stock-tree-zero"
          aria-label={t('filters.containQtyZero')}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('filters.containQtyZero')}
        </Typography.Text>
      </Flex>
      <Tabs
        activeKey={kind}
        onChange={(k) => onKind(k as TreeKind)}
        data-testid="stock-tree-tabs"
        items={(['location', 'material'] as const).map((k) => ({
          key: k,
          label: t(`tree.${k}`),
          children: <StockTree kind={k} zero={zero} selected={selected} onSelect={onSelect} />,
        }))}
      />
    </Card>
  );
}
