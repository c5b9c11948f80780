import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { postData, seriousA11y, setLocale, setTheme, shot, uniq, visibleDropdown } from './helpers';

// The production plan calendar (issue 13): a factory with two lines, four plans of one product (two operations each)
// on the first line and one plan of another product on the second, all in one week of next month, their targets
// spread over the weekdays through the API. The plan screen's calendar tab: choose the factory, go to next month, read
// the entries of a day by line, open the whole day from "+N more", open a plan from an entry; in English and dark.
// The embedded /fs/production-plan-calendar page: no chrome, the factory and month in its title, today highlighted,
// a message for a bad month or location; at a TV's 1920 × 1080. And the time a month of the demo factory takes to
// render after its answer arrives, on both.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const DAY_MS = 86_400_000;
/** The factory day (Asia/Seoul, as the browser of the tests) plus n days, yyyy-MM-dd. */
const seoulDay = (n = 0) => new Date(Date.now() + 9 * 3_600_000 + n * DAY_MS).toISOString().slice(0, 10);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** Next month (YYYY-MM), its title in Korean, and a Monday-to-Friday week inside it (the Monday on or after the 8th). */
function nextMonthWeek() {
  const [y, m] = seoulDay().split('-').map(Number);
  const first = new Date(Date.UTC(y, m, 1));
  const eighth = new Date(Date.UTC(y, m, 8));
  const monday = new Date(eighth.getTime() + ((8 - eighth.getUTCDay()) % 7) * DAY_MS);
  return {
    yearMonth: iso(first).slice(0, 7),
    krTitle: `${first.getUTCFullYear()}년 ${first.getUTCMonth() + 1}월`,
    monday: iso(monday),
    friday: iso(new Date(monday.getTime() + 4 * DAY_MS)),
  };
}

type World = Awaited<ReturnType<typeof seed>>;

