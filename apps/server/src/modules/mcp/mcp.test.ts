import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { API_TOKEN_PREFIX } from '@eqms/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { apiTokens } from '../../platform/auth/api-token.table.ts';
import { addDays, todayIn } from '../../platform/dates.ts';
import { SYSTEM_ACTOR, withTx } from '../../platform/tx.ts';
import { createTestApp, uniq } from '../../test/harness.ts';
import { users } from '../user/user.table.ts';
import { receive, stockWorld } from '../material-stock/stock-fixtures.ts';
import { lots, productStocks } from '../product-stock/product-stock.table.ts';
import { madeProduct, spreadPlan } from '../production-result/result-fixtures.ts';

// The MCP server through the official SDK's client over real HTTP (README.md), and the API tokens that open it. The
// data: a supplier lot received, consumed by a plan whose result made a lot, the lot shipped to a customer who then
// claimed; a CCP check outside its limits.

const t = await createTestApp();
const w = await stockWorld(t);
const today = todayIn(t.config.timeZone);
const ALL_VIEWS = {
  productReport: { view: true },
  productionPlan: { view: true },
  materialStock: { view: true },
  prodStock: { view: true },
  lotReport: { view: true },
  claimManagement: { view: true },
  ccpMonitoring: { view: true },
};
const clerk = await t.makeUser({
  materialStock: { all: true },
  stockOutRestock: { all: true },
  prodStock: { all: true },
  productionPlan: { all: true },
  productionProfit: { all: true },
  shipment: { all: true },
  claimManagement: { all: true },
  ccpMonitoring: { all: true },
});
const analyst = await t.makeUser(ALL_VIEWS);
/** May look at stock and nothing else. */
const storekeeper = await t.makeUser({ materialStock: { view: true } });
const en = { 'accept-language': 'en' };

const call = async (method: string, url: string, payload?: unknown, token: string | null = clerk.token) =>
  t.inject({ method, url, payload, token, headers: en });
const ok = async (method: string, url: string, payload?: unknown) => {
  const res = await call(method, url, payload);
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data;
};
const fieldsOf = (res: { body: any }) => (res.body.extraData?.fields ?? []).map((f: { field: string }) => f.field);

const world = await (async () => {
  const made = await madeProduct(t, w);
  const supplierLot = `SL-${uniq()}`.toUpperCase();
  const pkg = await receive(t, clerk.token, {
    materialId: w.material.id,
    qty: 50,
    locationId: w.shelf.id,
    supplierId: w.supplier.id,
    supplierLot,
  });
  const bPkg = await receive(t, clerk.token, { materialId: made.b.id, qty: 20, locationId: w.shelf.id });
  const plan = await spreadPlan(call, made.product.id, w.line.id, today, 10);
  await ok('POST', '/api/material-stock/ship-out', { stockId: pkg.id, planId: plan.plan.id, qty: 30 });
  await ok('POST', '/api/material-stock/ship-out', { stockId: bPkg.id, planId: plan.plan.id, qty: 10 });
  // Both operations of the first day: 8 good and 2 bad each; the last one makes the lot.
  await ok('PUT', '/api/productionprofit', { id: plan.first[0].id, goodQty: 8, badQty: 2 });
  await ok('PUT', '/api/productionprofit', { id: plan.last[0].id, goodQty: 8, badQty: 2, locationId: w.shelf.id });
  const [lot] = await t.db.select().from(lots).where(eq(lots.planId, plan.plan.id));
  const [stock] = await t.db.select().from(productStocks).where(eq(productStocks.lotRowId, lot.id));
  await ok('POST', '/api/shipment', {
    bizPartnerId: w.customer.id,
    productId: made.product.id,
    shipmentDt: today,
    lots: [{ productStockId: stock.id, qty: 5 }],
  });
  await ok('POST', '/api/claim/create-claim', {
    receivedDt: today,
    bizPartnerId: w.customer.id,
    productId: made.product.id,
    lotId: lot.lotId,
    claimQty: 1,
    content: '포장 파손',
  });
  const P = '/haccp/critical-control-point';
  const ccp = await ok('POST', `/api${P}/points`, {
    name: uniq('가열 '),
    type: 'HEATING',
    limitKind: 'RANGE',
    minValue: 75,
    maxValue: 95,
    unit: '°C',
    frequencyHours: null,
  });
  await ok('POST', `/api${P}/create-monitoring`, { ccpId: ccp.id, checkedAt: `${today} 09:00`, measuredValue: 85 });
  await ok('POST', `/api${P}/create-monitoring`, {
    ccpId: ccp.id,
    checkedAt: `${today} 10:00`,
    measuredValue: 70,
    productAction: '재가열',
    cause: '버너 지연',
    actionBy: '김반장',
  });
  return { ...made, supplierLot, pkg, plan, lot, ccp };
})();

