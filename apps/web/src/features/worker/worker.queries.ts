import {
  type BodyArgsOf,
  type LocationTreeNode,
  type UserPick,
  userEndpoints,
  type Worker,
  workerEndpoints as ep,
} from '@eqms/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';
import { useLocationTree } from '../../components/LocationTreeSelect.tsx';

// Worker calls (SPEC §7 "Worker"): every worker, the unassigned, those of a location, the tree with counts, the work
// history of a period, and the two writes. The user pick-list of the assign dialog is the shared look-up of the
// production screens (GET /user/workers/{locationId}: id, user id and name only), asked for every site.

export type WorkerSaveValues = BodyArgsOf<typeof ep.save>;

export const workerKeys = {
  all: ['worker'] as const,
  list: ['worker', 'list'] as const,
  node: (node: string) => ['worker', 'node', node] as const,
  tree: ['worker', 'tree'] as const,
  history: (args: object) => ['worker', 'history', args] as const,
  picks: (siteIds: number[]) => ['worker', 'picks', siteIds] as const,
};

/** The tree's choices: every worker, the unassigned, or a location (L<id>). */
export type WorkerNode = 'all' | 'none' | `L${number}`;
export const isWorkerNode = (v: string | undefined): v is WorkerNode =>
  v === 'all' || v === 'none' || (!!v && /^L\d+$/.test(v));

export function useWorkerTree() {
  return useQuery({ queryKey: workerKeys.tree, queryFn: ({ signal }) => call(ep.tree, { signal }) });
}

export function useAllWorkers(enabled = true) {
  return useQuery({ queryKey: workerKeys.list, queryFn: ({ signal }) => call(ep.list, { signal }), enabled });
}

/** The workers of a tree choice: all of them, the unassigned, or those of a line or below a factory or site. */
export function useWorkersOf(node: WorkerNode) {
  return useQuery<Worker[]>({
    queryKey: workerKeys.node(node),
    queryFn: ({ signal }) => {
      if (node === 'all') return call(ep.list, { signal });
      if (node === 'none') return call(ep.noLocation, { signal });
      return call(ep.atLocation, { params: { id: Number(node.slice(1)) }, signal });
    },
    placeholderData: keepPreviousData,
  });
}

export function useUnassigned() {
  return useQuery({ queryKey: workerKeys.node('none'), queryFn: ({ signal }) => call(ep.noLocation, { signal }) });
}

export type WorkerHistoryArgs = { startDt: string; endDt: string; workers: number[] };

export function useWorkerHistory(args: WorkerHistoryArgs | null) {
  return useQuery({
    queryKey: workerKeys.history(args ?? {}),
    queryFn: ({ signal }) =>
      call(ep.history, {
        query: {
          startDt: args!.startDt,
          endDt: args!.endDt,
          workers: args!.workers.length ? args!.workers : undefined,
        },
        signal,
      }),
    enabled: !!args,
    placeholderData: keepPreviousData,
  });
}

/** The enabled users placed anywhere below the sites (the pick-list of the assign dialog), by name. */
export function useUserPicks(enabled: boolean) {
  const sites = useLocationTree(['SITE']);
  const siteIds = (sites.data ?? []).map((s: LocationTreeNode) => s.id);
  return useQuery({
    queryKey: workerKeys.picks(siteIds),
    queryFn: async ({ signal }) => {
      const lists = await Promise.all(
        siteIds.map((locationId) => call(userEndpoints.workers, { params: { locationId }, signal })),
      );
      const byId = new Map<number, UserPick>();
      for (const u of lists.flat()) byId.set(u.id, u);
      return [...byId.values()].sort((a, b) => a.username.localeCompare(b.username, 'ko') || a.id - b.id);
    },
    enabled: enabled && !!sites.data,
    staleTime: 30_000,
  });
}

/** The two writes; each refreshes every worker query (lists, tree, history). */
export function useWorkerApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: workerKeys.all });
  return {
    save: async (body: WorkerSaveValues) => {
      const saved = await call(ep.save, { body, silent: true });
      await refresh();
      return saved;
    },
    remove: async (id: number) => {
      await call(ep.remove, { params: { id } });
      await refresh();
    },
  };
}
