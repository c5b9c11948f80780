import type { APIRequestContext, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';
import { chooseOption, confirmOk, postData, saveLocale, setLocale, setTheme, shot, visibleDropdown } from './helpers';
import { auth, makeProductionWorld, seoulDay } from './production-world';

// Business and orders (issue 14, /production/orderInfo). A customer made through the API and the production world's
// product and line; then through the screen: a business of the customer, an order with a product line of 120, a
// second line of 30 added to it; the customer's no-production list holds both. The 120 is planned from its order
// product in one action (line picked, period and quantity proposed): the plan exists with the link (read back through
// the API), the line shows planned, and the no-production list keeps only the 30. Then the refusals and deletes, the
// period list's workbook, the partner screen's filled order trees of a demo customer, English and dark, and the
// narrowest desktop width.

type OrderProductRow = { id: number; qty: number; remainingQty: number; plannedQty: number; planCount: number };

const tableRows = (page: Page, testId: string) => page.getByTestId(testId).locator('tr.ant-table-row');

async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: auth(token) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
}

/** Types a day into a date field and leaves it (Enter would submit the dialog's form). */
async function pickDate(page: Page, testId: string, day: string) {
  const input = page.getByTestId(testId);
  await input.fill(day);
  await input.press('Tab');
  await expect(input).toHaveValue(day);
}

