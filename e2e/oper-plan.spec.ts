import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, confirmOk, drag, shot, uniq, visibleDropdown } from './helpers';

// Operation plans end to end, as the admin: a product with a route (made through the API), its plan created from
// the route, a tool and cycle time set through the form, a row added by hand, reordered by dragging and with the
// buttons, one and several rows deleted. Screenshots in Korean and English, light and dark.
test.describe.configure({ mode: 'serial' });

async function planOrder(page: Page): Promise<string[]> {
  return page
    .getByTestId('oper-plan-table')
    .locator('tr.ant-table-row')
    .evaluateAll((rows) => rows.map((r) => (r.getAttribute('data-testid') ?? '').replace('oper-plan-table-row-', '')));
}

async function call(request: APIRequestContext, token: string, method: 'get' | 'post', url: string, data?: unknown) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

/** A product with a route of n operations, a line tool and a warehouse rack, all made for this test. */
async function fixture(request: APIRequestContext, token: string, n: number) {
  const prefix = uniq('OPP');
  const ops = [];
  const names = ['사출 성형', '트리밍', '조립', '포장', '출하 검사'];
  for (let i = 0; i < n; i++) {
    ops.push(await call(request, token, 'post', '/api/operation', { code: `${prefix}-${i + 1}`, name: names[i] }));
  }
  const route = await call(request, token, 'post', '/api/route', { code: `${prefix}-R`, name: '케이스 라우팅' });
  for (const op of ops)
    await call(request, token, 'post', '/api/route/oper', { routeId: route.id, operationId: op.id });
  const site = await call(request, token, 'post', '/api/location', { name: `${prefix} 사업장`, type: 'SITE' });
  const factory = await call(request, token, 'post', '/api/location', {
    name: `${prefix} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const line = await call(request, token, 'post', '/api/location', {
    name: `${prefix} 1라인`,
    type: 'LINE',
    parentId: factory.id,
  });
  const wh = await call(request, token, 'post', '/api/location', {
    name: `${prefix} 창고`,
    type: 'WAREHOUSE',
    parentId: factory.id,
  });
  const tool = await call(request, token, 'post', '/api/tool', {
    code: `${prefix}-T`,
    name: '사출기 1호',
    locationId: line.id,
  });
  const rack = await call(request, token, 'post', '/api/tool', {
    code: `${prefix}-K`,
    name: '자재 랙',
    locationId: wh.id,
  });
  const product = await call(request, token, 'post', '/api/product/product', {
    code: `${prefix}-P`,
    name: `스마트폰 케이스 ${prefix}`,
    type: 'FINISHED',
    unit: 'EA',
    routeId: route.id,
  });
  return { prefix, ops, route, tool, rack, product };
}

test('operation plan: from the route, edit tool and cycle time, add, reorder, delete', async ({ page, request }) => {
  const token = await apiToken(request);
  const { prefix, ops, tool, rack, product } = await fixture(request, token, 3);
  const extra = await call(request, token, 'post', '/api/operation', { code: `${prefix}-X`, name: '추가 검사' });
  const codes = ops.map((o: { code: string }) => o.code);
  await page.goto('/baseinfo/operPlan');

  // Pick the product by searching its code.
  await page.getByTestId('oper-plan-product').click();
  await page.keyboard.type(product.code);
  await visibleDropdown(page).locator('.ant-select-item-option', { hasText: product.code }).click();
  await expect(page).toHaveURL(new RegExp(`productId=${product.id}`));
  await expect(page.getByTestId('oper-plan-card')).toContainText(product.name);

  // Create from route: the product's route is preselected.
  await page.getByTestId('oper-plan-from-route-open').click();
  await expect(page.getByTestId('oper-plan-from-route')).toContainText(`${prefix}-R`);
  await page.getByTestId('oper-plan-from-route-submit').click();
  await expect.poll(() => planOrder(page)).toEqual(codes);

  // Edit the first row: a warehouse rack is not offered, the line tool is; cycle time and capacity.
  await page.getByTestId(`oper-plan-edit-${codes[0]}`).click();
  await page.getByTestId('oper-plan-form-tool').click();
  await page.keyboard.type(prefix);
  await expect(visibleDropdown(page).locator('.ant-select-item-option', { hasText: tool.code })).toBeVisible();
  await expect(visibleDropdown(page).locator('.ant-select-item-option', { hasText: rack.code })).toHaveCount(0);
  await visibleDropdown(page).locator('.ant-select-item-option', { hasText: tool.code }).click();
  await page.getByTestId('oper-plan-form-cycleTime').fill('12.5');
  await page.getByTestId('oper-plan-form-capacity').fill('288');
  await page.getByTestId('oper-plan-form-submit').click();
  await expect(page.getByTestId(`oper-plan-tool-${codes[0]}`)).toContainText(tool.code);
  await expect(page.getByTestId(`oper-plan-cycle-${codes[0]}`)).toHaveText('12.5');

  // Add an operation by hand: it goes last.
  await page.getByTestId('oper-plan-create').click();
  await page.getByTestId('oper-plan-form-operation').click();
  await page.keyboard.type(extra.code);
  await visibleDropdown(page).locator('.ant-select-item-option', { hasText: extra.code }).click();
  await page.getByTestId('oper-plan-form-submit').click();
  await expect.poll(() => planOrder(page)).toEqual([...codes, extra.code]);

  // Reorder: drag the last onto the first, then one step down with the button.
  await drag(
    page,
    page.getByTestId(`oper-plan-table-drag-${extra.code}`),
    page.getByTestId(`oper-plan-table-row-${codes[0]}`),
  );
  await expect.poll(() => planOrder(page)).toEqual([extra.code, ...codes]);
  await page.getByTestId(`oper-plan-table-down-${extra.code}`).click();
  await expect.poll(() => planOrder(page)).toEqual([codes[0], extra.code, codes[1], codes[2]]);
  // The table moves the row at once and saves the order after: wait for the save, not only the picture.
  const plans = () => call(request, token, 'get', `/api/operationplan/${product.id}/plans`);
  await expect
    .poll(async () => (await plans()).map((p: { operationCode: string; seq: number }) => [p.operationCode, p.seq]))
    .toEqual([
      [codes[0], 1],
      [extra.code, 2],
      [codes[1], 3],
      [codes[2], 4],
    ]);
  const saved = await plans();
  expect(saved[0]).toMatchObject({ toolId: tool.id, cycleTime: 12.5, capacity: 288 });

  // Delete one, then two selected.
  await page.getByTestId(`oper-plan-delete-${extra.code}`).click();
  await confirmOk(page);
  await expect.poll(() => planOrder(page)).toEqual(codes);
  for (const code of [codes[1], codes[2]]) {
    await page.getByTestId(`oper-plan-table-row-${code}`).locator('.ant-checkbox-input').check();
  }
  await page.getByTestId('oper-plan-delete-selected').click();
  await confirmOk(page);
  await expect.poll(() => planOrder(page)).toEqual([codes[0]]);

  // The plan's operation cannot be deleted while in the plan (and the route): the related-data dialog lists both.
  await page.goto('/baseinfo/operation');
  await page.getByTestId(`operation-delete-${codes[0]}`).click();
  await confirmOk(page);
  await expect(page.locator('.ant-modal', { hasText: '연관 데이터' })).toContainText(product.code);
});

test('operation plan screen in Korean and English, light and dark', async ({ page, request }) => {
  const token = await apiToken(request);
  const { tool, product } = await fixture(request, token, 5);
  const plans = await call(request, token, 'post', '/api/operationplan/plans', {
    productId: product.id,
    routeId: product.routeId,
  });
  for (const [i, p] of plans.entries()) {
    const res = await request.put('/api/operationplan/plan', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        productId: product.id,
        operationId: p.operationId,
        toolId: tool.id,
        cycleTime: 20 + i * 5,
        capacity: 120,
      },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto(`/baseinfo/operPlan?productId=${product.id}`);
  await expect(page.getByTestId('oper-plan-table').locator('tr.ant-table-row')).toHaveCount(5);
  await shot(page, 'baseinfo-operPlan-kr-light');
  await page.getByTestId(`oper-plan-edit-${plans[0].operationCode}`).click();
  await expect(page.getByTestId('oper-plan-form-tool')).toBeVisible();
  await shot(page, 'baseinfo-operPlan-form-kr-light');
  await page.keyboard.press('Escape');
});