/** The factory, its lines, two products and five plans with daily plans (each operation's 100 spread: 20 a day). */
async function seed(request: APIRequestContext, token: string) {
  const tag = uniq('PC').toUpperCase();
  const site = await postData(request, token, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const line1 = await postData(request, token, '/api/location', {
    name: `${tag} 1라인`,
    type: 'LINE',
    parentId: factory.id,
  });
  const line2 = await postData(request, token, '/api/location', {
    name: `${tag} 2라인`,
    type: 'LINE',
    parentId: factory.id,
  });
  const mould = await postData(request, token, '/api/operation', { code: `${tag}-1`, name: '사출 성형' });
  const pack = await postData(request, token, '/api/operation', { code: `${tag}-2`, name: '포장' });
  const check = await postData(request, token, '/api/operation', { code: `${tag}-3`, name: '외관 검사' });
  const product = async (suffix: string, operations: number[]) => {
    const p = await postData(request, token, '/api/product/product', {
      code: `${tag}-${suffix}`,
      name: `${tag} 제품 ${suffix}`,
      type: 'FINISHED',
      unit: 'EA',
    });
    await postData(request, token, '/api/operationplan/plans', {
      productId: p.id,
      plans: operations.map((operationId) => ({ operationId })),
    });
    return p;
  };
  const case_ = await product('P', [mould.id, pack.id]);
  const cover = await product('Q', [check.id]);
  const week = nextMonthWeek();
  const plan = async (productId: number, lineId: number) => {
    const p = await postData<{ id: number }>(request, token, '/api/productionplan/plan', {
      productId,
      qty: 100,
      startDt: week.monday,
      endDt: week.friday,
      lineId,
    });
    const res = await request.get(`/api/productionplan/plan/${p.id}/operplans`, { headers: auth(token) });
    const operPlans = (await res.json()).data as { id: number }[];
    for (const o of operPlans)
      await postData(request, token, '/api/productionplan/operplan/daily-plans', { operPlanId: o.id, spread: {} });
    return { id: p.id, operPlans };
  };
  const casePlans = [];
  for (let i = 0; i < 4; i++) casePlans.push(await plan(case_.id, line1.id));
  const coverPlan = await plan(cover.id, line2.id);
  return { tag, factory, line1, line2, case_, cover, casePlans, coverPlan, week };
}

/** Chooses a location of a location tree select by its name. */
async function chooseLocation(page: Page, testId: string, name: string) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    if (!(await visibleDropdown(page).count())) await select.click();
    await select.locator('input').first().fill(name);
    await visibleDropdown(page).locator('.ant-select-tree-title', { hasText: name }).first().click({ timeout: 2000 });
    await expect(select).toContainText(name, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

const ENTRY = '[data-testid=plan-calendar-entry], [data-testid=fs-calendar-entry]';

/**
 * Notes the next frame (its paint) after `selector` first matches in the page, and when it was asked for: the next
 * pointer press (a click's start, not Playwright's checks before it), or now when no click follows (a page load).
 */
function armPaint(selector: string) {
  const w = window as unknown as { __calendarPaint?: number; __armedAt?: number };
  w.__calendarPaint = undefined;
  w.__armedAt = performance.now();
  document.addEventListener(
    'pointerdown',
    (e) => {
      w.__armedAt = e.timeStamp;
    },
    { capture: true, once: true },
  );
  const seen = () => document.querySelector(selector);
  const done = () =>
    requestAnimationFrame(() => {
      w.__calendarPaint = performance.now();
    });
  if (seen()) return done();
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    done();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/**
 * From the moment armed: the time to the frame with the calendar's entries (`open`), and from the end of the last
 * daily-plans answer before that frame (Resource Timing) to it (`render`, null when no request was made: the month came
 * from the cache); `answer` is that request's own time.
 */
async function paintTimes(page: Page) {
  const handle = await page.waitForFunction(
    () => {
      const w = window as unknown as { __calendarPaint?: number; __armedAt?: number };
      const paint = w.__calendarPaint;
      if (paint === undefined) return null;
      const armed = w.__armedAt ?? 0;
      const res = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((e) => e.name.includes('/daily-plans?') && e.startTime >= armed && e.responseEnd <= paint)
        .at(-1);
      return {
        open: Math.round(paint - armed),
        render: res ? Math.round(paint - res.responseEnd) : null,
        answer: res ? Math.round(res.duration) : null,
      };
    },
    null,
    { timeout: 30_000 },
  );
  return (await handle.jsonValue()) as { open: number; render: number | null; answer: number | null };
}

test.describe('production plan calendar', () => {
  // Made once, by the first test that needs it (the tests of a file run in order in one worker).
  let made: World | undefined;
  const worldOf = async (request: APIRequestContext, token: string) => {
    made ??= await seed(request, token);
    return made;
  };

  test('the calendar tab: months, a day by line, +N more, a plan opened from an entry; English and dark', async ({
    page,
    request,
    adminToken: token,
  }) => {
    // A journey of a dozen steps with its data made first: 2–3 minutes when both workers and their servers are busy.
    test.setTimeout(180_000);
    const world = await worldOf(request, token);
    const { week, case_, cover } = world;
    await page.goto('/production/plan');
    await expect(page.getByTestId('page-productionPlan')).toBeVisible();
    await page.getByTestId('plan-view-calendar').click();
    const panel = page.getByTestId('plan-calendar-panel');
    await expect(panel).toBeVisible();
    // The first factory until one is chosen, this month.
    await expect(page.getByTestId('plan-calendar-location')).not.toBeEmpty();
    const [y, m] = seoulDay().split('-').map(Number);
    await expect(page.getByTestId('plan-calendar-title')).toHaveText(`${y}년 ${m}월`);
    await expect(page.getByTestId('plan-calendar-weekday')).toHaveText(['월', '화', '수', '목', '금', '토', '일']);
    await expect(page.getByTestId('plan-calendar-today')).toBeDisabled();
    await expect(page.locator(`[data-testid=plan-calendar-day-${seoulDay()}]`)).toHaveAttribute('data-today', 'true');

    await chooseLocation(page, 'plan-calendar-location', `${world.tag} 공장`);
    await page.getByTestId('plan-calendar-next').click();
    await expect(page.getByTestId('plan-calendar-title')).toHaveText(week.krTitle);
    await expect(page).toHaveURL(new RegExp(`month=${week.yearMonth}`));
    await expect(page).toHaveURL(new RegExp(`calLocationId=${world.factory.id}`));

    // Monday: the first line's name beside the date, its first five daily plans (product code, operation, target/good),
    // and "+4" for the other three of the first line and the second line's one.
    const monday = page.getByTestId(`plan-calendar-day-${week.monday}`);
    const entries = monday.getByTestId('plan-calendar-entry');
    await expect(entries).toHaveCount(5);
    await expect(entries.nth(0)).toHaveText(`${case_.code} 사출 성형 20/0`);
    await expect(entries.nth(1)).toHaveText(`${case_.code} 포장 20/0`);
    await expect(entries.nth(0)).toHaveAttribute('data-status', 'PLAN_COMPLETED');
    await expect(monday.getByTestId('plan-calendar-line')).toHaveText([`${world.tag} 1라인`]);
    await expect(page.getByTestId(`plan-calendar-more-${week.monday}`)).toHaveText('+4건');
    // The weekend has none; the days of the months around are marked as such.
    await expect(
      page.getByTestId(`plan-calendar-day-${nextDay(week.friday, 1)}`).getByTestId('plan-calendar-entry'),
    ).toHaveCount(0);
    await expect(page.getByTestId(`plan-calendar-day-${week.yearMonth}-01`)).toHaveAttribute('data-in-month', 'true');
    const dayBefore = page.getByTestId(`plan-calendar-day-${nextDay(`${week.yearMonth}-01`, -1)}`);
    if (new Date(`${week.yearMonth}-01T00:00:00Z`).getUTCDay() === 1) await expect(dayBefore).toHaveCount(0);
    else await expect(dayBefore).toHaveAttribute('data-in-month', 'false');
    await expect(page.getByTestId('plan-calendar-legend')).toContainText('작업 중');
    await shot(page, 'production-plan-calendar-kr-light');
    expect(await seriousA11y(page)).toEqual([]);

    // The whole day: both lines, nine daily plans; the second line's opens its plan in the detail, its operation chosen.
    await page.getByTestId(`plan-calendar-more-${week.monday}`).click();
    const list = page.getByTestId('plan-calendar-day-list');
    await expect(list).toBeVisible();
    await expect(list.getByTestId('plan-calendar-list-entry')).toHaveCount(9);
    await expect(list.getByTestId('plan-calendar-line')).toHaveText([`${world.tag} 1라인`, `${world.tag} 2라인`]);
    await shot(page, 'production-plan-calendar-more-kr-light');
    await list.getByTestId('plan-calendar-list-entry').filter({ hasText: cover.code }).click();
    await expect(list).toBeHidden();
    const detail = page.getByTestId('plan-detail');
    await expect(detail.getByTestId('plan-detail-title')).toContainText(cover.code);
    await expect(page).toHaveURL(new RegExp(`planId=${world.coverPlan.id}`));
    await expect(page.getByTestId('daily-card')).toContainText('외관 검사');
    await expect(page.getByTestId('daily-table').locator('tr.ant-table-row')).toHaveCount(5);

    // An entry of the cell: the first plan with its second operation (포장) chosen.
    await entries.nth(1).click();
    await expect(detail.getByTestId('plan-detail-title')).toContainText(case_.code);
    await expect(page).toHaveURL(new RegExp(`planId=${world.casePlans[0].id}`));
    await expect(page).toHaveURL(new RegExp(`operPlanId=${world.casePlans[0].operPlans[1].id}`));
    await expect(page.getByTestId('daily-card')).toContainText('포장');

    // Back a month and forward again; then the list tab with its table.
    await page.getByTestId('plan-calendar-prev').click();
    await expect(page.getByTestId('plan-calendar-title')).toHaveText(`${y}년 ${m}월`);
    await expect(page.getByTestId('plan-calendar-today')).toBeDisabled();
    await page.getByTestId('plan-calendar-next').click();
    await expect(entries).toHaveCount(5);

    // English and dark: the same view after a reload (its state is in the URL).
    await setTheme(request, token, 'dark');
    await setLocale(page, request, token, 'en');
    await expect(page.getByTestId('plan-view-calendar')).toHaveText('Calendar');
    await expect(page.getByTestId('plan-calendar-weekday').first()).toHaveText('Mon');
    await expect(page.getByTestId(`plan-calendar-more-${week.monday}`)).toHaveText('+4 more');
    await expect(page.getByTestId('plan-calendar-legend')).toContainText('Work completed');
    await expect(entries.nth(0)).toHaveText(`${case_.code} 사출 성형 20/0`);
    await page.getByTestId('plan-calendar-panel').scrollIntoViewIfNeeded();
    await shot(page, 'production-plan-calendar-en-dark');
    expect(await seriousA11y(page, 'color-contrast')).toEqual([]);
    await page.getByTestId('plan-view-list').click();
    await expect(page.getByTestId('plan-table')).toBeVisible();
  });

  test('the embedded page: no chrome, title, today, bad values; at 1920 × 1080 in both languages and themes', async ({
    page,
    request,
    adminToken: token,
  }) => {
    test.setTimeout(180_000);
    const world = await worldOf(request, token);
    const { week, case_, factory } = world;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`/fs/production-plan-calendar?yearMonth=${week.yearMonth}&locationId=${factory.id}`);
    const fs = page.getByTestId('fs-plan-calendar');
    await expect(fs).toBeVisible();
    for (const chrome of ['desktop-shell', 'side-menu', 'top-bar', 'mobile-shell'])
      await expect(page.getByTestId(chrome)).toHaveCount(0);
    await expect(page.getByTestId('fs-calendar-title')).toHaveText(`${world.tag} 공장 · ${week.krTitle} 생산 계획`);
    await expect(page).toHaveTitle(`${world.tag} 공장 · ${week.krTitle} 생산 계획 - eQMS`);
    const monday = page.getByTestId(`fs-calendar-day-${week.monday}`);
    await expect(monday.getByTestId('fs-calendar-entry').first()).toHaveText(`${case_.code} 사출 성형 20/0`);
    // Read-only on a TV: the entries are not buttons; the cell fills its share of the screen.
    await expect(page.locator('button[data-testid=fs-calendar-entry]')).toHaveCount(0);
    await expect(page.getByTestId(`fs-calendar-more-${week.monday}`)).toBeVisible();
    await expect(page.getByTestId('fs-calendar-updated')).toBeVisible();
    const box = await page.getByTestId('fs-plan-calendar').boundingBox();
    expect(box?.height).toBeLessThanOrEqual(1080);
    await shot(page, 'fs-production-plan-calendar-tv-kr-light');
    expect(await seriousA11y(page)).toEqual([]);

    // A line alone: no line names, its plans only.
    await page.goto(`/fs/production-plan-calendar?yearMonth=${week.yearMonth}&locationId=${world.line2.id}`);
    await expect(page.getByTestId('fs-calendar-title')).toHaveText(
      `${world.tag} 공장 / ${world.tag} 2라인 · ${week.krTitle} 생산 계획`,
    );
    await expect(page.getByTestId(`fs-calendar-day-${week.monday}`).getByTestId('fs-calendar-entry')).toHaveText([
      `${world.cover.code} 외관 검사 20/0`,
    ]);
    await expect(page.getByTestId('plan-calendar-line')).toHaveCount(0);

    // Without a month: this month, today highlighted.
    await page.goto(`/fs/production-plan-calendar?locationId=${factory.id}`);
    await expect(page.getByTestId(`fs-calendar-day-${seoulDay()}`)).toHaveAttribute('data-today', 'true');
    await expect(page.locator('[data-today=true]')).toHaveCount(1);

    // Bad values: a message naming them, and a way to this month.
    await page.goto('/fs/production-plan-calendar?yearMonth=2026-13');
    await expect(page.getByTestId('fs-calendar-error')).toContainText('"2026-13" 월은 표시할 수 없습니다');
    await page.goto('/fs/production-plan-calendar?locationId=abc');
    await expect(page.getByTestId('fs-calendar-error')).toContainText('"abc" 위치는 표시할 수 없습니다');
    await page.goto('/fs/production-plan-calendar?locationId=2000000000');
    await expect(page.getByTestId('fs-calendar-error')).toContainText('일일 계획을 불러오지 못했습니다');
    await page.getByRole('button', { name: '이번 달 보기' }).click();
    await expect(page.getByTestId('fs-plan-calendar')).toBeVisible();

    // English and dark.
    await setTheme(request, token, 'dark');
    await page.goto(`/fs/production-plan-calendar?yearMonth=${week.yearMonth}&locationId=${factory.id}`);
    await setLocale(page, request, token, 'en');
    const monthName = new Date(`${week.yearMonth}-01T00:00:00Z`).toLocaleString('en-US', {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    });
    await expect(page.getByTestId('fs-calendar-title')).toHaveText(
      `${world.tag} 공장 · production plan of ${monthName}`,
    );
    await expect(page.getByTestId('fs-calendar-weekday').first()).toHaveText('Mon');
    await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', 'dark');
    await shot(page, 'fs-production-plan-calendar-tv-en-dark');
    expect(await seriousA11y(page, 'color-contrast')).toEqual([]);
  });

  test('a month of the demo factory opens in under a second, on the screen and on a TV', async ({
    page,
    request,
    adminToken: token,
  }) => {
    // Its own data only: the demo's plans (this week and the weeks around it, every weekday, eight products).
    const tree = (await (await request.get('/api/location/tree', { headers: auth(token) })).json()).data as {
      id: number;
      name: string;
      children: { id: number; name: string; type: string }[];
    }[];
    const demo = tree.flatMap((s) => s.children).find((n) => n.name === '제1공장' && n.type === 'FACTORY');
    expect(demo, 'the demo factory').toBeTruthy();
    const [y, m] = seoulDay().split('-').map(Number);
    const thisMonth = `${y}-${String(m).padStart(2, '0')}`;

    // The screen: the plan list open and settled, then the calendar tab (one request for the month).
    await page.goto(`/production/plan?calLocationId=${demo?.id}`);
    await expect(page.getByTestId('plan-table').locator('tr.ant-table-row').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.evaluate(armPaint, ENTRY);
    await page.getByTestId('plan-view-calendar').click();
    const tab = await paintTimes(page);
    const entries = await page.getByTestId('plan-calendar-entry').count();
    expect(entries).toBeGreaterThan(0);
    await shot(page, 'production-plan-calendar-demo-kr-light');
    // Another month and back: this month again from the cache (its answer is asked again in the background).
    await page.getByTestId('plan-calendar-next').click();
    await expect(page.getByTestId('plan-calendar')).not.toHaveAttribute('data-month', thisMonth);
    await page.waitForLoadState('networkidle');
    await page.evaluate(
      armPaint,
      `[data-testid=plan-calendar][data-month="${thisMonth}"] [data-testid=plan-calendar-entry]`,
    );
    await page.getByTestId('plan-calendar-prev').click();
    const back = await paintTimes(page);

    // The TV: the page opened cold at 1920 × 1080 (sign-in restored, chunks, the location tree, the month).
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.addInitScript(armPaint, ENTRY);
    await page.goto(`/fs/production-plan-calendar?locationId=${demo?.id}`);
    const tv = await paintTimes(page);
    await expect(page.getByTestId('fs-calendar-entry').first()).toBeVisible();
    await shot(page, 'fs-production-plan-calendar-demo-kr-light');

    const note =
      `screen, calendar tab clicked → ${entries} entries painted: ${tab.open} ms (answer ${tab.answer} ms, ` +
      `render after the answer ${tab.render} ms); back to this month from the cache: ${back.open} ms; ` +
      `TV page opened cold → painted: ${tv.open} ms (answer ${tv.answer} ms, render after the answer ${tv.render} ms)`;
    test.info().annotations.push({ type: 'calendar timing', description: note });
    console.log(`calendar timing — ${note}`);
    // Issue 13: a month renders in under a second once its answer is in (the rest is the network and the machine: the
    // note gives the whole open time too, which the report keeps with the machine's load).
    expect(tab.render).not.toBeNull();
    expect(tab.render ?? 0).toBeLessThan(1000);
    expect(back.open).toBeLessThan(1000);
    expect(tv.render).not.toBeNull();
    expect(tv.render ?? 0).toBeLessThan(1000);
  });
});

function nextDay(day: string, n: number) {
  return iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));
}
