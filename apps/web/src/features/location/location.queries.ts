import {
  type BodyArgsOf,
  canPlaceLocation,
  LOCATION_TYPES,
  type LocationTreeNode,
  type LocationType,
  locationEndpoints as ep,
  translateMessage,
} from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, call, reportError } from '../../api/http.ts';
import { useAppStore } from '../../app/store.ts';

// Location calls (SPEC §7 /location) and the placement rules (SPEC §5) the screen offers.
/** The form: the create body without the parent (given by where it is created); `ext` as extPayload makes it. */
export type LocationValues = Omit<BodyArgsOf<typeof ep.create>, 'parentId'>;

/** Types that may sit under a parent of `parentType` (null = the top level) and that can hold `childTypes`. */
export function typeOptionsFor(parentType: LocationType | null, childTypes: LocationType[] = []): LocationType[] {
  return LOCATION_TYPES.filter(
    (t) => canPlaceLocation(t, parentType) && childTypes.every((c) => canPlaceLocation(c, t)),
  );
}

/** Nodes a location of `type` may move under (never itself or its own subtree; null = the top level). */
export function allowedParents(tree: LocationTreeNode[], moving: LocationTreeNode): LocationTreeNode[] {
  const out: LocationTreeNode[] = [];
  const walk = (nodes: LocationTreeNode[]) => {
    for (const n of nodes) {
      if (n.id === moving.id) continue;
      if (canPlaceLocation(moving.type, n.type)) out.push(n);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return out;
}

export function flatten(tree: LocationTreeNode[]): LocationTreeNode[] {
  return tree.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

/** Names from the root down to the node. */
export function pathOf(tree: LocationTreeNode[], id: number): LocationTreeNode[] {
  for (const n of tree) {
    if (n.id === id) return [n];
    const sub = pathOf(n.children ?? [], id);
    if (sub.length) return [n, ...sub];
  }
  return [];
}

export function useLocationApi() {
  const qc = useQueryClient();
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: ['location'] });
    // User and notice lists show location paths.
    await qc.invalidateQueries({ queryKey: ['user'] });
  };
  const body = (v: LocationValues, parentId: number | null) => ({
    name: v.name,
    code: v.code?.trim() || null,
    type: v.type,
    parentId,
    sort: v.sort ?? 0,
    description: v.description || null,
    ext: v.ext,
  });
  return {
    create: async (parentId: number | null, v: LocationValues) => {
      const saved = await call(ep.create, { body: body(v, parentId), silent: true });
      await refresh();
      return saved;
    },
    update: async (node: LocationTreeNode, v: LocationValues) => {
      const saved = await call(ep.update, { body: { ...body(v, node.parentId), id: node.id }, silent: true });
      await refresh();
      return saved;
    },
    /** A move is an update with a new parentId (the server re-checks placement). */
    move: async (node: LocationTreeNode, parentId: number | null) => {
      const saved = await call(ep.update, {
        body: {
          name: node.name,
          code: node.code,
          type: node.type,
          parentId,
          sort: node.sort,
          description: node.description,
          id: node.id,
        },
        silent: true,
      });
      await refresh();
      return saved;
    },
    /** Blocked by children, users or notices: 409 with the rows, shown in the related-data dialog. */
    remove: async (id: number) => {
      await call(ep.remove, { params: { id } });
      await refresh();
    },
  };
}

/** For calls made with `silent` outside a form: a refused placement in the UI language, else the usual catalogue. */
export function reportLocationError(err: unknown) {
  if (!(err instanceof ApiError)) return;
  const field = err.code === 'VALIDATION_ERROR' ? err.extraData?.fields?.[0] : undefined;
  if (field) {
    const { notify, locale } = useAppStore.getState();
    notify(translateMessage(field.message, locale), 'warning');
    return;
  }
  reportError(err);
}
