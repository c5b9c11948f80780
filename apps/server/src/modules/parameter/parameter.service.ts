import { eq, inArray, sql } from 'drizzle-orm';
import type { Parameter, ParameterCreate, ParameterDataType, ParameterUpdate, ToolTreeNode } from '@eqms/contract';
import type { Db, Executor, Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/context.ts';
import { assertUnique, auditView, createdStamp, firstOr404, uniqueAs, updatedStamp } from '../../platform/crud.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { assertNotReferenced } from '../../platform/references.ts';
import { type Actor, withTx } from '../../platform/tx.ts';
import { buildToolTree } from '../tool/tool.service.ts';
import { tools } from '../tool/tool.table.ts';
import { PARAMETER_HAS_DATA } from './parameter.references.ts';
import { parameters, traceData } from './parameter.table.ts';

export const PARAMETER_UNIQUE = { parameters_tool_code_uq: 'code' };
export { PARAMETER_HAS_DATA };

type Row = typeof parameters.$inferSelect;
type ToolRef = { code: string; name: string };

function parameterView(r: Row, tool: ToolRef): Parameter {
  return {
    id: r.id,
    toolId: r.toolId,
    toolCode: tool.code,
    toolName: tool.name,
    code: r.code,
    name: r.name,
    unit: r.unit,
    dataType: r.dataType as ParameterDataType,
    lowerLimit: r.lowerLimit,
    upperLimit: r.upperLimit,
    target: r.target,
    sampleInterval: r.sampleInterval,
    sort: r.sort,
    description: r.description,
    ...auditView(r),
  };
}

/** Parameters of the given tools (all when none are given), by tool code, then sort and code. */
export async function listParameters(db: Executor, toolIds?: number[]): Promise<Parameter[]> {
  const rows = await db
    .select({ p: parameters, tool: { code: tools.code, name: tools.name } })
    .from(parameters)
    .innerJoin(tools, eq(parameters.toolId, tools.id))
    .where(toolIds?.length ? inArray(parameters.toolId, toolIds) : undefined);
  return rows
    .sort(
      (a, b) =>
        a.tool.code.localeCompare(b.tool.code, 'ko') || a.p.sort - b.p.sort || a.p.code.localeCompare(b.p.code, 'ko'),
    )
    .map((r) => parameterView(r.p, r.tool));
}

/** GET /parameter/parameters/{toolId}: 404 when the tool does not exist (an empty list means "no parameters"). */
export async function parametersOfTool(db: Executor, toolId: number): Promise<Parameter[]> {
  await firstOr404(db.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)), 'Tool');
  return listParameters(db, [toolId]);
}

async function getParameter(db: Executor, id: number): Promise<Parameter> {
  const row = await firstOr404(
    db
      .select({ p: parameters, tool: { code: tools.code, name: tools.name } })
      .from(parameters)
      .innerJoin(tools, eq(parameters.toolId, tools.id))
      .where(eq(parameters.id, id)),
    'Parameter',
  );
  return parameterView(row.p, row.tool);
}

/** The location tree down to the tools, each tool with its number of parameters (summed up the tree). */
export async function parameterToolTree(db: Executor): Promise<ToolTreeNode[]> {
  const counts = await db
    .select({ toolId: parameters.toolId, n: sql<number>`count(*)::int` })
    .from(parameters)
    .groupBy(parameters.toolId);
  return buildToolTree(db, new Map(counts.map((c) => [c.toolId, Number(c.n)])));
}

async function assertTool(tx: Executor, toolId: number) {
  // Shared lock: the tool cannot be deleted while its new parameter is written.
  const [tool] = await tx.select({ id: tools.id }).from(tools).where(eq(tools.id, toolId)).for('share');
  if (!tool) throw invalidField('toolId', 'notExists');
}

/** A parameter's code is unique within its tool. */
const assertCodeFree = (tx: Executor, toolId: number, code: string, exceptId?: number) =>
  assertUnique(
    tx,
    parameters,
    parameters.id,
    { code: parameters.code },
    { code },
    exceptId,
    eq(parameters.toolId, toolId),
  );

/** A BOOLEAN signal has no limits or target: they are dropped rather than kept meaningless. */
const values = (body: ParameterCreate) => {
  const numeric = body.dataType === 'NUMBER';
  return {
    toolId: body.toolId,
    code: body.code,
    name: body.name,
    unit: body.unit || null,
    dataType: body.dataType,
    lowerLimit: numeric ? (body.lowerLimit ?? null) : null,
    upperLimit: numeric ? (body.upperLimit ?? null) : null,
    target: numeric ? (body.target ?? null) : null,
    sampleInterval: body.sampleInterval,
    sort: body.sort ?? 0,
    description: body.description || null,
  };
};

export async function createParameter(db: Db, actor: Actor, body: ParameterCreate): Promise<Parameter> {
  const id = await uniqueAs(PARAMETER_UNIQUE, () =>
    withTx(db, actor, async (tx: Tx) => {
      await assertTool(tx, body.toolId);
      await assertCodeFree(tx, body.toolId, body.code);
      const [row] = await tx
        .insert(parameters)
        .values({ ...values(body), ...createdStamp(actor) })
        .returning({ id: parameters.id });
      return row.id;
    }),
  );
  return getParameter(db, id);
}

/** Moving a parameter to another tool is allowed while it has no data (its values belong to the old tool). */
export async function updateParameter(db: Db, actor: Actor, body: ParameterUpdate): Promise<Parameter> {
  await uniqueAs(PARAMETER_UNIQUE, () =>
    withTx(db, actor, async (tx) => {
      const current = await firstOr404(
        tx.select().from(parameters).where(eq(parameters.id, body.id)).for('update'),
        'Parameter',
      );
      if (body.toolId !== current.toolId) {
        await assertTool(tx, body.toolId);
        const [data] = await tx
          .select({ id: traceData.parameterId })
          .from(traceData)
          .where(eq(traceData.parameterId, current.id))
          .limit(1);
        if (data) throw invalidField('toolId', 'parameterToolLocked');
      }
      await assertCodeFree(tx, body.toolId, body.code, current.id);
      await tx
        .update(parameters)
        .set({ ...values(body), ...updatedStamp(actor) })
        .where(eq(parameters.id, current.id));
    }),
  );
  return getParameter(db, body.id);
}

/**
 * All or nothing: any parameter missing is a 404; a parameter with collected values (trace_data) cannot be
 * deleted (SPEC §5): 409 naming those parameters, and nothing is deleted.
 */
export async function deleteParameters({ db, references }: Deps, actor: Actor, ids: number[]): Promise<void> {
  await withTx(db, actor, async (tx) => {
    const found = await tx
      .select({ id: parameters.id })
      .from(parameters)
      .where(inArray(parameters.id, ids))
      .for('update');
    if (found.length !== ids.length) throw notFound('Parameter');
    await assertNotReferenced(tx, references, parameters, ids);
    await tx.delete(parameters).where(inArray(parameters.id, ids));
  });
}