const tokens = (method: string, url: string, payload?: unknown, token: string | null = analyst.token) =>
  t.inject({ method, url: `/api/api-tokens${url}`, payload, token, headers: en });
async function newToken(user = analyst, extra: Record<string, unknown> = {}) {
  const res = await tokens('POST', '', { name: uniq('assistant '), ...extra }, user.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; token: string; prefix: string; expiresAt: string | null };
}

await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
});

/** The SDK's client over Streamable HTTP with the token, as an assistant connects. */
async function connect(token: string, headers: Record<string, string> = {}) {
  const client = new Client({ name: 'eqms-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}`, ...headers } },
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}
const json = (result: Awaited<ReturnType<Client['callTool']>>) => {
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return JSON.parse((result.content as { type: string; text: string }[])[0].text);
};

const TOOL_NAMES = [
  'ccp_deviations',
  'good_bad_by_line',
  'lot_genealogy',
  'material_stock',
  'open_claims',
  'product_stock',
  'production_status',
];

describe('API tokens (/api/api-tokens)', () => {
  it("creates a token shown once; the list has its prefix, never the token or another user's", async () => {
    const made = await newToken(analyst, { expiresInDays: 30 });
    expect(made.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(made.token.length).toBeGreaterThan(40);
    expect(made.token.startsWith(made.prefix)).toBe(true);
    const days = (Date.parse(made.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    const mine = await newToken(storekeeper);
    const list = await tokens('GET', '');
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({ id: made.id, prefix: made.prefix, revokedAt: null, lastUsedAt: null });
    expect(list.body.data.map((r: { id: number }) => r.id)).not.toContain(mine.id);
    expect(JSON.stringify(list.body)).not.toContain(made.token);
    // Only the hash is stored.
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.token);
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('400 naming the field: no name, a life outside 1 … 365 days or not whole, an unknown field', async () => {
    for (const [payload, field] of [
      [{}, 'name'],
      [{ name: ' ' }, 'name'],
      [{ name: 'x', expiresInDays: 0 }, 'expiresInDays'],
      [{ name: 'x', expiresInDays: 366 }, 'expiresInDays'],
      [{ name: 'x', expiresInDays: 1.5 }, 'expiresInDays'],
      [{ name: 'x', expiresInDays: '7' }, 'expiresInDays'],
    ] as const) {
      const res = await tokens('POST', '', payload);
      expect([res.status, fieldsOf(res)], JSON.stringify(payload)).toEqual([400, [field]]);
    }
    expect((await tokens('POST', '', { name: 'x', userId: 1 })).status).toBe(400);
    expect((await tokens('DELETE', '/abc')).status).toBe(400);
  });

  it("401 without a session (an API token is not one); 404 revoking an unknown or another user's token", async () => {
    expect((await tokens('GET', '', undefined, null)).status).toBe(401);
    expect((await tokens('POST', '', { name: 'x' }, null)).status).toBe(401);
    expect((await tokens('DELETE', '/1', undefined, null)).status).toBe(401);
    const made = await newToken();
    expect((await tokens('GET', '', undefined, made.token)).status).toBe(401);
    const theirs = await newToken(storekeeper);
    expect((await tokens('DELETE', `/${theirs.id}`)).status).toBe(404);
    expect((await tokens('DELETE', '/999999')).status).toBe(404);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, theirs.id));
    expect(row.revokedAt).toBeNull();
  });

  it('a revoked token is kept, marked, and opens nothing on the next call; revoking again keeps the first time', async () => {
    const made = await newToken();
    const client = await connect(made.token);
    expect((await client.listTools()).tools.length).toBe(TOOL_NAMES.length);
    const res = await tokens('DELETE', `/${made.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.revokedAt).not.toBeNull();
    await expect(client.listTools()).rejects.toThrow(/401/);
    const again = await tokens('DELETE', `/${made.id}`);
    expect(again.body.data.revokedAt).toBe(res.body.data.revokedAt);
  });
});

describe('POST /api/mcp: who may call', () => {
  const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
  const headers = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  const post = (token: string | null, payload: unknown = rpc) =>
    t.inject({
      method: 'POST',
      url: '/api/mcp',
      payload,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });

  it('401 without a token, with a session token, an unknown, expired or revoked token, or a disabled user', async () => {
    expect((await post(null)).status).toBe(401);
    expect((await post(analyst.token)).status).toBe(401);
    expect((await post(`${API_TOKEN_PREFIX}${'x'.repeat(43)}`)).status).toBe(401);
    const expired = await newToken();
    expect((await post(expired.token)).status).toBe(200);
    await t.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    expect((await post(expired.token)).status).toBe(401);
    const user = await t.makeUser(ALL_VIEWS);
    const own = await newToken(user);
    expect((await post(own.token)).status).toBe(200);
    await withTx(t.db, SYSTEM_ACTOR, (tx) =>
      tx.update(users).set({ enabled: false }).where(eq(users.id, user.user.id)),
    );
    expect((await post(own.token)).status).toBe(401);
  });

  it('answers tools/list as JSON and marks the token used; 400 for a body that is not JSON-RPC; 405 for GET and DELETE', async () => {
    const made = await newToken();
    const res = await post(made.token);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.body.result.tools.map((x: { name: string }) => x.name).sort()).toEqual(TOOL_NAMES);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(row.lastUsedAt).not.toBeNull();
    expect((await post(made.token, { hello: 1 })).status).toBe(400);
    expect((await post(made.token, [])).status).toBe(400);
    for (const method of ['GET', 'DELETE']) {
      const r = await t.inject({ method, url: '/api/mcp', headers: { authorization: `Bearer ${made.token}` } });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe('POST');
      expect((await t.inject({ method, url: '/api/mcp' })).status, method).toBe(401);
    }
  });
});

const analystClient = await connect((await newToken(analyst)).token);

describe('MCP tools through the SDK client', () => {
  const client = analystClient;

  it('lists the seven read-only tools, each with its input schema and the screen whose view right it needs', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((x) => x.name).sort()).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
      expect(tool.description, tool.name).toMatch(/Needs the view right on the '.+' screen\./);
      expect(tool.inputSchema.type).toBe('object');
    }
    expect(tools.find((x) => x.name === 'production_status')?.inputSchema.required).toEqual(['fromDate', 'toDate']);
  });

  it('lot_genealogy: the customers who got products made from a supplier lot (any case)', async () => {
    const [walk] = json(
      await client.callTool({ name: 'lot_genealogy', arguments: { supplierLot: world.supplierLot.toLowerCase() } }),
    );
    expect(walk.supplierLot).toBe(world.supplierLot);
    expect(walk.supplier).toBe(w.supplier.name);
    expect(walk.customers).toEqual([expect.objectContaining({ kind: 'CUSTOMER', name: w.customer.name, qty: 5 })]);
    expect(walk.wentTo.map((n: { kind: string }) => n.kind)).toEqual(
      expect.arrayContaining(['SUPPLIER_LOT', 'PACKAGE', 'LOT', 'SHIPMENT', 'CUSTOMER']),
    );
    const lot = json(await client.callTool({ name: 'lot_genealogy', arguments: { lotId: world.lot.lotId } }));
    expect(lot.cameFrom.find((n: { kind: string }) => n.kind === 'SUPPLIER_LOT')?.label).toBe(world.supplierLot);
    expect(lot.wentTo.find((n: { kind: string }) => n.kind === 'CUSTOMER')?.name).toBe(w.customer.name);
    const none = await client.callTool({ name: 'lot_genealogy', arguments: { lotId: 'NO-SUCH-LOT' } });
    expect(none.isError).toBe(true);
    const both = await client.callTool({ name: 'lot_genealogy', arguments: {} });
    expect(both.isError).toBe(true);
  });

  it('production_status and good_bad_by_line: the day the result was recorded', async () => {
    const status = json(
      await client.callTool({ name: 'production_status', arguments: { fromDate: today, toDate: addDays(today, 4) } }),
    );
    const product = status.products.find((p: { productCode: string }) => p.productCode === world.product.code);
    expect(product).toMatchObject({ plannedQty: 10, goodQty: 8, badQty: 4 });
    const [line] = json(
      await client.callTool({ name: 'good_bad_by_line', arguments: { date: today, location: w.line.code } }),
    );
    expect(line.location).toMatchObject({ code: w.line.code, name: w.line.name, type: 'LINE' });
    expect(line.total).toEqual({ goodQty: 16, badQty: 4, defectRate: 20 });
    const far = await client.callTool({
      name: 'production_status',
      arguments: { fromDate: today, toDate: addDays(today, 400) },
    });
    expect(far.isError).toBe(true);
    const bad = await client.callTool({
      name: 'production_status',
      arguments: { fromDate: '2026-02-30', toDate: today },
    });
    expect(bad.isError).toBe(true);
  });

  it('material_stock and product_stock: what is left on the shelf and the line', async () => {
    const [m] = json(await client.callTool({ name: 'material_stock', arguments: { material: w.material.code } }));
    expect(m).toMatchObject({ code: w.material.code, total: 20 });
    expect(m.places[0]).toMatchObject({ place: w.shelf.name, qty: 20, supplierLots: world.supplierLot });
    const [p] = json(await client.callTool({ name: 'product_stock', arguments: { product: world.product.code } }));
    expect(p).toMatchObject({ productCode: world.product.code, qty: 3, lotCount: 1 });
    const none = await client.callTool({ name: 'material_stock', arguments: { material: 'no such thing at all' } });
    expect(none.isError).toBe(true);
  });

  it('open_claims and ccp_deviations', async () => {
    const claims = json(await client.callTool({ name: 'open_claims', arguments: { q: world.lot.lotId } }));
    expect(claims.total).toBe(1);
    expect(claims.claims[0]).toMatchObject({ status: 'RECEIVED', customer: w.customer.name, lotId: world.lot.lotId });
    const ccp = json(await client.callTool({ name: 'ccp_deviations', arguments: { fromDate: today, toDate: today } }));
    expect(ccp.total).toBe(1);
    expect(ccp.deviations[0]).toMatchObject({ ccp: world.ccp.name, measured: 70, min: 75, productAction: '재가열' });
  });

  it("refuses a tool whose screen the token's user may not view, in the user's language; a right granted later counts on the next call", async () => {
    const own = await newToken(storekeeper);
    const client = await connect(own.token, en);
    const stock = await client.callTool({ name: 'material_stock', arguments: { material: w.material.code } });
    expect(stock.isError).toBeFalsy();
    const refused = await client.callTool({ name: 'lot_genealogy', arguments: { lotId: world.lot.lotId } });
    expect(refused.isError).toBe(true);
    expect((refused.content as { text: string }[])[0].text).toBe(
      "Not permitted: this needs the view right on the 'Lot report' screen.",
    );
    const korean = await connect(own.token);
    const kr = await korean.callTool({ name: 'open_claims', arguments: {} });
    expect((kr.content as { text: string }[])[0].text).toBe(
      "권한이 없습니다: '클레임 관리' 화면의 조회 권한이 필요합니다.",
    );
    await t.db.execute(
      sql`update roles set role_item = role_item || ${JSON.stringify([{ name: 'lotReport', view: true }])}::jsonb where id = ${storekeeper.role.id}`,
    );
    const granted = await client.callTool({ name: 'lot_genealogy', arguments: { lotId: world.lot.lotId } });
    expect(granted.isError, JSON.stringify(granted.content)).toBeFalsy();
  });
});
