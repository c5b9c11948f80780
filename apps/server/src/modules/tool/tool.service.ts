import { asc, desc, eq, inArray } from 'drizzle-orm';
import {
  type LocationType,
  type Tool,
  type ToolCreate,
  type ToolExportQuery,
  type ToolInspectHistory,
  type ToolInspectHistoryCreate,
  type ToolInspectHistoryUpdate,
  type ToolInspectResult,
  type ToolManager,
  type ToolTreeNode,
  type ToolUpdate,
  toolPlacementError,
} from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { assertCodeOf } from '../code/code.lookups.ts';
import { assertUnique, auditView, createdStamp, firstOr404, uniqueAs, updatedStamp } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { validateExt } from '../custom-ext/custom-ext.service.ts';
import { locationRefs } from '../location/location.paths.ts';
import { subtreeIds } from '../location/location.service.ts';
import { locations } from '../location/location.table.ts';
import { users } from '../user/user.table.ts';
import { toolInspectHistories, tools } from './tool.table.ts';

type ToolRow = typeof tools.$inferSelect;
type HistoryRow = typeof toolInspectHistories.$inferSelect;

export const TOOL_UNIQUE = { tools_code_unique: 'code' };
export const TOOL_TYPE_CATEGORY = 'TOOL_TYPE';

const bySortThenCode = (a: { sort: number; code: string }, b: { sort: number; code: string }) =>
  a.sort - b.sort || a.code.localeCompare(b.code, 'ko');

/** Tools with their location path and manager name, in sort/code order. */
async function toolViews(db: Executor, rows: ToolRow[]): Promise<Tool[]> {
  const refs = await locationRefs(
    db,
    rows.map((r) => r.locationId),
  );
  const managerIds = [...new Set(rows.map((r) => r.managerId).filter((v): v is number => v != null))];
  const managers = new Map(
    managerIds.length
      ? (
          await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, managerIds))
        ).map((u) => [u.id, u.username])
      : [],
  );
  return [...rows].sort(bySortThenCode).map((r) => {
    const ref = refs.get(r.locationId);
    return {
      id: r.id,
      code: r.code,
      name: r.name,
      type: r.type,
      locationId: r.locationId,
      locationName: ref?.name ?? '',
      locationPath: ref?.path ?? [],
      managerId: r.managerId,
      managerName: r.managerId != null ? (managers.get(r.managerId) ?? null) : null,
      specification: r.specification,
      manufacturer: r.manufacturer,
      serialNo: r.serialNo,
      installDate: r.installDate,
      sort: r.sort,
      description: r.description,
      ext: r.ext ?? null,
      ...auditView(r),
    };
  });
}

/** The manager pick-list: enabled users by name (the user list itself needs the user menu's view right). */
export async function listManagers(db: Executor): Promise<ToolManager[]> {
  return db
    .select({ id: users.id, userId: users.userId, username: users.username })
    .from(users)
    .where(eq(users.enabled, true))
    .orderBy(asc(users.username), asc(users.userId));
}

export async function listTools(db: Executor): Promise<Tool[]> {
  return toolViews(db, await db.select().from(tools));
}

export async function getTool(db: Executor, id: number): Promise<Tool> {
  const row = await firstOr404(db.select().from(tools).where(eq(tools.id, id)), 'Tool');
  return (await toolViews(db, [row]))[0];
}

/** Tools at the location and at every location below it; 404 when the location does not exist. */
export async function toolsAtLocation(db: Executor, locationId: number): Promise<Tool[]> {
  await firstOr404(db.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)), 'Location');
  const ids = await subtreeIds(db, [locationId]);
  return toolViews(db, await db.select().from(tools).where(inArray(tools.locationId, ids)));
}

/** The export's records: the list screen's location (and below) and search. */
export async function searchTools(db: Executor, q: ToolExportQuery): Promise<Tool[]> {
  const list = q.locationId ? await toolsAtLocation(db, q.locationId) : await listTools(db);
  const text = q.q?.trim().toLowerCase();
  if (!text) return list;
  return list.filter((t) =>
    [t.code, t.name, t.specification, t.manufacturer, t.serialNo, t.managerName, t.locationPath.join(' / ')].some((v) =>
      (v ?? '').toLowerCase().includes(text),
    ),
  );
}

/**
 * The location tree (SITE → FACTORY → LINE/WAREHOUSE; shelves hold stock, not tools) with each tool as a leaf
 * of its location. `toolCount` counts the tools at a node and below; with `leafCounts` (tool id → count, the
 * parameter screen) every node also gets `parameterCount`, summed up the tree.
 */
