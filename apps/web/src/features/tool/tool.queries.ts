import { type BodyArgsOf, type ToolTreeNode, toolEndpoints as ep } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';

// Tool calls (SPEC §7 /tool). Writes are `silent` where the form shows the error on its fields.
export type ToolFormValues = BodyArgsOf<typeof ep.create>;
/** The inspection form: the create body without the tool, which is the one whose history is open. */
export type InspectFormValues = Omit<BodyArgsOf<typeof ep.createInspectHistory>, 'toolId'>;

export const toolKeys = {
  all: ['tool'] as const,
  list: ['tool', 'list'] as const,
  tree: ['tool', 'tree'] as const,
  history: (toolId: number) => ['tool', 'history', toolId] as const,
};

export function useTools() {
  return useQuery({
    queryKey: toolKeys.list,
    queryFn: ({ signal }) => call(ep.list, { signal }),
  });
}

export function useToolTree() {
  return useQuery({
    queryKey: toolKeys.tree,
    queryFn: ({ signal }) => call(ep.tree, { signal }),
  });
}

export function useInspectHistories(toolId: number | null) {
  return useQuery({
    queryKey: toolKeys.history(toolId ?? 0),
    queryFn: ({ signal }) => call(ep.inspectHistories, { params: { id: toolId! }, signal }),
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
      const saved = await call(ep.create, { body: body(v), silent: true });
      await refresh();
      return saved;
    },
    update: async (id: number, v: ToolFormValues) => {
      const saved = await call(ep.update, { body: { ...body(v), id }, silent: true });
      await refresh();
      return saved;
    },
    /** Blocked by parameters or operation plans: the API client opens the related-data dialog. */
    remove: async (ids: number[]) => {
      if (ids.length === 1) await call(ep.remove, { params: { id: ids[0] } });
      else await call(ep.removeBulk, { params: { ids } });
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
      await call(ep.createInspectHistory, { body: { ...inspectBody(v), toolId }, silent: true });
      await refresh();
    },
    update: async (id: number, v: InspectFormValues) => {
      await call(ep.updateInspectHistory, { body: { ...inspectBody(v), id }, silent: true });
      await refresh();
    },
    remove: async (ids: number[]) => {
      if (ids.length === 1) await call(ep.removeInspectHistory, { params: { id: ids[0] } });
      else await call(ep.removeInspectHistories, { params: { ids } });
      await refresh();
    },
  };
}
