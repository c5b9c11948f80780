import type { SpcResult } from '@eqms/contract';
import type { Page, Response } from '@playwright/test';
import { PISTON_RINGS_TRIAL } from '../apps/server/src/modules/spc/spc.fixtures';
import { fmtIndex, fmtMeasure } from '../apps/web/src/features/spc/spc-rules';
import { expect, test } from './fixtures';
import { apiToken, chooseOption, postData, setLocale, setTheme, shot, uniq } from './helpers';
import { auth, makeProductionWorld, producePlan, seoulDay } from './production-world';

// SPC (issue 15 "SPC — what no open peer has", /dataCollection/trend/spc and the quality results' drawer). Data made
// through the API: Montgomery's piston rings as 25 final inspections of 5 samples of one product item (the last one
// shifted by +0.03 so it breaks rule 1), 3 incoming inspections of 2 samples of a material item, and 300 values of a
// machine parameter pushed with an ingest key. The page's limits and Cpk must read as the API's answer (the response
// the page itself got, formatted as the screen formats it); the rule-1 point is in the flagged-points table; X̄-S and
// I-MR; the parameter mode; the material side; a user without the standards' view right; the SPC action of the result
// drawer. Korean light, English dark.
test.describe.configure({ mode: 'serial' });

const RINGS = PISTON_RINGS_TRIAL.map((g, i) =>
  i === 24 ? g.map((v) => Math.round((v + 0.03) * 1000) / 1000) : [...g],
);
const VALUES = 300;
let world: Awaited<ReturnType<typeof makeProductionWorld>>;
let ringItem: { id: number };
let firstResultId: number;
let param: { id: number; name: string };
const pTag = uniq('spc').toUpperCase();

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const token = await apiToken(request);
  world = await makeProductionWorld(request, token, { prefix: 'SPC' });
  const lot = await producePlan(request, token, world, world.plan.id, 5);
  [ringItem] = await postData<{ id: number }[]>(request, token, '/api/product-quality', {
    productId: world.product.id,
    name: '내경',
    unit: 'mm',
    kind: 'NUMBER',
    lsl: 73.95,
    usl: 74.05,
    sampleSize: 5,
    stage: 'FINAL',
  });
  for (const [i, g] of RINGS.entries()) {
    const r = await postData<{ id: number }>(request, token, '/api/product-quality-result', {
      lotId: lot.lotId,
      items: [{ standardId: ringItem.id, samples: g.map((value) => ({ value })) }],
      inspectedAt: `${seoulDay(-1)} 08:${String(i).padStart(2, '0')}`,
    });
    if (i === 0) firstResultId = r.id;
  }
  // The material side: 3 packages of the world's material, 2 thickness samples each.
  const [thick] = await postData<{ id: number }[]>(request, token, '/api/material-quality', {
    materialId: world.material.id,
    name: '두께',
    unit: 'mm',
    kind: 'NUMBER',
    lsl: 1.1,
    usl: 1.3,
    sampleSize: 2,
  });
  for (const [i, pair] of [
    [1.19, 1.21],
    [1.2, 1.24],
    [1.18, 1.2],
  ].entries()) {
    const pkg = await postData<{ packageId: string }>(request, token, '/api/material-stock/ship-in', {
      materialId: world.material.id,
      qty: 10,
      locationId: world.shelf.id,
      packageId: `${world.tag}-T${i}`,
    });
    await postData(request, token, '/api/material-quality-result', {
      packageId: pkg.packageId,
      items: [{ standardId: thick.id, samples: pair.map((value) => ({ value })) }],
      inspectedAt: `${seoulDay(-1)} 09:0${i}`,
    });
  }
  // A parameter of the world's press, 300 values at 1 s ending a minute ago, pushed as a machine does.
  param = await postData(request, token, '/api/parameter', {
    toolId: world.tool.id,
    code: 'TEMP',
    name: `${pTag} 금형 온도`,
    unit: '℃',
    dataType: 'NUMBER',
    lowerLimit: 190,
    upperLimit: 210,
    sampleInterval: 1,
  });
  const key = await postData<{ key: string }>(request, token, '/api/trace-data/ingest-keys', { name: `${pTag} gw` });
  const start = Math.floor((Date.now() - 60_000 - VALUES * 1000) / 1000) * 1000;
  const points = Array.from({ length: VALUES }, (_, i) => ({
    parameterId: param.id,
    ts: start + i * 1000,
    value: 200 + 2 * Math.sin(i / 7) + (((i * 7919) % 11) - 5) / 5,
  }));
  const res = await request.post('/api/trace-data/ingest', { headers: { 'x-api-key': key.key }, data: { points } });
  expect(res.status(), await res.text()).toBe(200);
});

