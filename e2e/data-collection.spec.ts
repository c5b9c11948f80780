import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, confirmOk, postData, saveLocale, setLocale, setTheme, shot, uniq } from './helpers';
import { auth } from './production-world';

// Machine data screens (issue 15 "Machine data", /dataCollection/trend and /dataCollection/correlation). The data is
// pushed the way a machine does: an ingest key made by the administrator, then POST /api/trace-data/ingest with the
// key in x-api-key. Two tools: T1 with a temperature (℃, 180–220) and a pressure (bar, 10–20), T2 with a speed that
// follows the temperature. Every 30 s over the last 6 hours, with a few values out of their limits.
// Trend: two parameters on two y-axes, the out-of-limit counts and the spec-out rows are the API's, a wheel zoom asks
// the server for the narrower window (the real gesture, no test hook), a period over 7 days shows the contract's
// message on the field. Correlation: r and n equal to the API's answer, 2 days at most, two different parameters.
// Korean and English, light and dark.
test.describe.configure({ mode: 'serial' });

const tag = uniq('dc');
const STEP_MS = 30_000;
const POINTS = 720; // 6 hours
let ids: { temp: number; press: number; speed: number };
let start: number;

const temp = (i: number) => (i % 150 === 75 ? 232 : 200 + 10 * Math.sin(i / 20));
const press = (i: number) => (i % 200 === 100 ? 6 : 15 + 3 * Math.cos(i / 30));
const speed = (i: number) => 2 * temp(i) - 100 + ((i * 7919) % 13) - 6;

test.beforeAll(async ({ request }) => {
  const token = await apiToken(request);
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
  const t1 = await postData(request, token, '/api/tool', {
    code: `${tag}-T1`,
    name: `${tag} 사출기`,
    locationId: line.id,
  });
  const t2 = await postData(request, token, '/api/tool', {
    code: `${tag}-T2`,
    name: `${tag} 냉각기`,
    locationId: line.id,
  });
  const param = (
    toolId: number,
    code: string,
    name: string,
    unit: string,
    lowerLimit: number | null,
    upperLimit: number | null,
  ) =>
    postData(request, token, '/api/parameter', {
      toolId,
      code,
      name,
      unit,
      dataType: 'NUMBER',
      lowerLimit,
      upperLimit,
      sampleInterval: 30,
    });
  ids = {
    temp: (await param(t1.id, 'TEMP', `${tag} 금형 온도`, '℃', 180, 220)).id,
    press: (await param(t1.id, 'PRESS', `${tag} 사출 압력`, 'bar', 10, 20)).id,
    speed: (await param(t2.id, 'SPEED', `${tag} 회전 속도`, 'rpm', null, null)).id,
  };
  // A gateway key for every tool; the key is in the create answer only.
  const key = await postData<{ key: string }>(request, token, '/api/trace-data/ingest-keys', {
    name: `${tag} gateway`,
  });
  start = Math.floor((Date.now() - POINTS * STEP_MS) / 1000) * 1000;
  const points = Array.from({ length: POINTS }, (_, i) => [
    { parameterId: ids.temp, ts: start + i * STEP_MS, value: temp(i) },
    { parameterId: ids.press, ts: start + i * STEP_MS, value: press(i) },
    { toolCode: `${tag}-T2`, parameterCode: 'SPEED', ts: start + i * STEP_MS, value: speed(i) },
  ]).flat();
  const res = await request.post('/api/trace-data/ingest', { headers: { 'x-api-key': key.key }, data: { points } });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()).data;
  expect(body.inserted).toBe(POINTS * 3);
  expect(body.specOuts).toBeGreaterThan(0);
});

const span = (req: Request) => {
  const u = new URL(req.url());
  return Date.parse(u.searchParams.get('endDt')!) - Date.parse(u.searchParams.get('startDt')!);
};
const isTrend = (req: Request) => req.url().includes('/api/traceRawData/trendDatas');
const iso = (ms: number) => new Date(ms).toISOString();