export async function buildToolTree(db: Executor, leafCounts?: Map<number, number>): Promise<ToolTreeNode[]> {
  const locs = await db
    .select()
    .from(locations)
    .where(inArray(locations.type, ['SITE', 'FACTORY', 'LINE', 'WAREHOUSE']));
  const toolRows = await db.select().from(tools);
  const nodes = new Map<number, ToolTreeNode & { sort: number }>();
  for (const l of locs) {
    nodes.set(l.id, {
      key: `L${l.id}`,
      kind: 'location',
      id: l.id,
      name: l.name,
      code: l.code,
      locationType: l.type as LocationType,
      toolType: null,
      parentId: l.parentId,
      toolCount: 0,
      ...(leafCounts ? { parameterCount: 0 } : {}),
      sort: l.sort,
      children: [],
    });
  }
  const roots: ToolTreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId != null ? nodes.get(node.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  // Locations first (sort, name), then the tools (sort, code).
  const byLocOrder = (a: ToolTreeNode, b: ToolTreeNode) => {
    const sa = (a as { sort?: number }).sort ?? 0;
    const sb = (b as { sort?: number }).sort ?? 0;
    return sa - sb || a.name.localeCompare(b.name, 'ko');
  };
  for (const n of nodes.values()) n.children.sort(byLocOrder);
  roots.sort(byLocOrder);
  for (const t of [...toolRows].sort(bySortThenCode)) {
    const at = nodes.get(t.locationId);
    if (!at) continue;
    at.children.push({
      key: `T${t.id}`,
      kind: 'tool',
      id: t.id,
      name: t.name,
      code: t.code,
      locationType: null,
      toolType: t.type,
      parentId: t.locationId,
      toolCount: 1,
      ...(leafCounts ? { parameterCount: leafCounts.get(t.id) ?? 0 } : {}),
      children: [],
    });
  }
  const count = (n: ToolTreeNode): void => {
    if (n.kind === 'tool') return;
    for (const c of n.children) count(c);
    n.toolCount = n.children.reduce((s, c) => s + c.toolCount, 0);
    if (leafCounts) n.parameterCount = n.children.reduce((s, c) => s + (c.parameterCount ?? 0), 0);
  };
  roots.forEach(count);
  const strip = (list: ToolTreeNode[]): ToolTreeNode[] =>
    list.map(({ sort: _sort, ...n }: ToolTreeNode & { sort?: number }) => ({ ...n, children: strip(n.children) }));
  return strip(roots);
}

export const toolTree = (db: Executor) => buildToolTree(db);

/** SPEC §5: a tool goes only under a LINE or a WAREHOUSE; a missing location is a 400 on locationId. */
async function assertPlacement(tx: Executor, locationId: number) {
  // Locked so a concurrent type change of the location cannot slip past the check.
  const [loc] = await tx
    .select({ type: locations.type })
    .from(locations)
    .where(eq(locations.id, locationId))
    .for('update');
  if (!loc) throw invalidField('locationId', 'notExists');
  const error = toolPlacementError(loc.type as LocationType);
  if (error) throw invalidField('locationId', error);
}

async function assertManager(tx: Executor, managerId: number | null | undefined) {
  if (managerId == null) return;
  const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.id, managerId));
  if (!u) throw invalidField('managerId', 'notExists');
}

/** The type must be a code of category TOOL_TYPE. */
async function assertToolType(tx: Executor, type: string | null | undefined) {
  if (type) await assertCodeOf(tx, TOOL_TYPE_CATEGORY, type, 'type');
}

const assertCodeFree = (tx: Executor, code: string, exceptId?: number) =>
  assertUnique(tx, tools, tools.id, { code: tools.code }, { code }, exceptId);

const toolValues = (body: ToolCreate) => ({
  code: body.code,
  name: body.name,
  type: body.type ?? null,
  locationId: body.locationId,
  managerId: body.managerId ?? null,
  specification: body.specification || null,
  manufacturer: body.manufacturer || null,
  serialNo: body.serialNo || null,
  installDate: body.installDate ?? null,
  sort: body.sort ?? 0,
  description: body.description || null,
});

export async function createTool(db: Db, actor: Actor, body: ToolCreate): Promise<Tool> {
  const id = await uniqueAs(TOOL_UNIQUE, () => withTx(db, actor, (tx) => insertTool(tx, actor, body)));
  return getTool(db, id);
}

