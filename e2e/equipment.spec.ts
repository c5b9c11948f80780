import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  apiToken,
  chooseInTree,
  confirmOk,
  login,
  postData,
  saveLocale,
  setLocale,
  setTheme,
  shellAlertsKey,
  shot,
  uniq,
  visibleDropdown,
} from './helpers';

// Equipment (issue 16): a kind with stock on a demo shelf, made through the API, is moved to a line and to a tool and
// then partly discarded on the stock screen (each after a confirmation), in Korean (light) and English (dark); the
// ledger shows the movements. The shell's equipment-insufficient alert opens on login for a user who may view the
// equipment screen, is dismissed, does not open again the same day (reload, second login), and opens again from the
// header's alert button — in Korean (light) and English (dark).

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A demo location's id by its code, from the stock screen's location tree. */
async function locationByCode(request: APIRequestContext, token: string, code: string): Promise<number> {
  const res = await request.get('/api/equipment-stock/location/tree', { headers: auth(token) });
  const find = (nodes: { code: string | null; id: number; children: unknown[] }[]): number | undefined => {
    for (const n of nodes) {
      if (n.code === code) return n.id;
      const hit = find(n.children as typeof nodes);
      if (hit) return hit;
    }
  };
  const id = find((await res.json()).data);
  expect(id, code).toBeTruthy();
  return id!;
}

async function makeKind(request: APIRequestContext, token: string, name: string, kindQty: number) {
  return postData<{ id: number; name: string }>(request, token, '/api/equipment', {
    name,
    type: 'SPARE_PART',
    subType: 'BEARING',
    standard: '6204',
    kind: 'e2e',
    kindQty,
  });
}

const rowQty = (page: Page, id: number) => page.getByTestId(`equipment-row-qty-${id}`);

async function openKind(page: Page, kindId: number) {
  await page.goto('/equipmentManagement/equipmentStock?tree=stock');
  const node = page.locator(`[data-testid=equipment-tree-node][data-key=E${kindId}]`);
  await expect(node).toBeVisible();
  await node.click();
  await expect(page.getByTestId('equipment-filter-label')).toBeVisible();
}

test('moves equipment stock to a line and to a tool, discards part of it, and the ledger shows it', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const kind = await makeKind(request, token, uniq('e2e 베어링 '), 2);
  const shelf = await locationByCode(request, token, 'F01-W01-A02');
  const stock = await postData(request, token, '/api/equipment-stock', {
    equipmentId: kind.id,
    locationId: shelf,
    qty: 10,
  });

  await openKind(page, kind.id);
  await expect(page.getByTestId('page-title')).toHaveText('비품 재고');
  await expect(rowQty(page, stock.id)).toHaveText('10');

  // Move 4 to the first injection line: asked first, then done.
  await page.getByTestId(`equipment-move-${stock.id}`).click();
  await expect(page.getByTestId('equipment-move-qty')).toBeVisible();
  await chooseInTree(page, page.getByTestId('equipment-place-location'), '사출 1라인');
  await page.getByTestId('equipment-move-qty').fill('4');
  await page.getByTestId('equipment-move-reason').fill('라인 비치');
  await shot(page, 'equipment-move-kr-light');
  await page.getByTestId('equipment-move-submit').click();
  await confirmOk(page);
  await expect(rowQty(page, stock.id)).toHaveText('6');
  await expect(page.getByTestId('equipment-stock-table')).toContainText('사출 1라인');

  // Move 2 onto a packing machine.
  await page.getByTestId(`equipment-move-${stock.id}`).click();
  await page.getByTestId('equipment-place-kind').getByText('설비로').click();
  await chooseInTree(page, page.getByTestId('equipment-place-tool'), '자동 포장기');
  await page.getByTestId('equipment-move-qty').fill('2');
  await page.getByTestId('equipment-move-submit').click();
  await confirmOk(page);
  await expect(rowQty(page, stock.id)).toHaveText('4');
  await expect(page.getByTestId('equipment-stock-table')).toContainText('자동 포장기');

  // Discard 1 with its reason: the row keeps 3, the discarded row is listed apart.
  await page.getByTestId(`equipment-discard-${stock.id}`).click();
  await page.getByTestId('equipment-discard-qty').fill('1');
  await page.getByTestId('equipment-discard-reason').fill('녹 발생');
  await page.getByTestId('equipment-discard-submit').click();
  await confirmOk(page);
  await expect(rowQty(page, stock.id)).toHaveText('3');
  await page.getByTestId('equipment-filter-discard').click();
  await visibleDropdown(page).getByText('폐기', { exact: true }).click();
  await expect(page.getByTestId('equipment-stock-table')).toContainText('녹 발생');
  await shot(page, 'equipment-stock-discarded-kr-light');

  // The kind's type node: every row of that type, asked of the server by type and page.
  const byType = page.waitForRequest((r) => /\/api\/equipment-stock\?.*type=SPARE_PART.*page=1/.test(r.url()));
  await page.locator('[data-testid=equipment-tree-node][data-key=CSPARE_PART]').click();
  await byType;
  await expect(page.getByTestId('equipment-stock-table')).toContainText('녹 발생');

  // The row's ledger: added, moved out twice, discarded.
  await page.getByTestId('equipment-filter-discard').click();
  await visibleDropdown(page).getByText('가용', { exact: true }).click();
  await page.getByTestId(`equipment-history-${stock.id}`).click();
  const drawer = page.getByTestId('equipment-histories');
  await expect(drawer).toContainText('이동 출고');
  await expect(drawer).toContainText('폐기');
  await expect(drawer.locator('tbody tr.ant-table-row')).toHaveCount(4);
  await page.keyboard.press('Escape');

  const rows = await request.get(`/api/equipment-stock?equipmentId=${kind.id}`, { headers: auth(token) });
  const qtys = ((await rows.json()).data as { qty: number; isDiscard: boolean }[])
    .map((r) => `${r.qty}${r.isDiscard ? 'D' : ''}`)
    .sort();
  expect(qtys).toEqual(['1D', '2', '3', '4']);

  // English and dark: discard on the tool; the history screen lists the kind's 9 movements (ADD, two moves of two
  // halves, two discards of two halves).
  await setTheme(request, token, 'dark');
  await setLocale(page, request, token, 'en');
  await openKind(page, kind.id);
  await expect(page.getByTestId('page-title')).toHaveText('Equipment stock');
  const onTool = (
    (
      await (
        await request.get(`/api/equipment-stock?equipmentId=${kind.id}&isDiscard=false`, {
          headers: auth(token),
        })
      ).json()
    ).data as { id: number; toolId: number | null }[]
  ).find((r) => r.toolId != null)!;
  await page.getByTestId(`equipment-discard-${onTool.id}`).click();
  await expect(page.getByTestId('equipment-discard')).toContainText('Discard equipment stock');
  await page.getByTestId('equipment-discard-qty').fill('2');
  await page.getByTestId('equipment-discard-reason').fill('worn out');
  await shot(page, 'equipment-discard-en-dark');
  await page.getByTestId('equipment-discard-submit').click();
  await confirmOk(page);
  await expect(page.getByTestId(`equipment-row-qty-${onTool.id}`)).toHaveCount(0);
  await shot(page, 'equipment-stock-en-dark');

  await page.goto(`/equipmentManagement/equipmentHistory?equipmentId=${kind.id}`);
  await expect(page.getByTestId('page-title')).toHaveText('Equipment history');
  const table = page.getByTestId('equipment-history-table');
  await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(9);
  await expect(table).toContainText('Moved out');
  await expect(table).toContainText('worn out');
  await shot(page, 'equipment-history-en-dark');
  await setTheme(request, token, 'light');
  await saveLocale(request, token, 'kr');
});

