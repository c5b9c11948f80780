import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { closeByEscape, confirmOk, postData, setLocale, setTheme, shot, uniq } from './helpers';
import { auth } from './production-world';

// The sanitation process check list (issue 16, /haccp/sanitationProcessCheckList). A new area (site → factory → line)
// with two check items is made through the API; the worker administrator adds a third item in the template editor,
// makes today's check list of the area, enters the results (one item failed, no note yet), is refused the signature
// (a failed item needs its corrective action), adds the note and signs with the password. The operator's own review
// button is disabled. A second user holding only the review right reviews it in English and dark; the detail shows
// both signatures. A second draft (yesterday) is deleted after the confirmation.

const rowOf = (page: Page, text: string) =>
  page.getByTestId('sanitation-table').locator('tr.ant-table-row', { hasText: text });
const option = (page: Page, text: string) =>
  page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: text });

test('make a sanitation check list, fill it, sign it, review it as another user, delete a draft', async ({
  page,
  request,
  adminToken: token,
  workerAdmin,
  signIn,
}) => {
  test.setTimeout(180_000);
  const tag = uniq('SAN');
  const site = await postData(request, token, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await postData(request, token, '/api/location', {
    name: `${tag} 공장`,
    type: 'FACTORY',
    parentId: site.id,
  });
  const area = `${tag} 포장실`;
  const line = await postData(request, token, '/api/location', { name: area, type: 'LINE', parentId: factory.id });
  for (const [i, name] of ['작업자 손 세척', '작업대 세척'].entries())
    await postData(request, token, '/api/sanitation-process-check-list/template-items', {
      locationId: line.id,
      name,
      sort: i + 1,
    });

  await page.goto('/haccp/sanitationProcessCheckList');
  await expect(page.getByTestId('page-title')).toHaveText('위생 공정 점검표');
  // The demo weeks: check lists of the default week.
  await expect(page.getByTestId('sanitation-table').locator('tr.ant-table-row').first()).toBeVisible();

  // The template editor: add a third item to the new area.
  await page.getByTestId('sanitation-template').click();
  await expect(page.getByTestId('sanitation-template-dialog')).toContainText(area);
  await page.getByTestId('sanitation-template-create').click();
  await page.getByTestId('sanitation-template-area').click();
  await page.keyboard.type(area);
  await page.locator('.ant-select-tree-node-content-wrapper', { hasText: area }).first().click();
  await page.getByTestId('sanitation-template-name').fill('방충·방서 점검');
  await page.getByTestId('sanitation-template-sort').fill('3');
  await page.getByTestId('sanitation-template-form-submit').click();
  await expect(page.getByTestId('sanitation-template-name')).toBeHidden();
  await expect(page.getByTestId('sanitation-template-dialog')).toContainText('방충·방서 점검');
  await shot(page, 'sanitation-template-kr-light');
  await closeByEscape(page, page.getByTestId('sanitation-template-dialog'));

  // Make today's check list of the area, then enter the results: the second item fails, no note yet.
  await page.getByTestId('sanitation-create').click();
  await page.getByTestId('sanitation-area').click();
  await page.keyboard.type(tag);
  await option(page, area).click();
  await page.getByTestId('sanitation-create-dialog-submit').click();
  const dialog = page.getByTestId('sanitation-dialog');
  await expect(dialog).toContainText('방충·방서 점검');
  await page.getByTestId('sanitation-item-0-passed').getByLabel('적합', { exact: true }).check();
  await page.getByTestId('sanitation-item-1-passed').getByLabel('부적합', { exact: true }).check();
  await page.getByTestId('sanitation-item-2-passed').getByLabel('적합', { exact: true }).check();
  await expect(dialog).toContainText('개선조치');
  await shot(page, 'sanitation-fill-kr-light');
  await page.getByTestId('sanitation-dialog-submit').click();
  await expect(dialog).toBeHidden();
  const row = rowOf(page, area);
  await expect(row.getByTestId(/^sanitation-status-/)).toHaveText('작성');
  await expect(row.getByTestId(/^sanitation-results-/)).toContainText('부적합 1');

  // Signing with a failed item without its note: the server refuses.
  await row.getByTestId(/^sanitation-sign-/).click();
  await page.getByTestId('sanitation-sign-password').fill(workerAdmin.password);
  await page.getByTestId('sanitation-sign-dialog-submit').click();
  await expect(page.getByTestId('sanitation-sign-refusal')).toContainText('부적합 항목에는 개선조치');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sanitation-sign-password')).toBeHidden();

  // The note by keyboard, then sign.
  await row.getByTestId(/^sanitation-fill-/).click();
  await page.getByTestId('sanitation-item-1-note').fill('세정제 잔류 — 재세척 후 확인');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await row.getByTestId(/^sanitation-sign-/).click();
  await page.getByTestId('sanitation-sign-password').fill(workerAdmin.password);
  await shot(page, 'sanitation-sign-kr-light');
  await page.getByTestId('sanitation-sign-dialog-submit').click();
  await expect(page.getByTestId('sanitation-sign-password')).toBeHidden();
  await expect(row.getByTestId(/^sanitation-status-/)).toHaveText('서명');
  await expect(row.getByTestId(/^sanitation-review-/)).toBeDisabled();
  await expect(row.getByTestId(/^sanitation-fill-/)).toHaveCount(0);
  await expect(row.getByTestId(/^sanitation-delete-/)).toHaveCount(0);
  await expect(row).toContainText('세정제 잔류');
  await expect(row).toContainText('수행:');
  await shot(page, 'sanitation-list-kr-light');

  // A reviewer: view + modify on the sanitation screen only, made through the API. Reviews in English and dark.
  const roleItem = JSON.stringify([{ name: 'sanitationProcessCheckList', view: true, modify: true }]);
  const role = await postData(request, token, '/api/role', { name: `${tag} 검토`, roleItem });
  const userId = uniq('srev');
  const made = await request.post('/api/user', {
    headers: auth(token),
    data: { userId, username: `${tag} 검토자`, password: 'review1234', roleIds: [role.id], enabled: true },
  });
  expect(made.status(), await made.text()).toBe(200);
  const reviewer = await signIn({ userId, password: 'review1234' });
  try {
    const rp = reviewer.page;
    const login = await request.post('/api/auth/login', { data: { userId, password: 'review1234' } });
    const reviewerToken = String(login.headers().authorization).replace('Bearer ', '');
    await setTheme(request, reviewerToken, 'dark');
    await rp.goto('/haccp/sanitationProcessCheckList');
    await setLocale(rp, request, reviewerToken, 'en');
    await expect(rp.getByTestId('page-title')).toHaveText('Sanitation check list');
    const theirs = rowOf(rp, area);
    await expect(theirs.getByTestId(/^sanitation-status-/)).toHaveText('Signed');
    await expect(theirs.getByTestId(/^sanitation-results-/)).toContainText('Fail 1');
    // No create right: no new check list, no sign or amend.
    await expect(rp.getByTestId('sanitation-create')).toHaveCount(0);
    await expect(theirs.getByTestId(/^sanitation-amend-/)).toHaveCount(0);
    await theirs.getByTestId(/^sanitation-review-/).click();
    await expect(rp.getByText('I confirm that I reviewed this record')).toBeVisible();
    await rp.getByTestId('sanitation-sign-password').fill('review1234');
    await shot(rp, 'sanitation-review-en-dark');
    await rp.getByTestId('sanitation-sign-dialog-submit').click();
    await expect(rp.getByTestId('sanitation-sign-password')).toBeHidden();
    await expect(theirs.getByTestId(/^sanitation-status-/)).toHaveText('Reviewed');
    await theirs.getByTestId(/^sanitation-detail-/).click();
    const detail = rp.getByTestId('sanitation-detail-dialog');
    await expect(detail.getByTestId('sanitation-signature-PERFORMED')).toContainText(workerAdmin.userId);
    await expect(detail.getByTestId('sanitation-signature-REVIEWED')).toContainText(userId);
    await expect(detail).toContainText('Fail');
    await expect(detail.getByTestId('sanitation-signature-REVIEWED')).toContainText('Reviewed:');
    await shot(rp, 'sanitation-detail-en-dark');
  } finally {
    await reviewer.context.close();
  }

  // A draft of yesterday is deleted after the confirmation.
  const yesterday = new Date(Date.now() - 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  await postData(request, token, '/api/sanitation-process-check-list/create', {
    checkDate: yesterday,
    locationId: line.id,
  });
  await page.reload();
  await expect(rowOf(page, area)).toHaveCount(2);
  const draft = rowOf(page, area).filter({ hasText: yesterday });
  await draft.getByTestId(/^sanitation-delete-/).click();
  await confirmOk(page);
  await expect(rowOf(page, area)).toHaveCount(1);
  await expect(rowOf(page, area).getByTestId(/^sanitation-status-/)).toHaveText('검토 완료');
});
