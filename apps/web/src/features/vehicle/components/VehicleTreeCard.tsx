import { CarOutlined } from '@ant-design/icons';
import type { VehicleTreeNode } from '@eqms/contract';
import { Badge, Button, Card, Empty, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_TYPE_STYLE, useLocationTypeLabel } from '../../../components/LocationTreeSelect.tsx';

type Node = DataNode & { key: string; children?: Node[] };

const locationKeys = (nodes: VehicleTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'location' ? [n.key, ...locationKeys(n.children)] : []));

function Title({ node }: { node: VehicleTreeNode }) {
  const typeLabel = useLocationTypeLabel();
  const icon = node.kind === 'vehicle' ? <CarOutlined /> : LOCATION_TYPE_STYLE[node.locationType!]?.icon;
  return (
    <span data-testid="vehicle-tree-node" data-kind={node.kind} data-key={node.key} data-name={node.name}>
      <span style={{ opacity: 0.65, marginInlineEnd: 6 }}>{icon}</span>
      {node.name}
      <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
        {node.kind === 'vehicle' ? node.code : typeLabel(node.locationType!)}
      </Typography.Text>
      {node.kind === 'location' && (
        <Badge count={node.vehicleCount} color="#8c8c8c" size="small" style={{ marginInlineStart: 6 }} />
      )}
      {node.alertCount > 0 && (
        <Badge count={node.alertCount} size="small" style={{ marginInlineStart: 6 }} data-testid="vehicle-tree-alert" />
      )}
    </span>
  );
}

/** Locations holding vehicles, vehicles as leaves; the red badge counts parts due or overdue below a node. */
export function VehicleTreeCard({
  data,
  loading,
  selectedKey,
  onSelect,
  onShowAll,
}: {
  data: VehicleTreeNode[] | undefined;
  loading: boolean;
  selectedKey: string | undefined;
  onSelect: (key: string | undefined) => void;
  onShowAll: () => void;
}) {
  const { t } = useTranslation('vehicle');
  const [expanded, setExpanded] = useState<string[] | null>(null);
  useEffect(() => {
    if (data && expanded === null) setExpanded(locationKeys(data));
  }, [data, expanded]);
  const toNodes = (nodes: VehicleTreeNode[]): Node[] =>
    nodes.map((n) => ({
      key: n.key,
      isLeaf: n.kind === 'vehicle',
      title: <Title node={n} />,
      children: n.children.length ? toNodes(n.children) : undefined,
    }));
  const nodes = data ?? [];
  return (
    <Card
      size="small"
      title={t('titles.tree')}
      extra={
        selectedKey && (
          <Button size="small" type="link" data-testid="vehicle-tree-all" onClick={onShowAll}>
            {t('actions.showAll')}
          </Button>
        )
      }
    >
      {loading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noVehicles')} />
      ) : (
        <Tree<Node>
          data-testid="vehicle-tree"
          showLine
          blockNode
          treeData={toNodes(nodes)}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
          expandedKeys={expanded ?? []}
          onExpand={(keys) => setExpanded(keys.map(String))}
          style={{ maxHeight: 'calc(100vh - 260px)', minHeight: 200, overflow: 'auto' }}
        />
      )}
    </Card>
  );
}