test('the equipment-insufficient alert opens on login once a day, is dismissed, and re-opens from the header', async ({
  browser,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const short = await makeKind(request, token, uniq('e2e 부족 비품 '), 5);
  const roles = (await (await request.get('/api/role/roles', { headers: auth(token) })).json()).data as {
    id: number;
    name: string;
  }[];
  const adminRole = roles.find((r) => r.name === '관리자')!;
  const makeUser = async () => {
    const user = { userId: uniq('eq'), password: 'eqAlert1234', username: uniq('비품 담당 ') };
    await postData(request, token, '/api/user', { ...user, roleIds: [adminRole.id], enabled: true });
    return user;
  };

  for (const v of [
    { locale: 'kr', theme: 'light', title: '비품 재고 부족', close: '닫기' },
    { locale: 'en', theme: 'dark', title: 'Equipment below required quantity', close: 'Close' },
  ] as const) {
    const user = await makeUser();
    const userToken = await apiToken(request, user.userId, user.password);
    await setTheme(request, userToken, v.theme);
    await saveLocale(request, userToken, v.locale);
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await login(page, user.userId, user.password, undefined, { shellAlerts: true });
      // The modal's root is not a box of its own: its close button tells whether it is open.
      const dialog = page.getByTestId('shell-alerts-close');
      await expect(dialog).toBeVisible();
      const section = page.getByTestId('shell-alert-equipment-insufficient');
      await expect(section).toContainText(v.title);
      await expect(section).toContainText(short.name);
      await expect(section.locator('tr', { hasText: short.name })).toContainText('6204');
      await shot(page, `equipment-alert-${v.locale}-${v.theme}`);
      await page.getByTestId('shell-alerts-close').click();
      await expect(dialog).toBeHidden();
      expect(await page.evaluate((k) => localStorage.getItem(k), shellAlertsKey(user.userId))).toContain(
        'equipment-insufficient',
      );

      // Not again the same day: a reload, then a new login.
      await page.reload();
      await expect(page.getByTestId('shell-alerts-open')).toBeVisible();
      await page.waitForTimeout(1000);
      await expect(dialog).toBeHidden();
      await context.clearCookies();
      await page.evaluate(() => localStorage.removeItem('eqms.accessToken'));
      await login(page, user.userId, user.password, undefined, { shellAlerts: true });
      await expect(page.getByTestId('shell-alerts-open')).toBeVisible();
      await page.waitForTimeout(1000);
      await expect(dialog).toBeHidden();

      // The header's alert button opens it again.
      await page.getByTestId('shell-alerts-open').click();
      await expect(dialog).toBeVisible();
      await expect(section).toContainText(short.name);
      await page.getByTestId('shell-alerts-close').click();
      await expect(dialog).toBeHidden();
    } finally {
      await context.close();
    }
  }
});