const spcResponse = (page: Page, path: string, chartType?: string) =>
  page.waitForResponse(
    (r) => r.url().includes(`/api/spc/${path}`) && (!chartType || r.url().includes(`chartType=${chartType}`)),
  );
const answer = async (r: Response) => {
  expect(r.status(), await r.text()).toBe(200);
  return (await r.json()).data as SpcResult;
};

/** The limits and indices on the screen are the answer's, printed as the screen prints them. */
async function expectShown(page: Page, d: SpcResult) {
  const scale = d.capability?.sigmaOverall ?? d.chart?.sigmaWithin ?? 0;
  const chart = d.chart!;
  for (const [id, s] of [
    ['spc-location-limits', chart.location],
    ['spc-dispersion-limits', chart.dispersion],
  ] as const) {
    await expect(page.getByTestId(`${id}-ucl`)).toHaveText(fmtMeasure(s.limits.ucl, scale));
    await expect(page.getByTestId(`${id}-cl`)).toHaveText(fmtMeasure(s.limits.cl, scale));
    await expect(page.getByTestId(`${id}-lcl`)).toHaveText(fmtMeasure(s.limits.lcl, scale));
  }
  await expect(page.getByTestId('spc-cpk')).toHaveText(`Cpk ${fmtIndex(d.capability!.cpk)}`);
  await expect(page.getByTestId('spc-location-chart')).toBeVisible();
}

test('items and a parameter on the SPC page, in Korean', async ({ page, request, adminToken: token }) => {
  test.setTimeout(90_000);
  await setTheme(request, token, 'light');
  await page.goto('/dataCollection/trend/spc');
  await setLocale(page, request, token, 'kr');
  await expect(page.getByTestId('page-title')).toBeVisible();
  await expect(page.getByTestId('spc-title')).toHaveText(/SPC 관리도/);
  await page.getByTestId('spc-kind').getByText('검사 항목').click();
  await chooseOption(page, 'spc-owner', world.product.code, { type: true });
  const xbarR = spcResponse(page, `product-quality/${ringItem.id}`);
  await chooseOption(page, 'spc-item', '내경');
  const d = await answer(await xbarR);
  expect(d.chartType).toBe('XBAR_R');
  expect(d.resultCount).toBe(25);
  expect(d.chart!.location.points[24].rules).toContain(1);
  await expectShown(page, d);
  // Montgomery's X̄-R limits (book, 3 dp) with the shifted last subgroup moving x̄̄ by 0.03/25.
  expect(d.chart!.location.limits.cl).toBeCloseTo(74.001 + 0.0012, 3);
  const flagged = page.getByTestId('spc-flagged');
  await expect(flagged.locator('tbody tr').filter({ hasText: /^25/ })).toContainText('1');
  await expect(page.getByTestId('spc-result')).toContainText('검사 25건');
  await shot(page, 'spc-item-xbar-r-kr-light');

  const s = spcResponse(page, `product-quality/${ringItem.id}`, 'XBAR_S');
  await page.getByTestId('spc-chart-type').getByText('X̄-S').click();
  const ds = await answer(await s);
  expect(ds.chart!.dispersion.statistic).toBe('S');
  await expectShown(page, ds);
  const i = spcResponse(page, `product-quality/${ringItem.id}`, 'I_MR');
  await page.getByTestId('spc-chart-type').getByText('I-MR').click();
  const di = await answer(await i);
  expect(di.chart!.location.pointCount).toBe(125);
  await expectShown(page, di);

  // The parameter: X̄-R of 5 consecutive values, 60 subgroups.
  await page.getByTestId('spc-kind').getByText('파라미터').click();
  const p = spcResponse(page, `parameter/${param.id}`);
  await chooseOption(page, 'spc-parameter', param.name, { type: true });
  const dp = await answer(await p);
  expect(dp.chart!.subgroupCount).toBe(VALUES / 5);
  await expectShown(page, dp);
  await expect(page.getByTestId('spc-result')).toContainText(`부분군 ${VALUES / 5}개 (크기 5)`);
  await shot(page, 'spc-parameter-kr-light');

  // The material side.
  await page.getByTestId('spc-kind').getByText('검사 항목').click();
  await page.getByTestId('spc-side').getByText('자재').click();
  await chooseOption(page, 'spc-owner', world.material.code, { type: true });
  const m = spcResponse(page, 'material-quality/');
  await chooseOption(page, 'spc-item', '두께');
  const dm = await answer(await m);
  expect(dm.chart!.subgroupCount).toBe(3);
  await expectShown(page, dm);
});

