import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { apiToken, shot, uniq } from './helpers';

// Notices end to end: an admin writes one for everyone with formatting and an attachment, a warehouse worker
// sees it in the bell, reads it, downloads the file and marks all read; the phone list shows notices; the admin
// edits and deletes. Screenshots of every notice screen in Korean and English, light and dark.
test.describe.configure({ mode: 'serial' });

const WORKER = { userId: 'wh01', password: 'demo1234' };

const title = uniq('공지 e2e ');
const editedTitle = `${title} (수정)`;
const secondTitle = uniq('두번째 공지 ');
const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'eqms-notice-'));
const attachmentName = 'safety-guide.txt';
const attachmentPath = path.join(tmpDir, attachmentName);
const attachmentBytes = Buffer.from('안전 수칙\nSafety first: wear a helmet.\n'.repeat(40), 'utf8');
writeFileSync(attachmentPath, attachmentBytes);
const sizeLabel = `${(attachmentBytes.length / 1024).toFixed(1).replace(/\.0$/, '')} KB`;

const seoulToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());

const row = (page: Page, text: string) =>
  page.getByTestId('notice-table').locator('tr.ant-table-row', { hasText: text });

test('admin writes a notice for everyone with formatting and an attachment', async ({ page }) => {
  await page.goto('/notice');
  await expect(page.getByTestId('notice-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, `notice-list-kr-light`);
  await page.getByTestId('notice-create').click();
  await page.getByTestId('notice-form-title').fill('설비 점검 안내');
  const editor = page.getByTestId('notice-form-editor-content');
  await editor.click();
  await page.getByTestId('editor-h2').click();
  await page.keyboard.type('점검 일정');
  await page.keyboard.press('Enter');
  await page.getByTestId('editor-bulletList').click();
  await page.keyboard.type('1라인 오전 9시');
  await page.getByTestId('notice-form').locator('input[type=file]').setInputFiles(attachmentPath);
  await expect(page.getByTestId('notice-form-attachment-name')).toHaveText(attachmentName);
  await page.getByTestId('notice-form-title').hover();
  await shot(page, `notice-form-kr-light`);
  await page.getByTestId('notice-form-cancel').click();
  await expect(page.getByTestId('notice-form')).toBeHidden();

  await page.getByTestId('notice-create').click();
  // Title is required: saving without it stays on the form with the rule's message.
  await page.getByTestId('notice-form-save').click();
  await expect(page.getByTestId('notice-form').locator('.ant-form-item-explain-error').first()).toHaveText(
    '필수 입력 항목입니다.',
  );
  await page.getByTestId('notice-form-title').fill(title);
  await page.getByTestId('notice-form-editor-content').click();
  await page.getByTestId('editor-h2').click();
  await page.keyboard.type('안전 점검 안내');
  await page.keyboard.press('Enter');
  await page.keyboard.type('모든 작업자는 ');
  await page.getByTestId('editor-bold').click();
  await page.keyboard.type('안전모를 착용');
  await page.getByTestId('editor-bold').click();
  await page.keyboard.type('해야 합니다.');
  await page.keyboard.press('Enter');
  await page.getByTestId('editor-blockquote').click();
  await page.keyboard.type('위반 시 작업 중지');
  await page.getByTestId('notice-form').locator('input[type=file]').setInputFiles(attachmentPath);
  await expect(page.getByTestId('notice-form-attachment-size')).toHaveText(sizeLabel);
  await page.getByTestId('notice-form-save').click();
  await expect(page.getByTestId('notice-form')).toBeHidden();
  await expect(page.getByTestId('snackbar').filter({ hasText: '저장되었습니다.' })).toHaveAttribute(
    'data-type',
    'success',
  );

  const created = row(page, title);
  await expect(created).toBeVisible();
  await expect(created).toContainText('전체');
  await expect(created.getByTestId('notice-row-attachment')).toBeVisible();
  await expect(created).toContainText(seoulToday());

  // The row opens the notice as readers see it.
  await created.getByTestId('notice-row-title').click();
  const body = page.getByTestId('notice-view-body');
  await expect(body.locator('h2')).toHaveText('안전 점검 안내');
  await expect(body.locator('strong')).toHaveText('안전모를 착용');
  await expect(body.locator('blockquote')).toContainText('위반 시 작업 중지');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notice-view-dialog')).toBeHidden();
});

test('a worker sees it in the bell, reads it, downloads the attachment and marks all read', async ({ signIn }) => {
  const { context, page } = await signIn(WORKER);
  await page.goto('/notice');
  try {
    const count = page.getByTestId('notice-bell-count');
    await expect(count).not.toHaveText('0');
    const before = Number(await count.textContent());
    expect(before).toBeGreaterThanOrEqual(1);

    await page.getByTestId('notice-bell').click();
    const item = page.getByTestId('notice-bell-item').filter({ hasText: title });
    await expect(item).toHaveAttribute('data-read', 'false');
    // Unread entries come first.
    const reads = await page
      .getByTestId('notice-bell-item')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-read')));
    expect(reads.indexOf('true') === -1 || reads.lastIndexOf('false') < reads.indexOf('true')).toBe(true);
    await shot(page, 'notice-bell-kr-light');
    await page.getByTestId('notice-bell-item').filter({ hasText: title }).click();
    await expect(page.getByTestId('notice-view-title')).toHaveText(title);
    await expect(page.getByTestId('notice-view-location')).toHaveText('전체');
    await shot(page, `notice-view-kr-light`);
    await page.getByTestId('notice-view-close').click();
    await expect(page.getByTestId('notice-view-dialog')).toBeHidden();

    await page.getByTestId('notice-bell').click();
    await page.getByTestId('notice-bell-item').filter({ hasText: title }).click();
    await expect(page.getByTestId('notice-view-title')).toHaveText(title);
    await expect(page.getByTestId('notice-view-location')).toHaveText('전체');
    await expect(page.getByTestId('notice-view-attachment-name')).toHaveText(attachmentName);
    await expect(page.getByTestId('notice-view-attachment-size')).toHaveText(sizeLabel);
    await expect(page.getByTestId('notice-view-body').locator('strong')).toHaveText('안전모를 착용');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('notice-view-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(attachmentName);
    expect(readFileSync(await download.path()).equals(attachmentBytes)).toBe(true);

    await page.getByTestId('notice-view-close').click();
    // Reading it marked it read.
    await page.getByTestId('notice-bell').click();
    await expect(page.getByTestId('notice-bell-item').filter({ hasText: title })).toHaveAttribute('data-read', 'true');
    await page.getByTestId('notice-mark-all-read').click();
    await expect(count).toHaveText('0');
    await expect(page.getByTestId('notice-bell-item').first()).toHaveAttribute('data-read', 'true');
  } finally {
    await context.close();
  }
});

test('the phone list shows notices, unread first, and opens one full screen', async ({ signIn, request }) => {
  const admin = await apiToken(request);
  const today = seoulToday();
  const res = await request.post('/api/notice', {
    headers: { authorization: `Bearer ${admin}` },
    multipart: {
      title: secondTitle,
      contents: '<p>모바일 <em>확인</em></p>',
      locationId: '',
      startDt: today,
      endDt: today,
    },
  });
  expect(res.status()).toBe(200);

  const { context, page } = await signIn(WORKER, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  try {
    await page.goto('/m/notice');
    const items = page.getByTestId('m-notice-item');
    await expect(items.filter({ hasText: secondTitle })).toHaveAttribute('data-read', 'false');
    await expect(items.filter({ hasText: title })).toHaveAttribute('data-read', 'true');
    await expect(items.first()).toHaveAttribute('data-read', 'false');

    await expect(page.getByTestId('m-notice-item').first()).toBeVisible();
    await shot(page, `notice-mobile-list-kr-light`);
    await page.getByTestId('m-notice-item').filter({ hasText: title }).click();
    await expect(page.getByTestId('m-notice-view').getByTestId('notice-view-location')).toHaveText('전체');
    await shot(page, `notice-mobile-view-kr-light`);
    await page.getByTestId('m-notice-back').click();
    await expect(page.getByTestId('m-notice-view')).toBeHidden();
    await page.getByTestId('m-notice-item').filter({ hasText: secondTitle }).click();
    await expect(page.getByTestId('m-notice-view').getByTestId('notice-view-body').locator('em')).toHaveText('확인');
    await page.getByTestId('m-notice-back').click();
    await expect(page.getByTestId('m-notice-item').filter({ hasText: secondTitle })).toHaveAttribute(
      'data-read',
      'true',
    );
  } finally {
    await context.close();
  }
});

test('admin edits the title, then deletes both notices', async ({ page }) => {
  await page.goto('/notice');

  await row(page, title).getByTestId('notice-row-edit').click();
  await expect(page.getByTestId('notice-form-title')).toHaveValue(title);
  await expect(page.getByTestId('notice-form-attachment-name')).toHaveText(attachmentName);
  await expect(page.getByTestId('notice-form-editor-content').locator('strong')).toHaveText('안전모를 착용');
  await page.getByTestId('notice-form-title').fill(editedTitle);
  await page.getByTestId('notice-form-save').click();
  await expect(page.getByTestId('notice-form')).toBeHidden();
  await expect(row(page, editedTitle)).toBeVisible();

  // The edit kept the attachment.
  await row(page, editedTitle).getByTestId('notice-row-title').click();
  await expect(page.getByTestId('notice-view-title')).toHaveText(editedTitle);
  await expect(page.getByTestId('notice-view-attachment-name')).toHaveText(attachmentName);
  await page.getByTestId('notice-view-close').click();

  await row(page, editedTitle).getByTestId('notice-row-delete').click();
  await page.getByTestId('confirm-ok').click();
  await expect(row(page, editedTitle)).toHaveCount(0);

  await row(page, secondTitle).locator('input[type=checkbox]').check();
  await page.getByTestId('notice-table-delete-selected').click();
  await page.getByTestId('confirm-ok').click();
  await expect(row(page, secondTitle)).toHaveCount(0);
});
