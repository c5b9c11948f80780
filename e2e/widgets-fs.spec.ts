import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { seriousA11y, setLocale, setTheme, shot } from './helpers';

// The widgets' embedded pages (SPEC §2: /fs/good-bad-status?date&locationId, /fs/production-status?fromDate&toDate)
// on a TV's 1920 × 1080: no chrome, large figures that are the API's for the same query (the AI chat's production
// calls), a chart or table of the rows, a message for a bad query; in Korean light and English dark.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY_MS = 86_400_000;
/** The factory day (Asia/Seoul, as the browser of the tests) plus n days, yyyy-MM-dd. */
const seoulDay = (n = 0) => new Date(Date.now() + 9 * 3_600_000 + n * DAY_MS).toISOString().slice(0, 10);
/** The page's number texts (widget-charts.ts). */
const qty = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 5 });
const pct = (v: number | null) => (v == null ? '—' : `${v.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`);

type Node = { id: number; name: string; type: string; children?: Node[] };
type GoodBad = { rows: unknown[]; total: { goodQty: number; badQty: number; defectRate: number | null } };
type Figures = {
  plannedQty: number;
  goodQty: number;
  badQty: number;
  achievementRate: number | null;
  defectRate: number | null;
};
type ProdStatus = { total: Figures; products: unknown[] };

async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

/** The first factory of the tree (depth first), as the page defaults to. */
async function demoFactory(request: APIRequestContext, token: string) {
  const tree = await getData<Node[]>(request, token, '/api/location/tree?typeUntils=LINE');
  const first = (nodes: Node[]): Node | null => {
    for (const n of nodes) {
      if (n.type === 'FACTORY') return n;
      const below = first(n.children ?? []);
      if (below) return below;
    }
    return null;
  };
  const factory = first(tree);
  expect(factory, 'the demo data has a factory').not.toBeNull();
  return factory as Node;
}

async function noChrome(page: Page) {
  for (const chrome of ['desktop-shell', 'side-menu', 'top-bar', 'mobile-shell'])
    await expect(page.getByTestId(chrome)).toHaveCount(0);
}

