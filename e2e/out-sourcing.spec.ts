import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseOption, confirmOk, postData, saveLocale, setLocale, setTheme, shot } from './helpers';
import { auth, makeProductionWorld, type ProductionWorld, seoulDay } from './production-world';

// Outsourcing on the desktop (issue 14, /production/outSourcing): a plan of 10 made through the API (forming, then
// packing: the last operation) and an outsourcer. The packing is sent out for 10 through the dialog, then edited to
// record 8 good and 1 bad back today: the row is partly received, and the receipt is the operation's result — the
// plan's lot holds 8 (read back through the API). The received row cannot be deleted; one sent by mistake is deleted
// after confirming. Then the screen in English and dark, and at 1,024 px (a phone gets the mobile shell).

const rowOf = (page: Page, text: string) => page.getByTestId('os-table').locator('tr.ant-table-row', { hasText: text });

async function openScreen(page: Page, w: ProductionWorld) {
  await page.goto('/production/outSourcing');
  await expect(page.getByTestId('page-outSourcing')).toBeVisible();
  const search = page.getByTestId('os-search').locator('input');
  await search.fill(w.product.code);
  await search.press('Enter');
}

async function sendPacking(page: Page, w: ProductionWorld, partner: string, qty: string) {
  await page.getByTestId('os-create').click();
  await expect(page.getByTestId('os-plan')).toBeVisible();
  await chooseOption(page, 'os-plan', w.product.code, { type: true });
  await chooseOption(page, 'os-oper-plan', '2. 포장');
  await chooseOption(page, 'os-partner', partner, { type: true });
  await page.getByTestId('os-sent-qty').fill(qty);
  await page.getByTestId('os-dialog-submit').click();
  await expect(page.getByTestId('os-plan')).toBeHidden();
}

test('send an operation out, receive good and bad as its result, refuse deleting it, delete a mistaken one', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(120_000);
  const w = await makeProductionWorld(request, token, { prefix: 'OS' });
  const partner = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-O`,
    name: `${w.tag} 도금`,
    types: ['OUTSOURCER'],
  });

  await openScreen(page, w);
  await expect(page.getByTestId('page-title')).toHaveText('외주 생산');
  await sendPacking(page, w, partner.name, '10');
  const row = rowOf(page, partner.name);
  await expect(row.getByTestId('os-status')).toHaveText('발주');
  await shot(page, 'out-sourcing-list-kr-light');

  // What came back: 8 good, 1 bad, today.
  await row.getByTestId(/^os-edit-/).click();
  await expect(page.getByTestId('os-good')).toBeVisible();
  const received = page.getByTestId('os-received-dt');
  await received.fill(seoulDay());
  // Enter would submit the form (FormDialog's implicit submission): the next field takes the typed day on blur.
  await page.getByTestId('os-good').click();
  await expect(received).toHaveValue(seoulDay());
  await page.getByTestId('os-good').fill('8');
  await page.getByTestId('os-bad').fill('1');
  await shot(page, 'out-sourcing-dialog-kr-light');
  await page.getByTestId('os-dialog-submit').click();
  await expect(page.getByTestId('os-good')).toBeHidden();
  await expect(row.getByTestId('os-status')).toHaveText('부분 입고');
  await expect(row.getByTestId('os-good-cell')).toHaveText('8 개');

  // The receipt is the packing's result: the plan's lot holds 8.
  const listed = await request.get(`/api/out-sourcing/production-plan/${w.plan.id}`, { headers: auth(token) });
  const dailyPlanId = (await listed.json()).data[0].dailyPlanId as number;
  const result = await request.get(`/api/productionprofit/${dailyPlanId}`, { headers: auth(token) });
  expect((await result.json()).data).toMatchObject({ goodQty: 8, badQty: 1, status: 'WORK_COMPLETED' });
  const lots = await request.get(
    `/api/lot/lots/lotId?lotId=${encodeURIComponent(`L${seoulDay().replaceAll('-', '')}-${w.product.code}-${String(w.plan.lotSeq).padStart(3, '0')}`)}`,
    { headers: auth(token) },
  );
  expect(lots.status(), await lots.text()).toBe(200);

  // A received row is a result: its delete is refused with the reason.
  await row.getByTestId(/^os-delete-/).click();
  await confirmOk(page);
  await expect(page.locator('.ant-message, .ant-notification').last()).toContainText('입고 수량을 수정하세요');
  await expect(row).toBeVisible();

  // One sent by mistake goes after confirming.
  await sendPacking(page, w, partner.name, '3');
  await expect(page.getByTestId('os-table').locator('tr.ant-table-row', { hasText: partner.name })).toHaveCount(2);
  const mistaken = page
    .getByTestId('os-table')
    .locator('tr.ant-table-row', { hasText: '발주' })
    .filter({ hasText: partner.name });
  await mistaken.getByTestId(/^os-delete-/).click();
  await confirmOk(page);
  await expect(page.getByTestId('os-table').locator('tr.ant-table-row', { hasText: partner.name })).toHaveCount(1);
});

test('the outsourcing screen in English and dark, and at 1,024 px', async ({ page, request, adminToken: token }) => {
  const w = await makeProductionWorld(request, token, { prefix: 'OSE' });
  const partner = await postData(request, token, '/api/biz-partner', {
    code: `${w.tag}-O`,
    name: `${w.tag} Plating`,
    types: ['OUTSOURCER'],
  });
  await postData(request, token, '/api/out-sourcing', {
    operPlanId: w.operPlans[1].id,
    bizPartnerId: partner.id,
    sentQty: 10,
    sentDt: seoulDay(),
    receivedGoodQty: 10,
    receivedDt: seoulDay(),
    unitCost: 120,
  });
  await setTheme(request, token, 'dark');
  await openScreen(page, w);
  await setLocale(page, request, token, 'en');
  try {
    await expect(page.getByTestId('page-title')).toHaveText('Outsourcing');
    await expect(rowOf(page, partner.name).getByTestId('os-status')).toHaveText('Received');
    await shot(page, 'out-sourcing-list-en-dark');
    // A required field left empty: the contract's message in English.
    await page.getByTestId('os-create').click();
    await page.getByTestId('os-dialog-submit').click();
    await expect(page.getByTestId('os-dialog').locator('.ant-form-item-explain-error').first()).toBeVisible();
    await shot(page, 'out-sourcing-dialog-en-dark');
    await page.keyboard.press('Escape');
    // A desktop screen (a phone is sent to the mobile shell): the narrowest desktop it serves, a 1,024 px tablet.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(rowOf(page, partner.name)).toBeVisible();
    await shot(page, 'out-sourcing-list-en-dark-1024');
  } finally {
    await saveLocale(request, token, 'kr');
    await setTheme(request, token, 'light');
  }
});
