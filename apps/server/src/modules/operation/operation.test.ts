import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { codeCategories, codes } from '../code/code.table.ts';
import { operPlans } from '../oper-plan/oper-plan.table.ts';
import { products } from '../product/product.table.ts';
import { routeOpers, routes } from '../route/route.table.ts';
import { operationOutputProvider } from './operation.service.ts';
import { operations } from './operation.table.ts';

const t = await createTestApp();
const editor = await t.makeUser({ operation: { all: true } });
const viewer = await t.makeUser({ operation: { view: true } });
const reader = await t.makeUser({});
const en = { 'accept-language': 'en' };

// The OPERATION_TYPE codes the type is checked against (made here, not taken from demo data).
await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
  let [cat] = await tx.select().from(codeCategories).where(eq(codeCategories.category, 'OPERATION_TYPE'));
  if (!cat)
    [cat] = await tx.insert(codeCategories).values({ category: 'OPERATION_TYPE', name: '공정 유형' }).returning();
  await tx.insert(codes).values({ categoryId: cat.id, code: 'ASSEMBLY', codeName: '조립' }).onConflictDoNothing();
});

type Op = {
  id: number;
  code: string;
  name: string;
  type: string | null;
  standardTime: number | null;
  defectYn: boolean;
};

async function create(extra: Record<string, unknown> = {}): Promise<Op> {
  const res = await t.inject({
    method: 'POST',
    url: '/api/operation',
    token: editor.token,
    payload: { code: uniq('OP'), name: '조립 공정', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const del = (url: string, token: string | null = editor.token) =>
  t.inject({ method: 'DELETE', url, token, headers: en });
const exists = async (ids: number[]) =>
  (await t.db.select({ id: operations.id }).from(operations).where(inArray(operations.id, ids))).length;

describe('GET /api/operation/operations', () => {
  it('lists operations to any signed-in user (a pick-list); 401 without a token', async () => {
    const op = await create({ type: 'ASSEMBLY', standardTime: 12.5, defectYn: false });
    const res = await t.inject({ method: 'GET', url: '/api/operation/operations', token: reader.token });
    expect(res.status).toBe(200);
    expect(res.body.data.find((o: Op) => o.id === op.id)).toMatchObject({
      code: op.code,
      type: 'ASSEMBLY',
      standardTime: 12.5,
      defectYn: false,
      createdBy: editor.userId,
    });
    expect((await t.inject({ method: 'GET', url: '/api/operation/operations' })).status).toBe(401);
  });
});

describe('POST /api/operation', () => {
  it('creates with defectYn defaulting to true', async () => {
    const op = await create();
    expect(op.defectYn).toBe(true);
    expect(op.standardTime).toBeNull();
  });

  it('refuses a duplicate code with 409 DUPLICATE on code', async () => {
    const op = await create();
    const res = await t.inject({
      method: 'POST',
      url: '/api/operation',
      token: editor.token,
      payload: { code: op.code, name: 'x' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DUPLICATE', extraData: { field: 'code' } });
  });

  it.each([
    [{ code: '', name: 'x' }, 'code'],
    [{ name: 'x' }, 'code'],
    [{ code: uniq('OP'), name: 'x', standardTime: -1 }, 'standardTime'],
    [{ code: uniq('OP'), name: 'x', standardTime: 1.123456 }, 'standardTime'],
    [{ code: uniq('OP'), name: 'x', defectYn: 'Y' }, 'defectYn'],
    [{ code: uniq('OP'), name: 'x', type: 'NO_SUCH_TYPE' }, 'type'],
  ])('400 on a bad field: %j', async (payload, field) => {
    const res = await t.inject({ method: 'POST', url: '/api/operation', token: editor.token, payload });
    expect(res.status).toBe(400);
    expect(res.body.extraData.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('403 without the create right, 401 without a token', async () => {
    const payload = { code: uniq('OP'), name: 'x' };
    expect((await t.inject({ method: 'POST', url: '/api/operation', token: viewer.token, payload })).status).toBe(403);
    expect((await t.inject({ method: 'POST', url: '/api/operation', payload })).status).toBe(401);
  });
});

describe('PUT /api/operation', () => {
  it('modifies, keeps the code unique and 404s a missing id', async () => {
    const a = await create();
    const b = await create();
    const ok = await t.inject({
      method: 'PUT',
      url: '/api/operation',
      token: editor.token,
      payload: { id: a.id, code: a.code, name: '검사', type: 'ASSEMBLY', standardTime: 3, defectYn: false },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name: '검사', standardTime: 3, defectYn: false, updatedBy: editor.userId });
    const dup = await t.inject({
      method: 'PUT',
      url: '/api/operation',
      token: editor.token,
      payload: { id: a.id, code: b.code, name: 'x' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.extraData.field).toBe('code');
    const missing = await t.inject({
      method: 'PUT',
      url: '/api/operation',
      token: editor.token,
      payload: { id: 99999999, code: uniq('OP'), name: 'x' },
    });
    expect(missing.status).toBe(404);
    const forbidden = await t.inject({
      method: 'PUT',
      url: '/api/operation',
      token: viewer.token,
      payload: { id: a.id, code: a.code, name: 'x' },
    });
    expect(forbidden.status).toBe(403);
  });
});

describe('DELETE /api/operation/{id} and /operation/operations/{ids}', () => {
  it('deletes one and several; all or nothing with a 404 when any is missing', async () => {
    const a = await create();
    expect((await del(`/api/operation/${a.id}`)).status).toBe(200);
    expect(await exists([a.id])).toBe(0);
    const b = await create();
    const c = await create();
    const partial = await del(`/api/operation/operations/${b.id},99999999`);
    expect(partial.status).toBe(404);
    expect(await exists([b.id])).toBe(1);
    expect((await del(`/api/operation/operations/${b.id},${c.id}`)).status).toBe(200);
    expect(await exists([b.id, c.id])).toBe(0);
    expect((await del(`/api/operation/${a.id}`)).status).toBe(404);
    expect((await del('/api/operation/operations/x')).status).toBe(400);
    expect((await del(`/api/operation/${c.id}`, viewer.token)).status).toBe(403);
    expect((await del(`/api/operation/${c.id}`, null)).status).toBe(401);
  });

  it('is blocked while a route or an operation plan holds the operation (409 with the rows)', async () => {
    const op = await create();
    const free = await create();
    const code = uniq('R');
    const [product] = await withTx(t.db, SYSTEM_ACTOR, async (tx) => {
      const [route] = await tx.insert(routes).values({ code, name: '라우팅' }).returning();
      await tx.insert(routeOpers).values({ routeId: route.id, operationId: op.id, seq: 1 });
      const made = await tx
        .insert(products)
        .values({ code: uniq('P'), name: '제품', type: 'FINISHED', unit: 'EA' })
        .returning();
      await tx.insert(operPlans).values({ productId: made[0].id, operationId: op.id, seq: 1 });
      return made;
    });
    const res = await del(`/api/operation/operations/${op.id},${free.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ERROR_CONSTRAINT_VIOLATION');
    const datas = res.body.extraData.datas as { screen: string; id: string }[];
    expect(datas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ screen: 'route', id: code }),
        expect.objectContaining({ screen: 'operPlan', id: product.code }),
      ]),
    );
    expect(await exists([op.id, free.id])).toBe(2);
  });

  it('SPEC §5: refused while the completed quantity exceeds the shipped quantity; equal or less is allowed', async () => {
    const over = await create();
    const equal = await create();
    const under = await create();
    // Production data of this test: a temporary table read by a registered output source.
    const table = uniq('op_output_').toLowerCase();
    await t.db.execute(
      sql.raw(`create table ${table} (operation_id int, completed numeric(15,5), shipped numeric(15,5))`),
    );
    await t.db.execute(
      sql.raw(
        `insert into ${table} values (${over.id}, 10, 4), (${over.id}, 1, 6.5), (${equal.id}, 5, 5), (${under.id}, 2, 3)`,
      ),
    );
    // Registered on this app's providers registry, as the production module's entry in the module list would.
    const unregister = t.app.providers.register(operationOutputProvider, async (tx, ids) => {
      const res = await tx.execute(
        sql.raw(`select operation_id, completed, shipped from ${table} where operation_id in (${ids.join(',')})`),
      );
      return rowsOf<{ operation_id: number; completed: string; shipped: string }>(res).map((r) => ({
        operationId: Number(r.operation_id),
        completedQty: Number(r.completed),
        shippedQty: Number(r.shipped),
      }));
    });
    try {
      // over: completed 11 > shipped 10.5
      const blocked = await del(`/api/operation/operations/${over.id},${equal.id}`);
      expect(blocked.status).toBe(409);
      expect(blocked.body.message).toBe(
        'Cannot delete an operation whose completed quantity exceeds the shipped quantity.',
      );
      expect(blocked.body.extraData).toMatchObject({
        messageKey: 'operationOutputNotShipped',
        operationIds: [over.id],
      });
      expect(await exists([over.id, equal.id])).toBe(2);
      expect((await del(`/api/operation/${over.id}`)).status).toBe(409);
      expect(await exists([over.id])).toBe(1);
      expect((await del(`/api/operation/operations/${equal.id},${under.id}`)).status).toBe(200);
      expect(await exists([equal.id, under.id])).toBe(0);
    } finally {
      unregister();
    }
    // Once the source is gone, nothing blocks it any more.
    expect((await del(`/api/operation/${over.id}`)).status).toBe(200);
  });
});

describe('change history', () => {
  it('records operations in the change history', async () => {
    const op = await create();
    const res = await t.db.execute(
      sql`select count(*)::int as n from change_history where table_name = 'operations' and row_id = ${String(op.id)}`,
    );
    expect(Number(rowsOf<{ n: number }>(res)[0].n)).toBe(1);
  });
});