async function trendApi(request: APIRequestContext, token: string, from: number, to: number) {
  const q = `parameterIds=${ids.temp}&parameterIds=${ids.press}&startDt=${iso(from)}&endDt=${iso(to)}&width=800`;
  const res = await request.get(`/api/traceRawData/trendDatas?${q}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { parameterId: number; rawCount: number; outOfLimitTotal: number }[];
}

async function openTrend(page: Page, query: string) {
  const first = page.waitForRequest(isTrend);
  await page.goto(`/dataCollection/trend?${query}`);
  const req = await first;
  await expect(page.getByTestId('trend-chart')).toHaveAttribute('data-ready', 'true');
  return req;
}

test('trend: two parameters on two axes, limits and out-of-limit points, spec-out rows, zoom re-queries the server', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(90_000);
  const to = Date.now() + 60_000;
  const from = to - 24 * 3_600_000;
  const api = await trendApi(request, token, from, to);
  const out = Object.fromEntries(api.map((s) => [s.parameterId, s.outOfLimitTotal]));
  expect(out[ids.temp]).toBeGreaterThan(0);
  expect(out[ids.press]).toBeGreaterThan(0);

  // Every trend request, to compare the zoom's width with the last one before it.
  const asked: Request[] = [];
  page.on('request', (r) => isTrend(r) && asked.push(r));
  const req = await openTrend(page, `params=${ids.temp},${ids.press}`);
  await expect(page.getByTestId('page-title')).toHaveText('트렌드');
  // The request asks for the plot's own width in pixels (the chart box less the axes' room), over the default 24 h.
  const widthOf = (r: Request) => Number(new URL(r.url()).searchParams.get('width'));
  const width = widthOf(req);
  expect(width).toBeGreaterThan(600);
  expect(width).toBeLessThan(1440);
  expect(span(req)).toBe(24 * 3_600_000);
  const box = page.getByTestId('trend-chart-box');
  await expect(box).toHaveAttribute('data-series', '2');
  await expect(box).toHaveAttribute('data-axes', '2');
  await expect(page.getByTestId('trend-chart').locator('canvas').first()).toBeVisible();
  const series = page.getByTestId('trend-series');
  await expect(series).toHaveCount(2);
  await expect(page.locator(`[data-testid=trend-series][data-parameter-id="${ids.temp}"]`)).toHaveAttribute(
    'data-out-of-limit',
    String(out[ids.temp]),
  );
  await expect(page.locator(`[data-testid=trend-series][data-parameter-id="${ids.press}"]`)).toHaveAttribute(
    'data-out-of-limit',
    String(out[ids.press]),
  );
  // The spec-out list of the same parameters and period: every out-of-limit point, the spikes above and the dips below.
  // Machine data only: the period also holds other tests' failed inspections (the list's other source).
  const specOut = page.getByTestId('spec-out-table');
  await specOut.getByTestId('spec-out-source-PARAMETER').click();
  await expect(specOut.getByTestId('spec-out-table-count')).toHaveText(`${out[ids.temp] + out[ids.press]}건`);
  await expect(specOut.getByTestId('spec-out-value').first()).toBeVisible();
  await expect(specOut).toContainText('상한 초과');
  await expect(specOut).toContainText('하한 미만');
  // The last request's width is the plot's: the chart less the two axes' room (64 px each side).
  await expect
    .poll(async () => (await page.getByTestId('trend-chart').boundingBox())!.width - 128 - widthOf(asked.at(-1)!))
    .toBe(0);
  await shot(page, 'data-collection-trend-kr-light');

  // Zoom with the wheel over the plot: the server is asked again for the narrower window, at the same width.
  const plot = (await page.getByTestId('trend-chart').boundingBox())!;
  const before = asked.length;
  const zoomed = page.waitForRequest((r) => isTrend(r) && span(r) < 24 * 3_600_000);
  await page.mouse.move(plot.x + plot.width * 0.8, plot.y + plot.height / 2);
  for (let i = 0; i < 4; i++) {
    await page.mouse.wheel(0, -400);
    await page.waitForTimeout(120);
  }
  const zoomReq = await zoomed;
  expect(widthOf(zoomReq)).toBe(widthOf(asked[before - 1]));
  await expect(page.getByTestId('trend-zoom-reset')).toBeVisible();
  await expect(box).not.toHaveAttribute(
    'data-from',
    String(Date.parse(new URL(req.url()).searchParams.get('startDt')!)),
  );
  await expect(box).toHaveAttribute('aria-busy', 'false');
  await shot(page, 'data-collection-trend-zoomed-kr-light');
  // Back to the whole period: asked again for 24 h.
  const whole = page.waitForRequest((r) => isTrend(r) && span(r) === 24 * 3_600_000);
  await page.getByTestId('trend-zoom-reset').click();
  await whole;
  await expect(page.getByTestId('trend-zoom-reset')).toBeHidden();

  // The raw rows of the period, paged on the server, and their workbook.
  await page.getByTestId('trend-tab-raw').click();
  const raw = page.getByTestId('raw-data-table');
  await expect(raw.getByTestId('raw-data-table-count')).toHaveText(`${POINTS * 2}건`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    raw.getByTestId('raw-data-table-export').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
});

test('trend: a period over 7 days is refused on the field with the contract message', async ({ page }) => {
  const to = Date.now();
  await page.goto(`/dataCollection/trend?params=${ids.temp}&from=${iso(to - 8 * 86_400_000)}&to=${iso(to)}`);
  await expect(page.getByTestId('trend-period-error')).toHaveText('기간은 최대 7일까지 선택할 수 있습니다.');
  await expect(page.getByTestId('trend-refused')).toBeVisible();
  // A quick range puts it right.
  await page.getByTestId('trend-period-quick-7d').click();
  await expect(page.getByTestId('trend-period-error')).toBeHidden();
  await expect(page.getByTestId('trend-chart')).toHaveAttribute('data-ready', 'true');
});

async function correlationApi(
  request: APIRequestContext,
  token: string,
  x: number,
  y: number,
  from: number,
  to: number,
) {
  const q = `xParameterId=${x}&yParameterId=${y}&startDt=${iso(from)}&endDt=${iso(to)}`;
  const res = await request.get(`/api/correlation/datas?${q}`, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { r: number; n: number; slope: number; intercept: number };
}

const fmt4 = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 }).format(v);

test('correlation: r and n are the API’s, 2 days at most, two different parameters; Korean and English, light and dark', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(90_000);
  const to = Math.ceil(Date.now() / 1000) * 1000;
  const from = to - 12 * 3_600_000;
  const api = await correlationApi(request, token, ids.temp, ids.speed, from, to);
  expect(api.n).toBe(POINTS);
  expect(api.r).toBeGreaterThan(0.9);
  await page.goto(`/dataCollection/correlation?x=${ids.temp}&y=${ids.speed}&from=${iso(from)}&to=${iso(to)}`);
  await expect(page.getByTestId('page-title')).toHaveText('상관 분석');
  await expect(page.getByTestId('correlation-r')).toHaveText(fmt4(api.r));
  await expect(page.getByTestId('correlation-n')).toHaveText(String(api.n));
  await expect(page.getByTestId('correlation-slope')).toHaveText(fmt4(api.slope));
  await expect(page.getByTestId('correlation-scatter')).toHaveAttribute('data-ready', 'true');
  await expect(page.getByTestId('correlation-series')).toHaveAttribute('data-ready', 'true');
  await shot(page, 'data-collection-correlation-kr-light');

  // Over 2 days: the contract's message on the period.
  await page.goto(
    `/dataCollection/correlation?x=${ids.temp}&y=${ids.speed}&from=${iso(to - 3 * 86_400_000)}&to=${iso(to)}`,
  );
  await expect(page.getByTestId('correlation-period-error')).toHaveText('기간은 최대 2일까지 선택할 수 있습니다.');
  // The same parameter twice: on the Y field.
  await page.goto(`/dataCollection/correlation?x=${ids.temp}&y=${ids.temp}&from=${iso(from)}&to=${iso(to)}`);
  await expect(page.getByTestId('correlation-y-error')).toHaveText('서로 다른 두 파라미터를 선택하세요.');

  try {
    await setTheme(request, token, 'dark');
    await page.goto(`/dataCollection/correlation?x=${ids.temp}&y=${ids.speed}&from=${iso(from)}&to=${iso(to)}`);
    await setLocale(page, request, token, 'en');
    await expect(page.getByTestId('page-title')).toHaveText('Correlation');
    await expect(page.getByTestId('correlation-result')).toContainText('Pearson r');
    await expect(page.getByTestId('correlation-r')).toHaveText(fmt4(api.r));
    await expect(page.getByTestId('correlation-scatter')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'data-collection-correlation-en-dark');
    await page.goto(
      `/dataCollection/correlation?x=${ids.temp}&y=${ids.speed}&from=${iso(to - 3 * 86_400_000)}&to=${iso(to)}`,
    );
    await expect(page.getByTestId('correlation-period-error')).toHaveText('The period may span at most 2 days.');

    await openTrend(page, `params=${ids.temp},${ids.press}`);
    await expect(page.getByTestId('page-title')).toHaveText('Trend');
    await expect(page.getByTestId('spec-out-table')).toContainText('Above upper');
    await shot(page, 'data-collection-trend-en-dark');
    await page.goto(`/dataCollection/trend?params=${ids.temp}&from=${iso(to - 8 * 86_400_000)}&to=${iso(to)}`);
    await expect(page.getByTestId('trend-period-error')).toHaveText('The period may span at most 7 days.');
    await setTheme(request, token, 'light');
    await openTrend(page, `params=${ids.temp},${ids.press}`);
    await shot(page, 'data-collection-trend-en-light');
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'dark');
    await page.evaluate(() => localStorage.setItem('eqms.locale', 'kr'));
    await openTrend(page, `params=${ids.temp},${ids.press}`);
    await expect(page.getByTestId('page-title')).toHaveText('트렌드');
    await shot(page, 'data-collection-trend-kr-dark');
  } finally {
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'light');
  }
});

test('machine connection on the parameter screen: a key shown once, used by a machine, revoked after a confirmation', async ({
  page,
  request,
}) => {
  await page.goto('/dataCollection/parameter');
  await page.getByTestId('ingest-keys-open').click();
  const drawer = page.getByTestId('ingest-keys-drawer');
  await expect(drawer.getByTestId('ingest-keys-table')).toBeVisible();
  await drawer.getByTestId('ingest-key-create').click();
  // The name is required: the contract's message on the field.
  await page.getByTestId('ingest-key-form-submit').click();
  await expect(page.getByTestId('ingest-key-form')).toContainText('필수 입력 항목입니다');
  const name = `${tag} 라인 게이트웨이`;
  await page.getByTestId('ingest-key-form-name').fill(name);
  await page.getByTestId('ingest-key-form-submit').click();
  const secret = page.getByTestId('ingest-key-secret');
  await expect(secret).toContainText('eqk_');
  const key = (await secret.textContent())!.trim();
  await shot(page, 'data-collection-ingest-key-created-kr-light');
  await page.getByTestId('ingest-key-created').getByRole('button', { name: '복사했습니다' }).click();
  await expect(secret).toBeHidden();
  const row = drawer.locator('tr.ant-table-row', { hasText: name });
  await expect(row.getByTestId('ingest-key-status')).toHaveAttribute('data-status', 'active');
  // A machine sends with it.
  const point = { points: [{ parameterId: ids.temp, ts: Date.now(), value: 201 }] };
  const sent = await request.post('/api/trace-data/ingest', { headers: { 'x-api-key': key }, data: point });
  expect(sent.status(), await sent.text()).toBe(200);
  // Revoked after a confirmation: the next request is refused.
  await row.getByTestId('ingest-key-revoke').click();
  await confirmOk(page);
  await expect(row.getByTestId('ingest-key-status')).toHaveAttribute('data-status', 'revoked');
  await shot(page, 'data-collection-ingest-keys-kr-light');
  const refused = await request.post('/api/trace-data/ingest', { headers: { 'x-api-key': key }, data: point });
  expect(refused.status()).toBe(401);
});
