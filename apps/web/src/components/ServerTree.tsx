import { Empty, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo } from 'react';

/** A node of a tree the server builds: its key and children; what it shows is the feature's. */
export type ServerTreeNode = { key: string; children: ServerTreeNode[] };

/** The nodes as antd tree data, each titled by `title`; a node without children is a leaf. */
export function serverTreeData<N extends ServerTreeNode>(
  nodes: N[],
  title: (node: N) => ReactNode,
  more?: (node: N) => Partial<DataNode>,
): DataNode[] {
  return nodes.map((n) => ({
    key: n.key,
    title: title(n),
    isLeaf: n.children.length === 0,
    children: n.children.length ? serverTreeData(n.children as N[], title, more) : undefined,
    ...more?.(n),
  }));
}

/**
 * The left panel's tree over a server tree (stock by location, molds by place…): a spinner while it loads, an empty
 * note, else the tree with lines and one selected key. `expandedKeys` are the keys open when the data arrives (a new
 * `treeKey` opens them again after the data changes shape).
 */
export function ServerTree<N extends ServerTreeNode>({
  nodes,
  loading,
  title,
  emptyText,
  testId,
  expandedKeys,
  treeKey,
  selected,
  onSelect,
  maxHeight = 'calc(100vh - 300px)',
}: {
  nodes: N[] | undefined;
  loading: boolean;
  title: (node: N) => ReactNode;
  emptyText: string;
  testId: string;
  expandedKeys?: (nodes: N[]) => string[];
  treeKey?: string;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
  maxHeight?: string;
}) {
  const data = useMemo(() => serverTreeData(nodes ?? [], title), [nodes, title]);
  const expanded = useMemo(() => expandedKeys?.(nodes ?? []), [nodes, expandedKeys]);
  if (loading)
    return (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
      </div>
    );
  if (!data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  return (
    <Tree
      key={treeKey}
      data-testid={testId}
      showLine
      blockNode
      defaultExpandedKeys={expanded}
      treeData={data}
      selectedKeys={selected ? [selected] : []}
      onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : undefined)}
      style={{ maxHeight, minHeight: 240, overflow: 'auto' }}
    />
  );
}

/** The keys of every node with children (a tree opened all the way down). */
export function branchKeys(nodes: ServerTreeNode[]): string[] {
  return nodes.flatMap((n) => (n.children.length ? [n.key, ...branchKeys(n.children)] : []));
}