async function chooseLine(page: Page, testId: string, name: string) {
  const select = page.getByTestId(testId);
  await expect(async () => {
    if (!(await visibleDropdown(page).count())) await select.click();
    await select.locator('input').first().fill(name);
    await visibleDropdown(page).locator('.ant-select-tree-title', { hasText: name }).click({ timeout: 2000 });
    await expect(select).toContainText(name, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

async function customerOf(request: APIRequestContext, token: string, tag: string) {
  return postData(request, token, '/api/biz-partner', {
    code: `${tag}-C`,
    name: `${tag} 상사`,
    types: ['CUSTOMER'],
  });
}

test('take an order through the screen and plan it from its order product', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(180_000);
  const w = await makeProductionWorld(request, token, { prefix: 'OI' });
  const customer = await customerOf(request, token, w.tag);
  const businessCode = `${w.tag}-B`;
  const orderNo = `${w.tag}-SO1`;

  await page.goto('/production/orderInfo');
  await expect(page.getByTestId('page-title')).toHaveText('영업/수주');
  await expect(page.getByTestId('customer-tree')).toBeVisible();

  // A business of the customer.
  await page.getByTestId('business-create').click();
  const bizDialog = page.getByTestId('business-dialog-form');
  await expect(bizDialog).toBeVisible();
  await chooseOption(page, 'business-partner', customer.name, { type: true });
  await page.getByTestId('business-code').fill(businessCode);
  await page.getByTestId('business-name').fill(`${w.tag} 연간 공급`);
  await pickDate(page, 'business-start', seoulDay(-10));
  await pickDate(page, 'business-end', seoulDay(200));
  await page.getByTestId('business-manager').fill('윤지호');
  await page.getByTestId('business-dialog-submit').click();
  await expect(bizDialog).toBeHidden();
  await expect(page.getByTestId('business-title')).toHaveText(`${w.tag} 연간 공급`);
  await expect(page.getByTestId('business-card')).toContainText(`${seoulDay(-10)} ~ ${seoulDay(200)}`);
  // The tree opened the customer and shows the new business.
  await expect(page.getByTestId('customer-tree').locator(`[data-code="${businessCode}"]`)).toBeVisible();

  // Its order, with a product line of 120 due in ten days.
  await page.getByTestId('order-create').click();
  const orderDialog = page.getByTestId('order-dialog-form');
  await expect(orderDialog).toBeVisible();
  await expect(page.getByTestId('order-business')).toContainText(businessCode);
  await page.getByTestId('order-no').fill(orderNo);
  await pickDate(page, 'order-due', seoulDay(10));
  await page.getByTestId('order-line-add').click();
  await chooseOption(page, 'order-line-0-product', w.product.code, { type: true });
  await page.getByTestId('order-line-0-qty').fill('120');
  await page.getByTestId('order-line-0-price').fill('1500');
  await expect(page.getByTestId('order-line-0-due')).toHaveValue(seoulDay(10));
  await shot(page, 'order-info-order-dialog-kr-light');
  await page.getByTestId('order-dialog-submit').click();
  await expect(orderDialog).toBeHidden();
  await expect(page.getByTestId('order-lines-title')).toContainText(orderNo);
  await expect(tableRows(page, 'op-table')).toHaveCount(1);

  // A second line through the order product dialog.
  await page.getByTestId('op-create').click();
  const opDialog = page.getByTestId('op-dialog-form');
  await expect(opDialog).toBeVisible();
  await chooseOption(page, 'op-product', w.product.code, { type: true });
  await page.getByTestId('op-qty').fill('30');
  await pickDate(page, 'op-due', seoulDay(20));
  await page.getByTestId('op-dialog-submit').click();
  await expect(opDialog).toBeHidden();
  await expect(tableRows(page, 'op-table')).toHaveCount(2);
  const line120 = tableRows(page, 'op-table').filter({ hasText: '120 개' });
  await expect(line120.getByTestId('op-remaining')).toHaveAttribute('data-state', 'OPEN');
  await shot(page, 'order-info-kr-light');

  // Both lines wait in the customer's no-production list.
  const noProduction = () =>
    getData<OrderProductRow[]>(request, token, `/api/order-product/no-production?bizPartnerId=${customer.id}`);
  expect(await noProduction()).toHaveLength(2);
  await page.getByRole('tab', { name: '미계획 수주 품목' }).click();
  await chooseOption(page, 'np-partner', customer.name, { type: true });
  await expect(tableRows(page, 'np-table')).toHaveCount(2);
  await page.getByRole('tab', { name: '영업 · 수주' }).click();

  // The planner's action on the 120: line picked, the period to the due date and the remaining proposed.
  const planButton = line120.getByTestId(/^op-plan-/);
  const opId = Number((await planButton.getAttribute('data-testid'))!.replace('op-plan-', ''));
  await planButton.click();
  const planDialog = page.getByTestId('plan-dialog-form');
  await expect(planDialog).toBeVisible();
  await expect(page.getByTestId('plan-dialog-qty')).toHaveValue('120');
  await expect(page.getByTestId('plan-dialog-start')).toHaveValue(seoulDay());
  await expect(page.getByTestId('plan-dialog-end')).toHaveValue(seoulDay(10));
  await chooseLine(page, 'plan-dialog-line', w.line.name);
  await shot(page, 'order-info-plan-dialog-kr-light');
  await page.getByTestId('plan-dialog-submit').click();
  const made = page.getByTestId('plan-made').locator('.ant-modal');
  await expect(made).toBeVisible();
  await expect(page.getByTestId('plan-made-qty')).toHaveText('120 개');
  await shot(page, 'order-info-plan-made-kr-light');

  // The plan exists, of the product on the line, and keeps the link to the order product.
  const detail = await getData<{ plans: { planId: number; lotSeq: number; qty: number }[] } & OrderProductRow>(
    request,
    token,
    `/api/order-product/${opId}`,
  );
  expect(detail).toMatchObject({ plannedQty: 120, remainingQty: 0, planCount: 1 });
  expect(detail.plans).toHaveLength(1);
  const plan = await getData<{ id: number; productId: number; qty: number; lineId: number; lotSeq: number }>(
    request,
    token,
    `/api/productionplan/plan/${detail.plans[0].planId}`,
  );
  expect(plan).toMatchObject({ productId: w.product.id, qty: 120, lineId: w.line.id, lotSeq: detail.plans[0].lotSeq });
  await expect(page.getByTestId('plan-made-lot-seq')).toContainText(String(plan.lotSeq));

  // The line shows planned, its plan listed under it; the no-production list keeps only the 30.
  await page.getByTestId('plan-made-close').click();
  await expect(made).toBeHidden();
  await expect(line120.getByTestId('op-remaining')).toHaveAttribute('data-state', 'PLANNED');
  await expect(line120.getByTestId(/^op-plan-/)).toHaveCount(0);
  await line120.getByTestId(`op-plans-${opId}`).click();
  await expect(page.getByTestId('op-plan-link')).toContainText(`#${plan.lotSeq}`);
  await page.getByTestId('page-title').click();
  const left = await noProduction();
  expect(left).toHaveLength(1);
  expect(left[0]).toMatchObject({ qty: 30, remainingQty: 30 });
  await page.getByRole('tab', { name: '미계획 수주 품목' }).click();
  await expect(tableRows(page, 'np-table')).toHaveCount(1);
  await expect(tableRows(page, 'np-table')).toContainText('30 개');
  await shot(page, 'order-info-no-production-kr-light');
  // The list is paged on the server; its workbook holds every row of the filter.
  const download = page.waitForEvent('download');
  await page.getByTestId('np-table-export').click();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await (await download).path());
  const lines: string[] = [];
  wb.worksheets[0].eachRow((row) => lines.push(String(row.values)));
  expect(lines.slice(1)).toEqual([expect.stringContaining(orderNo)]);

  // The plan screen opens on the plan from the order product's plan list.
  await page.getByRole('tab', { name: '영업 · 수주' }).click();
  await line120.getByTestId(`op-plans-${opId}`).click();
  await page.getByTestId('op-plan-link').click();
  await expect(page).toHaveURL(new RegExp(`/production/plan\\?.*planId=${plan.id}`));
  await expect(page.getByTestId('page-productionPlan')).toBeVisible();
});

test('refusals, bulk deletes, the period workbook and the partner screen trees', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const w = await makeProductionWorld(request, token, { prefix: 'OD' });
  const customer = await customerOf(request, token, w.tag);
  const business = await postData(request, token, '/api/business', {
    bizPartnerId: customer.id,
    code: `${w.tag}-B`,
    name: `${w.tag} 시즌 공급`,
  });
  const order = await postData<{ id: number; orderNo: string; products: { id: number }[] }>(
    request,
    token,
    '/api/order',
    {
      businessId: business.id,
      orderNo: `${w.tag}-SO`,
      orderDt: seoulDay(),
      dueDt: seoulDay(14),
      products: [{ productId: w.product.id, qty: 50, dueDt: seoulDay(14), unitPrice: 900 }],
      materials: [
        { materialId: w.material.id, qty: 100, startDt: seoulDay(), endDt: seoulDay(7), supplied: true },
        { materialId: w.material.id, qty: 20, startDt: seoulDay(1), endDt: seoulDay(9) },
      ],
    },
  );
  await postData(request, token, `/api/order-product/${order.products[0].id}/plan`, {
    startDt: seoulDay(),
    lineId: w.line.id,
    qty: 20,
  });

  await page.goto(
    `/production/orderInfo?partnerId=${customer.id}&businessId=${business.id}&orderId=${order.id}&lines=materials`,
  );
  await expect(page.getByTestId('business-title')).toHaveText(business.name);
  await expect(tableRows(page, 'om-table')).toHaveCount(2);
  await expect(tableRows(page, 'om-table').first().getByTestId('om-supplied-tag')).toHaveText('고객 지급');

  // A business with orders is not deleted: the related-data dialog names the order.
  await page.getByTestId('business-delete').click();
  await confirmOk(page);
  const related = page.getByTestId('related-data-dialog').locator('.ant-modal');
  await expect(related).toBeVisible();
  await expect(related).toContainText(order.orderNo);
  await shot(page, 'order-info-related-kr-light');
  await related.getByRole('button').filter({ hasText: '닫기' }).click();
  await expect(page.getByTestId('business-title')).toBeVisible();

  // Both order materials at once, after confirming.
  await page.getByTestId('om-table').locator('thead .ant-checkbox-input').check();
  await page.getByTestId('om-table-delete-selected').click();
  await confirmOk(page);
  await expect(tableRows(page, 'om-table')).toHaveCount(0);

  // An order product with a plan is not deleted either.
  await page.getByRole('tab', { name: /^수주 품목/ }).click();
  await page.getByTestId(`op-delete-${order.products[0].id}`).click();
  await confirmOk(page);
  await expect(related).toBeVisible();
  await related.getByRole('button').filter({ hasText: '닫기' }).click();
  await expect(tableRows(page, 'op-table')).toHaveCount(1);
  await expect(tableRows(page, 'op-table').getByTestId('op-remaining')).toHaveAttribute('data-state', 'PARTIAL');

  // The period list with its workbook.
  await page.getByRole('tab', { name: '기간별 수주 품목' }).click();
  await chooseOption(page, 'pp-partner', customer.name, { type: true });
  await expect(tableRows(page, 'pp-table')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByTestId('pp-table-export').click();
  expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
  await shot(page, 'order-info-period-kr-light');

  // The partner screen: a demo customer's order trees are filled (businesses → orders → lines).
  const customers = await getData<{ id: number; code: string }[]>(request, token, '/api/biz-partner/type/CUSTOMER');
  const demo = customers.find((c) => c.code === 'BP-C001');
  expect(demo, 'the demo customer BP-C001').toBeTruthy();
  await page.goto(`/baseinfo/bizPartner?id=${demo!.id}`);
  const orders = page.getByTestId('biz-partner-orders-tree');
  await expect(orders).toBeVisible();
  await expect(orders.locator('[data-kind="BUSINESS"][data-code="HB-OEM-K"]')).toBeVisible();
  await expect(orders.locator('[data-kind="ORDER"]').first()).toBeVisible();
  await expect(orders.locator('[data-kind="ORDER_PRODUCT"]').first()).toBeVisible();
  await expect(orders.locator('[data-kind="ORDER_MATERIAL"]').first()).toBeVisible();
  await page.getByTestId('biz-partner-orders').scrollIntoViewIfNeeded();
  await shot(page, 'order-info-biz-partner-orders-kr-light');
  await page.getByRole('tab', { name: '수주 품목' }).click();
  await expect(
    page.getByTestId('biz-partner-order-product-tree').locator('[data-kind="ORDER_PRODUCT"]').first(),
  ).toBeVisible();
  await page.getByRole('tab', { name: '수주 자재' }).click();
  await expect(
    page.getByTestId('biz-partner-order-material-tree').locator('[data-kind="ORDER_MATERIAL"]').first(),
  ).toBeVisible();
  // A business opens on the business and orders screen.
  await page.getByRole('tab', { name: '수주', exact: true }).click();
  await orders.locator('[data-kind="BUSINESS"][data-code="HB-OEM-K"]').getByTestId('biz-partner-order-open').click();
  await expect(page.getByTestId('page-orderInfo')).toBeVisible();
  await expect(page.getByTestId('business-title')).toHaveText('주전자 OEM 연간 공급');
});

test('the screen in English and dark, its messages, and at a narrow width', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const w = await makeProductionWorld(request, token, { prefix: 'OE' });
  const customer = await customerOf(request, token, w.tag);
  const business = await postData(request, token, '/api/business', {
    bizPartnerId: customer.id,
    code: `${w.tag}-B`,
    name: `${w.tag} Annual supply`,
    manager: 'J. Yoon',
  });
  const order = await postData(request, token, '/api/order', {
    businessId: business.id,
    orderNo: `${w.tag}-SO`,
    orderDt: seoulDay(),
    products: [{ productId: w.product.id, qty: 80, dueDt: seoulDay(12), unitPrice: 1200 }],
  });
  await setTheme(request, token, 'dark');
  await page.goto(`/production/orderInfo?partnerId=${customer.id}&businessId=${business.id}&orderId=${order.id}`);
  await setLocale(page, request, token, 'en');
  try {
    await expect(page.getByTestId('page-title')).toHaveText('Business and orders');
    await expect(tableRows(page, 'op-table')).toHaveCount(1);
    await expect(tableRows(page, 'op-table').getByTestId('op-remaining')).toHaveText('80 Each');
    await shot(page, 'order-info-en-dark');

    // Required fields left empty: the contract's messages in English.
    await page.getByTestId('business-create').click();
    await page.getByTestId('business-dialog-submit').click();
    await expect(
      page.getByTestId('business-dialog-form').locator('.ant-form-item-explain-error').first(),
    ).toBeVisible();
    await page.getByTestId('business-code').fill(business.code.toLowerCase());
    await page.getByTestId('business-name').fill('Another');
    await chooseOption(page, 'business-partner', customer.name, { type: true });
    await page.getByTestId('business-dialog-submit').click();
    // The code is taken, whatever its case.
    await expect(page.getByTestId('business-dialog-form')).toContainText('This business code is already in use.');
    await shot(page, 'order-info-business-dialog-en-dark');
    await page.getByTestId('business-dialog-cancel').click();

    // The plan dialog's quantity stays within what remains.
    await tableRows(page, 'op-table')
      .getByTestId(/^op-plan-/)
      .click();
    await page.getByTestId('plan-dialog-qty').fill('');
    await page.getByTestId('plan-dialog-submit').click();
    await expect(page.getByTestId('plan-dialog-form').locator('.ant-form-item-explain-error').first()).toBeVisible();
    await shot(page, 'order-info-plan-dialog-en-dark');
    await page.getByTestId('plan-dialog-cancel').click();

    await page.getByRole('tab', { name: 'Not yet planned' }).click();
    await chooseOption(page, 'np-partner', customer.name, { type: true });
    await expect(tableRows(page, 'np-table')).toHaveCount(1);
    await shot(page, 'order-info-no-production-en-dark');

    // The narrowest window the desktop screens show in (a phone-wide one goes to the phone pages, SPEC §2): the
    // panels stack, the lists scroll sideways.
    await page.setViewportSize({ width: 800, height: 1100 });
    await page.getByRole('tab', { name: 'Businesses and orders' }).click();
    await expect(page.getByTestId('business-title')).toBeVisible();
    await shot(page, 'order-info-en-dark-narrow');
    await page.getByTestId('op-table').scrollIntoViewIfNeeded();
    await shot(page, 'order-info-lines-en-dark-narrow');
  } finally {
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'light');
  }
});
