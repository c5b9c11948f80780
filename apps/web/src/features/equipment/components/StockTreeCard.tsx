import { ToolOutlined } from '@ant-design/icons';
import type { EquipmentTreeNode } from '@eqms/contract';
import { Badge, Button, Card, Empty, Segmented, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { EQUIPMENT_NS } from '../equipment.locales.ts';
import { type StockTree, useStockTree } from '../equipment.queries.ts';

type Node = DataNode & { key: string; node: EquipmentTreeNode; children?: Node[] };

const branchKeys = (nodes: EquipmentTreeNode[], depth: number): string[] =>
  depth <= 0 ? [] : nodes.flatMap((n) => (n.children.length ? [n.key, ...branchKeys(n.children, depth - 1)] : []));

export function findTreeNode(nodes: EquipmentTreeNode[], key: string): EquipmentTreeNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const hit = findTreeNode(n.children, key);
    if (hit) return hit;
  }
  return undefined;
}

/** The three trees of the stock screen (by location, by equipment, by tool) with the available qty per node. */
export function StockTreeCard({
  tree,
  onTree,
  selectedKey,
  onSelect,
}: {
  tree: StockTree;
  onTree: (tree: StockTree) => void;
  selectedKey: string | undefined;
  onSelect: (node: EquipmentTreeNode | undefined) => void;
}) {
  const { t } = useTranslation(EQUIPMENT_NS);
  const query = useStockTree(tree);
  const typeLabel = useCodeLabel('EQUIPMENT_TYPE');
  const [expanded, setExpanded] = useState<Record<string, string[]>>({});
  useEffect(() => {
    if (query.data && !expanded[tree]) setExpanded((e) => ({ ...e, [tree]: branchKeys(query.data, 3) }));
  }, [query.data, tree, expanded]);
  const toNodes = (nodes: EquipmentTreeNode[]): Node[] =>
    nodes.map((n) => ({
      key: n.key,
      node: n,
      isLeaf: n.children.length === 0,
      title: (
        <span data-testid="equipment-tree-node" data-key={n.key} data-name={n.name}>
          {n.kind === 'tool' && <ToolOutlined style={{ opacity: 0.65, marginInlineEnd: 6 }} />}
          {n.kind === 'type' && n.code ? typeLabel(n.code) : n.name}
          {n.qty > 0 && (
            <Badge
              count={fmtQty(n.qty)}
              color="#8c8c8c"
              size="small"
              style={{ marginInlineStart: 6 }}
              overflowCount={Number.POSITIVE_INFINITY}
            />
          )}
        </span>
      ),
      children: n.children.length ? toNodes(n.children) : undefined,
    }));
  const data = query.data ?? [];
  return (
    <Card
      size="small"
      title={t('fields.place')}
      extra={
        selectedKey && (
          <Button size="small" type="link" data-testid="equipment-tree-all" onClick={() => onSelect(undefined)}>
            {t('actions.showAll')}
          </Button>
        )
      }
    >
      <Segmented<StockTree>
        block
        size="small"
        data-testid="equipment-tree-kind"
        value={tree}
        onChange={onTree}
        options={[
          { value: 'location', label: t('titles.byLocation') },
          { value: 'stock', label: t('titles.byStock') },
          { value: 'tool', label: t('titles.byTool') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {query.isLoading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.noStock')} />
      ) : (
        <Tree<Node>
          data-testid="equipment-tree"
          showLine
          blockNode
          treeData={toNodes(data)}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(_, info) => onSelect(info.selected ? info.node.node : undefined)}
          expandedKeys={expanded[tree] ?? []}
          onExpand={(keys) => setExpanded((e) => ({ ...e, [tree]: keys.map(String) }))}
          style={{ maxHeight: 'calc(100vh - 260px)', minHeight: 240, overflow: 'auto' }}
        />
      )}
    </Card>
  );
}
