import type { ToolTreeNode } from '@eqms/contract';
import { Button, Card, Empty, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useState } from 'react';
import { TreeTitle } from './ToolTreeTitle.tsx';

type Node = DataNode & { key: string; node: ToolTreeNode; children?: Node[] };

/** Keys of every location node (to open the whole tree once). */
const locationKeys = (nodes: ToolTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'location' ? [n.key, ...locationKeys(n.children)] : []));

/**
 * The location → tool tree beside a list (tools screen, parameter screen): choosing a node filters the list,
 * "show all" clears it. Every location starts open, once, so the tools are in sight; after that the user decides.
 * Test ids: `<testId>-tree`, `<testId>-tree-all`.
 */
export function ToolTreeCard({
  testId,
  title,
  showAllLabel,
  emptyText,
  data,
  loading,
  count,
  selectedKey,
  onSelect,
  onShowAll,
}: {
  testId: string;
  title: string;
  showAllLabel: string;
  emptyText: string;
  data: ToolTreeNode[] | undefined;
  loading: boolean;
  /** The badge of a node (what the list beside counts). */
  count: (node: ToolTreeNode) => number | undefined;
  selectedKey: string | undefined;
  onSelect: (key: string | undefined) => void;
  onShowAll: () => void;
}) {
  const [expanded, setExpanded] = useState<string[] | null>(null);
  useEffect(() => {
    if (data && expanded === null) setExpanded(locationKeys(data));
  }, [data, expanded]);

  const toNodes = (nodes: ToolTreeNode[]): Node[] =>
    nodes.map((n) => ({
      key: n.key,
      node: n,
      isLeaf: n.kind === 'tool',
      title: <TreeTitle node={n} count={count(n)} />,
      children: n.children.length ? toNodes(n.children) : undefined,
    }));
  const nodes = data ?? [];

  return (
    <Card
      size="small"
      title={title}
      extra={
        selectedKey && (
          <Button size="small" type="link" data-testid={`${testId}-tree-all`} onClick={onShowAll}>
            {showAllLabel}
          </Button>
        )
      }
    >
      {loading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : nodes.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
      ) : (
        <Tree<Node>
          data-testid={`${testId}-tree`}
          showLine
          blockNode
          treeData={toNodes(nodes)}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
          expandedKeys={expanded ?? []}
          onExpand={(keys) => setExpanded(keys.map(String))}
          style={{ maxHeight: 'calc(100vh - 260px)', minHeight: 240, overflow: 'auto' }}
        />
      )}
    </Card>
  );
}
