import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { postData, setLocale, setTheme, shot, uniq } from './helpers';
import { auth } from './production-world';

// CCP monitoring (issue 16, /haccp/ccpMonitoringPage). A heating CCP is made through the API. The worker administrator
// records a check below the lower limit: the form shows the deviation; signing without the corrective action is
// refused by the server, the action is added, a wrong password is refused on the field, the right one signs. The
// operator's own review button is disabled. A second user holding only the review right (view + modify), made through
// the API, reviews it in English and dark; then the administrator amends the reviewed record and the detail shows the
// original and the amendment with their signatures.

const rowOf = (page: Page, text: string) =>
  page.getByTestId('ccp-table').locator('tr.ant-table-row', { hasText: text });

test('record a CCP deviation with its corrective action, sign it, review it as another user, amend it', async ({
  page,
  request,
  adminToken: token,
  workerAdmin,
  signIn,
}) => {
  test.setTimeout(180_000);
  const tag = uniq('CCP');
  await postData(request, token, '/api/haccp/critical-control-point/points', {
    name: `${tag} 가열`,
    type: 'HEATING',
    limitKind: 'RANGE',
    minValue: 85,
    maxValue: 95,
    unit: '°C',
    frequencyHours: null,
  });

  await page.goto('/haccp/ccpMonitoringPage');
  await expect(page.getByTestId('page-title')).toHaveText('CCP 모니터링');
  // The demo month: rows and the missing checks of the default week.
  await expect(page.getByTestId('ccp-table').locator('tr.ant-table-row').first()).toBeVisible();

  // Record a check below the lower limit: the deviation shows with the corrective action fields.
  await page.getByTestId('ccp-create').click();
  await page.getByTestId('ccp-point').click();
  await page.keyboard.type(tag);
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: tag })
    .click();
  await page.getByTestId('ccp-value').fill('80.5');
  await expect(page.getByTestId('ccp-deviation')).toContainText('한계기준을 벗어났습니다');
  await shot(page, 'haccp-deviation-kr-light');
  await page.getByTestId('ccp-dialog-submit').click();
  await expect(page.getByTestId('ccp-value')).toBeHidden();
  const row = rowOf(page, tag);
  await expect(row.getByTestId(/^ccp-status-/)).toHaveText('작성');
  await expect(row.getByTestId(/^ccp-value-/)).toContainText('이탈');

  // Signing without the corrective action: the server refuses.
  await row.getByTestId(/^ccp-sign-/).click();
  await page.getByTestId('ccp-sign-password').fill(workerAdmin.password);
  await page.getByTestId('ccp-sign-dialog-submit').click();
  await expect(page.getByTestId('ccp-sign-refusal')).toContainText('개선조치');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('ccp-sign-password')).toBeHidden();

  // The corrective action, then a wrong password (refused on the field), then the right one.
  await row.getByTestId(/^ccp-edit-/).click();
  await page.getByTestId('ccp-product-action').fill('해당 배치 보류, 재가열 후 재검사');
  await page.getByTestId('ccp-cause').fill('스팀 밸브 개도 불량');
  await page.getByTestId('ccp-action-by').fill('김반장');
  await page.getByTestId('ccp-dialog-submit').click();
  await expect(page.getByTestId('ccp-product-action')).toBeHidden();
  await row.getByTestId(/^ccp-sign-/).click();
  await page.getByTestId('ccp-sign-password').fill('wrong-password-1');
  await page.getByTestId('ccp-sign-dialog-submit').click();
  await expect(page.getByText('비밀번호가 올바르지 않아 서명하지 못했습니다.')).toBeVisible();
  await page.getByTestId('ccp-sign-password').fill(workerAdmin.password);
  await shot(page, 'haccp-sign-kr-light');
  await page.getByTestId('ccp-sign-dialog-submit').click();
  await expect(page.getByTestId('ccp-sign-password')).toBeHidden();
  await expect(row.getByTestId(/^ccp-status-/)).toHaveText('서명');
  // The operator cannot review their own record (and the server would refuse).
  await expect(row.getByTestId(/^ccp-review-/)).toBeDisabled();
  await expect(row.getByTestId(/^ccp-edit-/)).toHaveCount(0);
  await shot(page, 'haccp-list-kr-light');

  // A reviewer: view + modify on the CCP screen only, made through the API. Reviews in English and dark.
  const roleItem = JSON.stringify([{ name: 'ccpMonitoring', view: true, modify: true }]);
  const role = await postData(request, token, '/api/role', { name: `${tag} 검토`, roleItem });
  const userId = uniq('rev');
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
    await rp.goto('/haccp/ccpMonitoringPage');
    await setLocale(rp, request, reviewerToken, 'en');
    await expect(rp.getByTestId('page-title')).toHaveText('CCP monitoring');
    const theirs = rowOf(rp, tag);
    await expect(theirs.getByTestId(/^ccp-status-/)).toHaveText('Signed');
    // No create right: no record button, no sign or amend.
    await expect(rp.getByTestId('ccp-create')).toHaveCount(0);
    await theirs.getByTestId(/^ccp-review-/).click();
    await expect(rp.getByText('I confirm that I reviewed this record')).toBeVisible();
    await rp.getByTestId('ccp-sign-password').fill('review1234');
    await shot(rp, 'haccp-review-en-dark');
    await rp.getByTestId('ccp-sign-dialog-submit').click();
    await expect(rp.getByTestId('ccp-sign-password')).toBeHidden();
    await expect(theirs.getByTestId(/^ccp-status-/)).toHaveText('Reviewed');
    await shot(rp, 'haccp-list-en-dark');
  } finally {
    await reviewer.context.close();
  }

  // Reviewed: no edit or delete; the administrator amends it, and the detail shows both with their signatures.
  await page.reload();
  await expect(row.getByTestId(/^ccp-status-/)).toHaveText('검토 완료');
  await expect(row.getByTestId(/^ccp-delete-/)).toHaveCount(0);
  await row.getByTestId(/^ccp-amend-/).click();
  await page.getByTestId('ccp-value').fill('88');
  await page.getByTestId('ccp-amend-reason').fill('측정 위치 오기: 표면 온도를 기록함');
  await page.getByTestId('ccp-amend-password').fill(workerAdmin.password);
  await page.getByTestId('ccp-dialog-submit').click();
  await expect(page.getByTestId('ccp-amend-reason')).toBeHidden();
  await expect(page.getByTestId('ccp-table').locator('tr.ant-table-row', { hasText: tag })).toHaveCount(2);
  const original = page
    .getByTestId('ccp-table')
    .locator('tr.ant-table-row', { hasText: tag })
    .filter({ hasText: '정정됨' });
  await original.getByTestId(/^ccp-detail-/).click();
  const detail = page.getByTestId('ccp-detail-dialog');
  await expect(detail).toContainText('원본');
  await expect(detail).toContainText('정정 1');
  await expect(detail).toContainText('측정 위치 오기');
  await expect(detail.getByTestId('ccp-signature-REVIEWED')).toContainText(userId);
  await expect(detail.getByTestId('ccp-signature-AMENDED')).toContainText(workerAdmin.userId);
  await shot(page, 'haccp-detail-kr-light');
});
