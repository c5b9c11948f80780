import type { Tool, ToolInspectHistory, ToolInspectResult, ToolTreeNode } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/http.ts';

// Tool calls (SPEC §7 /tool). Writes are `silent` where the form shows the error on its fields.
export type ToolFormValues = {
  code: string;
  name: string;
  type?: string | null;
  locationId?: number | null;
  managerId?: number | null;
  specification?: string | null;
  manufacturer?: string | null;
  serialNo?: string | null;
  /** yyyy-MM-dd */
  installDate?: string | null;
  sort?: number | null;
  description?: string | null;
  ext?: Record<string, string>;
};

export type InspectFormValues = {
  inspectDate: string;
  inspector?: string | null;
  content: string;
  result: ToolInspectResult;
  nextInspectDate?: string | null;
  description?: string | null;
};

export const toolKeys = {
  all: ['tool'] as const,
  list: ['tool', 'list'] as const,
  tree: ['tool', 'tree'] as const,
  history: (toolId: number) => ['tool', 'history', toolId] as const,
};

export function useTools() {
  return useQuery({
    queryKey: toolKeys.list,
    queryFn: ({ signal }) => api.get<Tool[]>('/tool/tools/with-location-user', { signal }),
  });
}

export function useToolTree() {
  return useQuery({
    queryKey: toolKeys.tree,
    queryFn: ({ signal }) => api.get<ToolTreeNode[]>('/tool/tree', { signal }),
  });
}

export function useInspectHistories(toolId: number | null) {
  return useQuery({
    queryKey: toolKeys.history(toolId ?? 0),
    queryFn: ({ signal }) => api.get<ToolInspectHistory[]>(`/tool/tools-inspect-history/${toolId}`, { signal }),
    enabled: toolId != null,
  });
}

/** The tool nodes of the tree under (and including) a node: what a selected location shows in the list. */
export function toolIdsUnder(node: ToolTreeNode): number[] {
  if (node.kind === 'tool') return [node.id];
  return node.children.flatMap(toolIdsUnder);
}

export function findNode(nodes: ToolTreeNode[], key: string): ToolTreeNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = findNode(n.children, key);
    if (inner) return inner;
  }
  return undefined;
}

const body = (v: ToolFormValues) => ({
  code: v.code?.trim(),
  name: v.name,
  type: v.type || null,
  locationId: v.locationId ?? null,
  managerId: v.managerId ?? null,
  specification: v.specification || null,
  manufacturer: v.manufacturer || null,
  serialNo: v.serialNo || null,
  installDate: v.installDate || null,
  sort: v.sort ?? 0,
  description: v.description || null,
  ext: v.ext,
});

export function useToolApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: toolKeys.all });
  return {
    create: async (v: ToolFormValues) => {
      const saved = await api.post<Tool>('/tool', body(v), { silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: ToolFormValues) => {
      const saved = await api.put<Tool>('/tool', { ...body(v), id }, { silent: true });
      await refresh();
      return saved;
    },
    /** Blocked by parameters or operation plans: the API client opens the related-data dialog. */
    remove: async (ids: number[]) => {
      await api.del(ids.length === 1 ? `/tool/${ids[0]}` : `/tool/tools/${ids.join(',')}`);
      await refresh();
    },
  };
}

const inspectBody = (v: InspectFormValues) => ({
  inspectDate: v.inspectDate,
  inspector: v.inspector || null,
  content: v.content,
  result: v.result,
  nextInspectDate: v.nextInspectDate || null,
  description: v.description || null,
});

export function useInspectApi(toolId: number) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: toolKeys.history(toolId) });
  return {
    create: async (v: InspectFormValues) => {
      await api.post('/tool/tool-inspect-history', { ...inspectBody(v), toolId }, { silent: true });
      await refresh();
    },
    update: async (id: number, v: InspectFormValues) => {
      await api.put('/tool/tool-inspect-history', { ...inspectBody(v), id }, { silent: true });
      await refresh();
    },
    remove: async (ids: number[]) => {
      await api.del(
        ids.length === 1 ? `/tool/tool-inspect-history/${ids[0]}` : `/tool/tool-inspect-historys/${ids.join(',')}`,
      );
      await refresh();
    },
  };
}