test.describe('widgets on a TV', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  test('good / bad status of a day under a location: the API figures, large, a bar per line and tool', async ({
    page,
    request,
    adminToken: token,
  }) => {
    test.setTimeout(120_000);
    const factory = await demoFactory(request, token);
    // The latest day of the last two weeks with production (the demo's results), else today (the empty state).
    let day = seoulDay();
    let data: GoodBad | null = null;
    for (let n = 0; n > -14; n--) {
      const d = await getData<GoodBad>(
        request,
        token,
        `/api/ai-chat/production/good-bad-status?date=${seoulDay(n)}&locationId=${factory.id}`,
      );
      if (n === 0) data = d;
      if (d.rows.length) {
        day = seoulDay(n);
        data = d;
        break;
      }
    }
    const answer = data as GoodBad;

    await page.goto(`/fs/good-bad-status?date=${day}&locationId=${factory.id}`);
    await expect(page.getByTestId('fs-good-bad')).toBeVisible();
    await noChrome(page);
    await expect(page.getByTestId('fs-good-bad-title')).toContainText(factory.name);
    await expect(page.getByTestId('fs-good-bad-title')).toContainText(`${day} 양품/불량 현황`);
    await expect(page.getByTestId('fs-good-bad-good')).toHaveText(qty(answer.total.goodQty));
    await expect(page.getByTestId('fs-good-bad-bad')).toHaveText(qty(answer.total.badQty));
    await expect(page.getByTestId('fs-good-bad-rate')).toHaveText(pct(answer.total.defectRate));
    if (answer.rows.length) {
      await expect(page.getByTestId('fs-good-bad-chart-box')).toHaveAttribute('data-rows', String(answer.rows.length));
      await expect(page.getByTestId('fs-good-bad-chart')).toHaveAttribute('data-ready', 'true');
    } else await expect(page.getByTestId('fs-good-bad-empty')).toBeVisible();
    // Large type, readable across a room; the page fits the screen.
    const size = await page
      .getByTestId('fs-good-bad-good')
      .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(size).toBeGreaterThanOrEqual(48);
    expect((await page.getByTestId('fs-good-bad').boundingBox())?.height).toBeLessThanOrEqual(1080);
    await expect(page.getByTestId('fs-good-bad-updated')).toBeVisible();
    await shot(page, 'fs-good-bad-status-tv-kr-light');
    expect(await seriousA11y(page)).toEqual([]);

    // Without a query: today at the first factory.
    await page.goto('/fs/good-bad-status');
    await expect(page.getByTestId('fs-good-bad-title')).toContainText(`${seoulDay()} 양품/불량 현황`);
    await expect(page.getByTestId('fs-good-bad-good')).toBeVisible();

    // Bad values: a message naming them, and a way back to today.
    await page.goto(`/fs/good-bad-status?date=2026-02-30&locationId=${factory.id}`);
    await expect(page.getByTestId('fs-good-bad-error')).toContainText('"2026-02-30" 날짜는 표시할 수 없습니다');
    await page.goto('/fs/good-bad-status?locationId=abc');
    await expect(page.getByTestId('fs-good-bad-error')).toContainText('"abc" 위치는 표시할 수 없습니다');
    await page.goto('/fs/good-bad-status?locationId=2000000000');
    await expect(page.getByTestId('fs-good-bad-error')).toContainText('현황을 불러오지 못했습니다');
    await page.getByRole('button', { name: '오늘 보기' }).click();
    await expect(page.getByTestId('fs-good-bad-good')).toBeVisible();

    // English and dark.
    await setTheme(request, token, 'dark');
    await page.goto(`/fs/good-bad-status?date=${day}&locationId=${factory.id}`);
    await setLocale(page, request, token, 'en');
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('fs-good-bad-title')).toContainText(`good / bad of ${day}`);
    await expect(page.getByTestId('fs-good-bad-good')).toHaveText(qty(answer.total.goodQty));
    if (answer.rows.length) await expect(page.getByTestId('fs-good-bad-chart')).toHaveAttribute('data-ready', 'true');
    await shot(page, 'fs-good-bad-status-tv-en-dark');
    expect(await seriousA11y(page, 'color-contrast')).toEqual([]);
  });

  test('production status of a period: the API figures, large, a row per product', async ({
    page,
    request,
    adminToken: token,
  }) => {
    test.setTimeout(120_000);
    const fromDate = seoulDay(-6);
    const toDate = seoulDay();
    const answer = await getData<ProdStatus>(
      request,
      token,
      `/api/ai-chat/production/prod-status?fromDate=${fromDate}&toDate=${toDate}`,
    );

    await page.goto(`/fs/production-status?fromDate=${fromDate}&toDate=${toDate}`);
    await expect(page.getByTestId('fs-prod-status')).toBeVisible();
    await noChrome(page);
    await expect(page.getByTestId('fs-prod-status-title')).toHaveText(`생산 현황 · ${fromDate} ~ ${toDate}`);
    await expect(page).toHaveTitle(`생산 현황 · ${fromDate} ~ ${toDate} - eQMS`);
    const t = answer.total;
    await expect(page.getByTestId('fs-prod-status-planned')).toHaveText(qty(t.plannedQty));
    await expect(page.getByTestId('fs-prod-status-good')).toHaveText(qty(t.goodQty));
    await expect(page.getByTestId('fs-prod-status-bad')).toHaveText(qty(t.badQty));
    await expect(page.getByTestId('fs-prod-status-achievement')).toHaveText(pct(t.achievementRate));
    await expect(page.getByTestId('fs-prod-status-defect')).toHaveText(pct(t.defectRate));
    if (answer.products.length)
      await expect(page.getByTestId('fs-prod-status-row')).toHaveCount(answer.products.length);
    else await expect(page.getByTestId('fs-prod-status-empty')).toBeVisible();
    const size = await page
      .getByTestId('fs-prod-status-planned')
      .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(size).toBeGreaterThanOrEqual(48);
    expect((await page.getByTestId('fs-prod-status').boundingBox())?.height).toBeLessThanOrEqual(1080);
    await shot(page, 'fs-production-status-tv-kr-light');
    expect(await seriousA11y(page)).toEqual([]);

    // Without a query: today … today.
    const today = await getData<ProdStatus>(
      request,
      token,
      `/api/ai-chat/production/prod-status?fromDate=${toDate}&toDate=${toDate}`,
    );
    await page.goto('/fs/production-status');
    await expect(page.getByTestId('fs-prod-status-title')).toHaveText(`생산 현황 · ${toDate}`);
    await expect(page.getByTestId('fs-prod-status-planned')).toHaveText(qty(today.total.plannedQty));

    // Bad periods: named, and a way back to today.
    await page.goto('/fs/production-status?fromDate=2026-13-01');
    await expect(page.getByTestId('fs-prod-status-error')).toContainText('"2026-13-01" 날짜는 표시할 수 없습니다');
    await page.goto(`/fs/production-status?fromDate=${toDate}&toDate=${fromDate}`);
    await expect(page.getByTestId('fs-prod-status-error')).toContainText('종료일이 시작일보다 앞설 수 없습니다');
    await page.goto('/fs/production-status?fromDate=2026-01-01&toDate=2026-12-31');
    await expect(page.getByTestId('fs-prod-status-error')).toContainText('기간은 최대 93일입니다');
    await page.getByRole('button', { name: '오늘 보기' }).click();
    await expect(page.getByTestId('fs-prod-status-title')).toHaveText(`생산 현황 · ${toDate}`);

    // English and dark.
    await setTheme(request, token, 'dark');
    await page.goto(`/fs/production-status?fromDate=${fromDate}&toDate=${toDate}`);
    await setLocale(page, request, token, 'en');
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('fs-prod-status-title')).toHaveText(`Production status · ${fromDate} ~ ${toDate}`);
    await expect(page.getByTestId('fs-prod-status-good')).toHaveText(qty(t.goodQty));
    await shot(page, 'fs-production-status-tv-en-dark');
    expect(await seriousA11y(page, 'color-contrast')).toEqual([]);
  });
});
