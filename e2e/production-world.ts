import { type APIRequestContext, expect } from '@playwright/test';
import { postData, uniq } from './helpers';

// A small factory made through the API for the production screens' tests: a site, a factory with a line, a warehouse
// and a shelf, a press on the line, a product made by forming (on the press) then packing whose BOM needs 2 KG of a
// material per piece, a plan of `qty` from today over three days with its daily plans spread on every day, and
// `releasedKg` of the material received and released to the plan.

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** The factory day (Asia/Seoul, as the browser of the tests) plus n days, yyyy-MM-dd. */
export const seoulDay = (n = 0) => new Date(Date.now() + 9 * 3_600_000 + n * 86_400_000).toISOString().slice(0, 10);

export async function makeProductionWorld(
  request: APIRequestContext,
  token: string,
  opts: { prefix?: string; qty?: number; releasedKg?: number } = {},
) {
  const tag = uniq(opts.prefix ?? 'PW').toUpperCase();
  const site = await postData(request, token, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const line = await postData(request, token, '/api/location', {
    name: `${tag} 라인`,
    type: 'LINE',
    parentId: factory.id,
  });
  const warehouse = await postData(request, token, '/api/location', {
    name: `${tag} 제품 창고`,
    type: 'WAREHOUSE',
    parentId: factory.id,
  });
  const shelf = await postData(request, token, '/api/location', {
    name: `${tag} 선반`,
    type: 'SHELF',
    parentId: warehouse.id,
  });
  const tool = await postData(request, token, '/api/tool', { code: `${tag}-T`, name: '프레스', locationId: line.id });
  const forming = await postData(request, token, '/api/operation', { code: `${tag}-1`, name: '성형' });
  const packing = await postData(request, token, '/api/operation', { code: `${tag}-2`, name: '포장' });
  const material = await postData(request, token, '/api/material/material', {
    code: `${tag}-M`,
    name: `${tag} 수지`,
    type: 'RAW',
    unit: 'KG',
  });
  const product = await postData(request, token, '/api/product/product', {
    code: `${tag}-P`,
    name: `${tag} 케이스`,
    type: 'FINISHED',
    unit: 'EA',
    shelfLifeDays: 30,
  });
  await postData(request, token, '/api/operationplan/plans', {
    productId: product.id,
    plans: [{ operationId: forming.id, toolId: tool.id }, { operationId: packing.id }],
  });
  await postData(request, token, '/api/bom/material', { parentProductId: product.id, materialId: material.id, qty: 2 });
  const plan = await postData<{ id: number; lotSeq: number }>(request, token, '/api/productionplan/plan', {
    productId: product.id,
    qty: opts.qty ?? 10,
    startDt: seoulDay(),
    endDt: seoulDay(2),
    lineId: line.id,
  });
  const res = await request.get(`/api/productionplan/plan/${plan.id}/operplans`, { headers: auth(token) });
  expect(res.status()).toBe(200);
  const operPlans = (await res.json()).data as { id: number; seq: number }[];
  for (const o of operPlans)
    await postData(request, token, '/api/productionplan/operplan/daily-plans', {
      operPlanId: o.id,
      spread: { weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
  const pkg = await postData<{ id: number; packageId: string }>(request, token, '/api/material-stock/ship-in', {
    materialId: material.id,
    qty: opts.releasedKg ?? 30,
    locationId: shelf.id,
    packageId: `${tag}-PKG`,
  });
  await postData(request, token, '/api/material-stock/ship-out', {
    stockId: pkg.id,
    planId: plan.id,
    qty: opts.releasedKg ?? 30,
  });
  return {
    tag,
    site,
    factory,
    line,
    warehouse,
    shelf,
    tool,
    forming,
    packing,
    material,
    product,
    plan,
    operPlans,
    packageId: pkg.packageId,
  };
}

export type ProductionWorld = Awaited<ReturnType<typeof makeProductionWorld>>;

/**
 * Produces `goodQty` of the product on a plan of the world (one made on a screen, say) as the kiosk would, through the
 * API: its daily plans spread, the BOM's material (2 KG a piece) received from a new supplier under a supplier lot and
 * released to the plan, today's forming result consuming it and today's packing result completing the plan's lot on
 * the world's shelf. Answers the supplier, its lot number, the package and the lot (LOT ID and stock row).
 */
export async function producePlan(
  request: APIRequestContext,
  token: string,
  w: ProductionWorld,
  planId: number,
  goodQty: number,
) {
  const supplier = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-S`,
    name: `${w.tag} 원료상사`,
    types: ['SUPPLIER'],
  });
  const supplierLot = `${w.tag}-SL1`;
  const get = async <T>(url: string) => {
    const res = await request.get(url, { headers: auth(token) });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data as T;
  };
  const operPlans = await get<{ id: number; seq: number }[]>(`/api/productionplan/plan/${planId}/operplans`);
  expect(operPlans.length, 'the product operation plan copied into the plan').toBe(2);
  const todays: number[] = [];
  for (const o of operPlans) {
    await postData(request, token, '/api/productionplan/operplan/daily-plans', {
      operPlanId: o.id,
      spread: { weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    const days = await get<{ id: number; day: string }[]>(`/api/productionplan/operplan/${o.id}/daily-plans`);
    const today = days.find((d) => d.day === seoulDay());
    expect(today, 'a daily plan today').toBeTruthy();
    todays.push(today!.id);
  }
  const pkg = await postData<{ id: number; packageId: string }>(request, token, '/api/material-stock/ship-in', {
    materialId: w.material.id,
    qty: goodQty * 2,
    locationId: w.shelf.id,
    supplierId: supplier.id,
    supplierLot,
  });
  await postData(request, token, '/api/material-stock/ship-out', { stockId: pkg.id, planId, qty: goodQty * 2 });
  const result = async (data: Record<string, unknown>) => {
    const res = await request.put('/api/productionprofit', { headers: auth(token), data });
    expect(res.status(), await res.text()).toBe(200);
  };
  await result({ id: todays[0], goodQty, badQty: 0 });
  await result({ id: todays[1], goodQty, badQty: 0, locationId: w.shelf.id });
  const [stock] = await get<{ id: number; lotId: string; qty: number }[]>(`/api/productstock/prod-stock/${planId}`);
  expect(stock?.qty, 'the lot made by the packing result').toBe(goodQty);
  return { supplier, supplierLot, packageId: pkg.packageId, lotId: stock.lotId, stockId: stock.id };
}
