import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { closeByEscape, confirmOk, postData, setLocale, setTheme, shot, uniq } from './helpers';
import { auth, makeProductionWorld } from './production-world';

// Visual inspection (issue 16, /haccp/visualInspection). A hand-added lot of a product is made through the API. The
// worker administrator records an inspection of that lot (its LOT ID typed in lower case and looked up), fails the
// foreign-matter check, saves the draft and uploads a photo in the dialog that follows. Signing without the failed
// check's note is refused by the server; the note is added, the right password signs. The operator's own review button
// is disabled and the signed inspection's photos are locked. A second user holding only the review right (view +
// modify), made through the API, reviews it in English and dark. The administrator then amends it (the detail shows
// the original with its photo and the amendment) and deletes a day inspection draft after confirming.

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const rowOf = (page: Page, text: string) =>
  page.getByTestId('visual-table').locator('tr.ant-table-row', { hasText: text });

test('record a failed visual inspection of a lot with a photo, sign it, review it as another user, amend it', async ({
  page,
  request,
  adminToken: token,
  workerAdmin,
  signIn,
}) => {
  test.setTimeout(180_000);
  const w = await makeProductionWorld(request, token, { prefix: 'VI' });
  const lot = await postData<{ lotId: string }>(request, token, '/api/productstock/stock-add', {
    productId: w.product.id,
    locationId: w.shelf.id,
    qty: 10,
  });

  await page.goto('/haccp/visualInspection');
  await expect(page.getByTestId('page-title')).toHaveText('육안 검사');
  // The demo's inspections of the default week.
  await expect(page.getByTestId('visual-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'haccp-visual-list-kr-light');

  // A new inspection starts with the default checks; the LOT ID in lower case finds the lot.
  await page.getByTestId('visual-create').click();
  await expect(page.getByTestId('visual-check-name-0')).toHaveValue('이물');
  await expect(page.getByTestId('visual-check-name-3')).toHaveValue('색상/외관');
  await page.getByTestId('visual-lot-id').fill(lot.lotId.toLowerCase());
  await page.getByTestId('visual-lot-lookup').click();
  await expect(page.getByTestId('visual-lot-found')).toContainText(w.product.name);
  await expect(page.getByTestId('visual-lot-id')).toHaveValue(lot.lotId);
  await expect(page.getByTestId('visual-result')).toContainText('적합');
  await page.getByTestId('visual-check-passed-0').getByText('부적합').click();
  await expect(page.getByTestId('visual-result')).toContainText('부적합');
  await page.getByTestId('visual-check-add').click();
  await page.getByTestId('visual-check-name-4').fill('밀봉 상태');
  await shot(page, 'haccp-visual-form-kr-light');
  await page.getByTestId('visual-dialog-submit').click();
  await expect(page.getByTestId('visual-lot-id')).toBeHidden();

  // The photos dialog follows the new draft: upload one, it shows as a thumbnail.
  const photos = page.getByTestId('visual-photos');
  await expect(photos).toBeVisible();
  await photos.locator('input[type=file]').setInputFiles({ name: '이물.png', mimeType: 'image/png', buffer: PNG });
  await expect(photos.getByTestId('visual-photo-thumb')).toBeVisible();
  await shot(page, 'haccp-visual-photos-kr-light');
  await page.getByTestId('visual-photos-close').click();
  await expect(photos).toBeHidden();

  const row = rowOf(page, lot.lotId);
  await expect(row.getByTestId(/^visual-status-/)).toHaveText('작성');
  await expect(row.getByTestId(/^visual-result-/)).toHaveText('부적합');
  await expect(row.getByTestId(/^visual-photos-/)).toHaveText('1');

  // Signing with a failed check without its note: the server refuses.
  await row.getByTestId(/^visual-sign-/).click();
  await page.getByTestId('visual-sign-password').fill(workerAdmin.password);
  await page.getByTestId('visual-sign-dialog-submit').click();
  await expect(page.getByTestId('visual-sign-refusal')).toContainText('부적합 항목에는 비고');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('visual-sign-password')).toBeHidden();

  // The note, then the signature.
  await row.getByTestId(/^visual-edit-/).click();
  await page.getByTestId('visual-check-note-0').fill('검은 이물 1건, 해당 트레이 폐기 후 선별');
  await page.getByTestId('visual-dialog-submit').click();
  await expect(page.getByTestId('visual-check-note-0')).toBeHidden();
  await row.getByTestId(/^visual-sign-/).click();
  await page.getByTestId('visual-sign-password').fill(workerAdmin.password);
  await page.getByTestId('visual-sign-dialog-submit').click();
  await expect(page.getByTestId('visual-sign-password')).toBeHidden();
  await expect(row.getByTestId(/^visual-status-/)).toHaveText('서명');
  await expect(row.getByTestId(/^visual-review-/)).toBeDisabled();
  await expect(row.getByTestId(/^visual-edit-/)).toHaveCount(0);
  // Signed: the photos are locked.
  await row.getByTestId(/^visual-photos-/).click();
  await expect(photos).toContainText('서명된 검사의 사진은 바꿀 수 없습니다');
  await expect(photos.getByTestId('visual-photo-upload')).toHaveCount(0);
  await expect(photos.getByTestId(/^visual-photo-delete-/)).toHaveCount(0);
  await page.getByTestId('visual-photos-close').click();

  // A reviewer: view + modify on the visual inspection screen only, made through the API. English and dark.
  const tag = uniq('VIR');
  const roleItem = JSON.stringify([{ name: 'visualInspection', view: true, modify: true }]);
  const role = await postData(request, token, '/api/role', { name: `${tag} 검토`, roleItem });
  const userId = uniq('vrev');
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
    await rp.goto('/haccp/visualInspection');
    await setLocale(rp, request, reviewerToken, 'en');
    await expect(rp.getByTestId('page-title')).toHaveText('Visual inspection');
    const theirs = rowOf(rp, lot.lotId);
    await expect(theirs.getByTestId(/^visual-status-/)).toHaveText('Signed');
    await expect(theirs.getByTestId(/^visual-result-/)).toHaveText('Fail');
    await expect(rp.getByTestId('visual-create')).toHaveCount(0);
    await theirs.getByTestId(/^visual-review-/).click();
    await expect(rp.getByText('I confirm that I reviewed this record')).toBeVisible();
    await rp.getByTestId('visual-sign-password').fill('review1234');
    await shot(rp, 'haccp-visual-review-en-dark');
    await rp.getByTestId('visual-sign-dialog-submit').click();
    await expect(rp.getByTestId('visual-sign-password')).toBeHidden();
    await expect(theirs.getByTestId(/^visual-status-/)).toHaveText('Reviewed');
    await theirs.getByTestId(/^visual-detail-/).click();
    await expect(rp.getByTestId('visual-detail-dialog').getByTestId('visual-photo-thumb')).toBeVisible();
    await shot(rp, 'haccp-visual-detail-en-dark');
  } finally {
    await reviewer.context.close();
  }

  // Reviewed: the administrator amends it; the detail shows the original (with its photo) and the amendment.
  await page.reload();
  await expect(row.getByTestId(/^visual-status-/)).toHaveText('검토 완료');
  await expect(row.getByTestId(/^visual-delete-/)).toHaveCount(0);
  await row.getByTestId(/^visual-amend-/).click();
  await page.getByTestId('visual-check-note-0').fill('검은 이물 2건, 해당 트레이 폐기 후 선별');
  await page.getByTestId('visual-amend-reason').fill('이물 개수 오기');
  await page.getByTestId('visual-amend-password').fill(workerAdmin.password);
  await page.getByTestId('visual-dialog-submit').click();
  await expect(page.getByTestId('visual-amend-reason')).toBeHidden();
  await expect(rowOf(page, lot.lotId)).toHaveCount(2);
  const original = rowOf(page, lot.lotId).filter({ hasText: '정정됨' });
  await original.getByTestId(/^visual-detail-/).click();
  const detail = page.getByTestId('visual-detail-dialog');
  await expect(detail).toContainText('원본');
  await expect(detail).toContainText('정정 1');
  await expect(detail).toContainText('이물 개수 오기');
  await expect(detail.getByTestId('visual-photo-thumb')).toHaveCount(1);
  await expect(detail.getByTestId('visual-signature-REVIEWED')).toContainText(userId);
  await expect(detail.getByTestId('visual-signature-AMENDED')).toContainText(workerAdmin.userId);
  await shot(page, 'haccp-visual-detail-kr-light');
  await closeByEscape(page, detail);

  // Filter by the LOT ID: only its two rows.
  await page.getByTestId('visual-filter-lot').locator('input').fill(lot.lotId.slice(-6).toLowerCase());
  await page.getByTestId('visual-filter-lot').locator('input').press('Enter');
  await expect(page.getByTestId('visual-table').locator('tr.ant-table-row')).toHaveCount(2);

  // A day inspection draft (no lot) is deleted after confirming.
  await page.getByTestId('visual-filter-lot').locator('input').fill('');
  await page.getByTestId('visual-filter-lot').locator('input').press('Enter');
  await page.getByTestId('visual-create').click();
  await page.getByTestId('visual-note').fill(`${tag} 일일 점검`);
  await page.getByTestId('visual-dialog-submit').click();
  await page.getByTestId('visual-photos-close').click();
  const day = rowOf(page, `${tag} 일일 점검`);
  await expect(day).toContainText('일일 검사');
  await day.getByTestId(/^visual-delete-/).click();
  await confirmOk(page);
  await expect(day).toHaveCount(0);
});
