import { UserAddOutlined } from '@ant-design/icons';
import type { Worker, WorkerTreeNode } from '@eqms/contract';
import { Button, Col, Row, Tabs } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/permissions.ts';
import { useUrlState } from '../../../app/url-state.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { WorkerDialog } from '../components/WorkerDialog.tsx';
import { WorkerHistoryTab } from '../components/WorkerHistoryTab.tsx';
import { WorkerList } from '../components/WorkerList.tsx';
import { WorkerTreePanel } from '../components/WorkerTreePanel.tsx';
import { thisWeek } from '../worker-rules.ts';
import { WORKER_NS } from '../worker.locales.ts';
import { isWorkerNode, useWorkerTree, type WorkerNode } from '../worker.queries.ts';

type State = { tab: string; node: string; period: string; workers: string | undefined };

/** A location of the tree by its key (L<id>). */
function findNode(nodes: readonly WorkerTreeNode[], key: string): WorkerTreeNode | null {
  for (const n of nodes) {
    if (n.key === key) return n;
    const found = findNode(n.children, key);
    if (found) return found;
  }
  return null;
}

/**
 * /production/worker (SPEC §7 "Worker"): the workers by site, factory and line (and the unassigned), assigned, moved
 * and removed; a second tab shows the work history — the results of the chosen workers in a period.
 */
export default function WorkerPage() {
  const { t } = useTranslation([WORKER_NS, 'common']);
  const canModify = useCan('worker', 'modify');
  const defaults = useMemo<State>(() => ({ tab: 'workers', node: 'all', period: thisWeek(), workers: undefined }), []);
  const [s, set] = useUrlState<State>(defaults);
  const node: WorkerNode = isWorkerNode(s.node) ? s.node : 'all';
  const tree = useWorkerTree();
  const chosen = node.startsWith('L') ? findNode(tree.data ?? [], node) : null;
  const title =
    node === 'all'
      ? t('tree.all')
      : node === 'none'
        ? t('titles.unassigned')
        : t('titles.workersOf', { name: chosen?.name ?? '' });
  // undefined: closed; null: assigning a worker; a worker: changing their line.
  const [editing, setEditing] = useState<Worker | null | undefined>(undefined);
  const workerIds = (s.workers ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);

  return (
    <PageContainer
      menuName="worker"
      extra={
        canModify &&
        s.tab === 'workers' && (
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            data-testid="worker-assign"
            onClick={() => setEditing(null)}
          >
            {t('actions.assign')}
          </Button>
        )
      }
    >
      <Tabs
        activeKey={s.tab}
        onChange={(tab) => set({ tab })}
        data-testid="worker-tabs"
        items={[
          {
            key: 'workers',
            label: t('tabs.workers'),
            children: (
              <Row gutter={[16, 16]}>
                <Col xs={24} lg={9} xl={7}>
                  <WorkerTreePanel selected={node} onSelect={(n) => set({ node: n }, { push: true })} />
                </Col>
                <Col xs={24} lg={15} xl={17}>
                  <WorkerList node={node} title={title} onChange={setEditing} />
                </Col>
              </Row>
            ),
          },
          {
            key: 'history',
            label: t('tabs.history'),
            children: s.tab === 'history' && (
              <WorkerHistoryTab
                period={s.period}
                onPeriod={(period) => set({ period: period ?? defaults.period })}
                workers={workerIds}
                onWorkers={(ids) => set({ workers: ids.join(',') || undefined })}
              />
            ),
          },
        ]}
      />
      {editing !== undefined && (
        <WorkerDialog
          open
          worker={editing}
          lineId={chosen?.type === 'LINE' ? chosen.id : null}
          onClose={() => setEditing(undefined)}
        />
      )}
    </PageContainer>
  );
}