test('the result drawer opens the item chart, in English and dark', async ({ page, request, adminToken: token }) => {
  test.setTimeout(90_000);
  await setTheme(request, token, 'dark');
  await page.goto(`/quality/product/result?open=${firstResultId}`);
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('q-detail-info')).toBeVisible();
  const r = spcResponse(page, `product-quality/${ringItem.id}`);
  await page.getByTestId(`q-detail-spc-${ringItem.id}`).click();
  const drawer = page.getByTestId('spc-drawer');
  await expect(drawer).toBeVisible();
  const d = await answer(await r);
  await expectShown(page, d);
  await expect(drawer).toContainText('Inspections: 25');
  await expect(drawer.getByTestId('spc-flagged')).toContainText('74.0');
  await shot(page, 'spc-drawer-en-dark');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  await page.goto('/dataCollection/trend/spc');
  await page.getByTestId('spc-kind').getByText('Parameter').click();
  const p = spcResponse(page, `parameter/${param.id}`);
  await chooseOption(page, 'spc-parameter', param.name, { type: true });
  await expectShown(page, await answer(await p));
  await shot(page, 'spc-parameter-en-dark');
  await setTheme(request, token, 'light');
  await setLocale(page, request, token, 'kr');
});

test('without the standards’ view right the item picker says why', async ({ request, adminToken: token, signIn }) => {
  const roleItem = JSON.stringify([
    { name: 'trend', view: true },
    { name: 'productQualityResult', view: true },
  ]);
  const role = await postData(request, token, '/api/role', { name: `${pTag} SPC`, roleItem });
  const userId = uniq('spcu');
  const res = await request.post('/api/user', {
    headers: auth(token),
    data: { userId, username: 'SPC 사용자', password: 'test1234', roleIds: [role.id], enabled: true },
  });
  expect(res.status(), await res.text()).toBe(200);
  const s = await signIn({ userId, password: 'test1234' });
  try {
    await s.page.goto('/dataCollection/trend/spc');
    await s.page.getByTestId('spc-kind').getByText('검사 항목').click();
    // Only the product side (no material results right): no side switch; no product standards right: the note.
    await expect(s.page.getByTestId('spc-side')).toHaveCount(0);
    await expect(s.page.getByTestId('spc-no-standards')).toContainText('제품 품질 기준 조회 권한');
  } finally {
    await s.context.close();
  }
});
