import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, shot, uniq } from './helpers';

// 100,000 codes scrolled to the end and back with the frame times measured (the list answer is replaced by 100,000
// synthetic rows, so the real code screen holds them). Frame times are only meaningful without a second worker
// painting beside it, so this spec runs in the serial project (playwright.config.ts) after the parallel ones.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
// A virtual table draws its rows as divs.
const rows = (page: Page, table: string) => page.getByTestId(table).locator('.ant-table-row');
/** A header cell (antd also renders titles into a hidden measure row, so the header is asked for explicitly). */
const th = (page: Page, table: string, text: string) =>
  page.getByTestId(table).locator('thead th', { hasText: text }).first();

async function createCategory(request: APIRequestContext, token: string) {
  const category = uniq('DT')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '_');
  const res = await request.post('/api/code/cateogry', {
    headers: auth(token),
    data: { category, name: `표 검사 ${category}`, sort: 0 },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { id: number; category: string } }).data;
}

/** Waits for the browser to paint a frame (the table has caught up with the last input). */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

test('100,000 codes scroll to the end and back without long frames', async ({ page, request }) => {
  test.setTimeout(240_000);
  const token = await apiToken(request);
  const category = await createCategory(request, token);
  const N = 100_000;
  const stamp = new Date().toISOString();
  const big = Array.from({ length: N }, (_, i) => ({
    id: 10_000_000 + i,
    categoryId: category.id,
    category: category.category,
    code: `C${String(i).padStart(6, '0')}`,
    codeName: `코드 ${i}`,
    codeNameEn: `Code ${i}`,
    parentId: null,
    sort: i,
    enabled: i % 7 !== 0,
    createdBy: 'admin',
    createdAt: stamp,
    updatedBy: 'admin',
    updatedAt: stamp,
  }));
  await page.route(`**/api/code/${category.category}/codes`, (route) => route.fulfill({ json: { data: big } }));

  const opened = Date.now();
  await page.goto(`/admin/code?category=${category.category}`);
  const count = page.getByTestId('code-table-count');
  await expect(count).toContainText(String(N), { timeout: 60_000 });
  await expect(rows(page, 'code-table').first()).toContainText('C000000');
  console.log(`[datatable] ${N} rows shown ${Date.now() - opened} ms after navigation`);

  // Frame times recorded in the page while the wheel moves the list down to the end and back up.
  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__frames = [];
    w.__recording = true;
    let last = performance.now();
    const tick = (now: number) => {
      w.__frames.push(now - last);
      last = now;
      if (w.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame((now) => {
      last = now;
      requestAnimationFrame(tick);
    });
  });
  const holder = page.getByTestId('code-table').locator('.ant-table-tbody-virtual-holder');
  const box = await holder.boundingBox();
  if (!box) throw new Error('no virtual list');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const scrollTop = () => holder.evaluate((el) => el.scrollTop);
  // The virtual list stands for every row: its scroll height is that of 100,000 rows.
  expect(await holder.evaluate((el) => el.scrollHeight)).toBeGreaterThan(N * 30);
  const step = Math.ceil((await holder.evaluate((el) => el.scrollHeight)) / 150);
  const lastRow = rows(page, 'code-table').filter({ hasText: 'C099999' });
  const firstRow = rows(page, 'code-table').filter({ hasText: 'C000000' });
  let steps = 0;
  for (let guard = 0; guard < 600 && (await lastRow.count()) === 0; guard++) {
    await page.mouse.wheel(0, step);
    await nextFrame(page);
    steps++;
  }
  await expect(lastRow).toBeVisible();
  for (let guard = 0; guard < 600 && ((await firstRow.count()) === 0 || (await scrollTop()) > 0); guard++) {
    await page.mouse.wheel(0, -step);
    await nextFrame(page);
    steps++;
  }
  await expect(firstRow).toBeVisible();
  const frames = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __recording: boolean };
    w.__recording = false;
    return w.__frames;
  });
  const sorted = [...frames].sort((a, b) => a - b);
  const worst = sorted[sorted.length - 1];
  const p95 = sorted[Math.floor(sorted.length * 0.95)];
  const p99 = sorted[Math.floor(sorted.length * 0.99)];
  console.log(
    `[datatable] scroll ${N} rows: ${steps} wheel steps, ${frames.length} frames, worst ${worst.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms`,
  );
  // Generous for a 2-core machine, but rendering every row (virtualisation broken) takes seconds per frame, every
  // frame. One frame alone is the machine's (a collection, another process): it may reach 250–350 ms on a busy
  // day (measured 2026-11-25 on main before and after the login change), so the worst frame is held to 1 s and the
  // 99th percentile (about the 20th worst frame) to what a user would call smooth.
  expect(worst).toBeLessThan(1000);
  expect(p99).toBeLessThan(120);
  expect(p95).toBeLessThan(100);

  // The quick filter over 100,000 rows, and the sort, in the URL.
  const filterStart = Date.now();
  await page.getByTestId('code-table-filter').fill('C09999');
  await expect(count).toContainText(`10 / ${N}`);
  console.log(`[datatable] quick filter over ${N} rows: ${Date.now() - filterStart} ms (incl. the typing pause)`);
  await expect(page).toHaveURL(/codes\.filter=C09999/);
  await th(page, 'code-table', '코드명').click();
  await expect(page).toHaveURL(/codes\.sort=codeName/);
  // The router renders the new URL in a transition: the header shows the order once it has.
  await expect(th(page, 'code-table', '코드명')).toHaveAttribute('aria-sort', 'ascending');
  await th(page, 'code-table', '코드명').click();
  await expect(page).toHaveURL(/codes\.sort=-codeName/);
  await expect(rows(page, 'code-table').first()).toContainText('C099999');
  await shot(page, 'datatable-100k-codes-kr-light');
});