/** The insert of one tool inside the caller's transaction (the form's create and the Excel import share it). */
export async function insertTool(tx: Tx, actor: Actor, body: ToolCreate): Promise<number> {
  await assertPlacement(tx, body.locationId);
  await assertToolType(tx, body.type);
  await assertManager(tx, body.managerId);
  await assertCodeFree(tx, body.code);
  const ext = await validateExt(tx, 'tools', body.ext);
  const [row] = await tx
    .insert(tools)
    .values({ ...toolValues(body), ext, ...createdStamp(actor) })
    .returning({ id: tools.id });
  return row.id;
}

/** Also a move: the location is checked again (placement) whether or not it changed. */
export async function updateTool(db: Db, actor: Actor, body: ToolUpdate): Promise<Tool> {
  await uniqueAs(TOOL_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const current = await firstOr404(tx.select().from(tools).where(eq(tools.id, body.id)).for('update'), 'Tool');
      await assertPlacement(tx, body.locationId);
      if (body.type !== current.type) await assertToolType(tx, body.type);
      await assertManager(tx, body.managerId);
      await assertCodeFree(tx, body.code, current.id);
      // An omitted ext keeps the stored values.
      const ext = body.ext === undefined ? undefined : await validateExt(tx, 'tools', body.ext, current.ext);
      await tx
        .update(tools)
        .set({ ...toolValues(body), ext, ...updatedStamp(actor) })
        .where(eq(tools.id, current.id));
    }),
  );
  return getTool(db, body.id);
}

/**
 * All or nothing: any tool missing is a 404; whatever the registry says refers to any of them (parameters,
 * operation plans: declared by those modules) blocks the whole delete (409 with those rows). Inspection histories
 * go with their tool (FK cascade).
 */
export async function deleteTools({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx.select({ id: tools.id }).from(tools).where(inArray(tools.id, ids)).for('update');
    if (found.length !== ids.length) throw notFound('Tool');
    await assertNotReferenced(tx, references, tools, ids);
    await tx.delete(tools).where(inArray(tools.id, ids));
  });
}

// ── Inspection history ────────────────────────────────────────────────────────────────────────────────────────

function historyView(r: HistoryRow): ToolInspectHistory {
  return {
    id: r.id,
    toolId: r.toolId,
    inspectDate: r.inspectDate,
    inspector: r.inspector,
    content: r.content,
    result: r.result as ToolInspectResult,
    nextInspectDate: r.nextInspectDate,
    description: r.description,
    ...auditView(r),
  };
}

/** The tool's inspections, newest first; 404 for an unknown tool. */
export async function listInspectHistories(db: Executor, toolId: number): Promise<ToolInspectHistory[]> {
  await firstOr404(db.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)), 'Tool');
  const rows = await db
    .select()
    .from(toolInspectHistories)
    .where(eq(toolInspectHistories.toolId, toolId))
    .orderBy(desc(toolInspectHistories.inspectDate), desc(toolInspectHistories.id));
  return rows.map(historyView);
}

const historyValues = (body: ToolInspectHistoryUpdate | ToolInspectHistoryCreate) => ({
  inspectDate: body.inspectDate,
  inspector: body.inspector || null,
  content: body.content,
  result: body.result,
  nextInspectDate: body.nextInspectDate ?? null,
  description: body.description || null,
});

export async function createInspectHistory(
  db: Db,
  actor: Actor,
  body: ToolInspectHistoryCreate,
): Promise<ToolInspectHistory> {
  return withTx(db, actor, async (tx) => {
    const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, body.toolId)).for('share');
    if (!tool) throw invalidField('toolId', 'notExists');
    const [row] = await tx
      .insert(toolInspectHistories)
      .values({ toolId: tool.id, ...historyValues(body), ...createdStamp(actor) })
      .returning();
    return historyView(row);
  });
}

/** The tool of a record does not change: a record of another tool is a new record. */
export async function updateInspectHistory(
  db: Db,
  actor: Actor,
  body: ToolInspectHistoryUpdate,
): Promise<ToolInspectHistory> {
  return withTx(db, actor, async (tx) => {
    await firstOr404(
      tx.select({ id: toolInspectHistories.id }).from(toolInspectHistories).where(eq(toolInspectHistories.id, body.id)),
      'Inspection history',
    );
    const [row] = await tx
      .update(toolInspectHistories)
      .set({ ...historyValues(body), ...updatedStamp(actor) })
      .where(eq(toolInspectHistories.id, body.id))
      .returning();
    return historyView(row);
  });
}

/** All or nothing: any record missing is a 404. */
export async function deleteInspectHistories(db: Db, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx
      .select({ id: toolInspectHistories.id })
      .from(toolInspectHistories)
      .where(inArray(toolInspectHistories.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Inspection history');
    await tx.delete(toolInspectHistories).where(inArray(toolInspectHistories.id, ids));
  });
}
