import { TeamOutlined, UserOutlined, UserSwitchOutlined } from '@ant-design/icons';
import type { LocationType, WorkerTreeNode } from '@eqms/contract';
import { Card, Empty, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_TYPE_STYLE } from '../../../components/LocationTreeSelect.tsx';
import { WORKER_NS } from '../worker.locales.ts';
import { useUnassigned, useWorkerTree, type WorkerNode } from '../worker.queries.ts';

function Count({ n, testId }: { n: number; testId?: string }) {
  const { t } = useTranslation(WORKER_NS);
  return (
    <Typography.Text
      type="secondary"
      data-testid={testId}
      data-count={n}
      style={{ marginInlineStart: 6, fontSize: 12 }}
    >
      ({t('tree.count', { count: n })})
    </Typography.Text>
  );
}

function Title({
  icon,
  label,
  count,
  testId,
  nodeKey,
}: {
  icon: ReactNode;
  label: ReactNode;
  count?: number;
  testId: string;
  nodeKey: string;
}) {
  return (
    <span data-testid={testId} data-key={nodeKey}>
      <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{icon}</span>
      {label}
      {count !== undefined && <Count n={count} testId={`${testId}-count`} />}
    </span>
  );
}

/** The tree's nodes; a worker's key is W<id> (choosing one chooses its line: `lineOf`). */
function toData(nodes: WorkerTreeNode[], lineOf: Map<string, string>, parent?: string): DataNode[] {
  return nodes.map((n) => {
    if (n.kind === 'WORKER') {
      if (parent) lineOf.set(n.key, parent);
      return {
        key: n.key,
        isLeaf: true,
        title: (
          <Title
            icon={<UserOutlined />}
            nodeKey={n.key}
            testId="worker-tree-worker"
            label={
              <>
                {n.name}
                <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 6 }}>
                  {n.userId}
                </Typography.Text>
              </>
            }
          />
        ),
      };
    }
    return {
      key: n.key,
      title: (
        <Title
          icon={LOCATION_TYPE_STYLE[n.type as LocationType]?.icon}
          nodeKey={n.key}
          testId="worker-tree-location"
          label={n.name}
          count={n.workerCount}
        />
      ),
      isLeaf: n.children.length === 0,
      children: n.children.length ? toData(n.children, lineOf, n.key) : undefined,
    };
  });
}

const locationKeys = (nodes: WorkerTreeNode[]): string[] =>
  nodes.flatMap((n) => (n.kind === 'LOCATION' ? [n.key, ...locationKeys(n.children)] : []));

/**
 * The left panel: every worker, sites → factories → lines with their worker counts and each line's workers, and
 * the unassigned. Choosing a worker chooses their line.
 */
export function WorkerTreePanel({
  selected,
  onSelect,
}: {
  selected: WorkerNode;
  onSelect: (node: WorkerNode) => void;
}) {
  const { t } = useTranslation(WORKER_NS);
  const tree = useWorkerTree();
  const unassigned = useUnassigned();
  const { data, lineOf, total } = useMemo(() => {
    const lineOf = new Map<string, string>();
    const nodes = tree.data ?? [];
    const assigned = nodes.reduce((acc, n) => acc + n.workerCount, 0);
    return { data: toData(nodes, lineOf), lineOf, total: assigned + (unassigned.data?.length ?? 0) };
  }, [tree.data, unassigned.data]);
  // Every location open: a line shows its workers.
  const expanded = useMemo(() => locationKeys(tree.data ?? []), [tree.data]);
  const treeData: DataNode[] = [
    {
      key: 'all',
      isLeaf: true,
      title: (
        <Title icon={<TeamOutlined />} nodeKey="all" testId="worker-tree-all" label={t('tree.all')} count={total} />
      ),
    },
    ...data,
    {
      key: 'none',
      isLeaf: true,
      title: (
        <Title
          icon={<UserSwitchOutlined />}
          nodeKey="none"
          testId="worker-tree-unassigned"
          label={t('tree.unassigned')}
          count={unassigned.data?.length ?? 0}
        />
      ),
    },
  ];
  return (
    <Card size="small" title={t('tree.title')} data-testid="worker-tree-panel">
      {tree.isLoading ? (
        <div style={{ textAlign: 'center', padding: 32 }}>
          <Spin />
        </div>
      ) : (
        <>
          <Tree
            key={expanded.join(',')}
            data-testid="worker-tree"
            showLine
            blockNode
            defaultExpandedKeys={expanded}
            treeData={treeData}
            selectedKeys={[selected]}
            onSelect={(keys) => {
              const key = keys.length ? String(keys[0]) : selected;
              onSelect((lineOf.get(key) ?? key) as WorkerNode);
            }}
            style={{ maxHeight: 'calc(100vh - 300px)', minHeight: 240, overflow: 'auto' }}
          />
          {!data.length && (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tree.empty')} data-testid="worker-tree-empty" />
          )}
        </>
      )}
    </Card>
  );
}
