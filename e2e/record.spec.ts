import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { confirmOk, setLocale, shot, uniq } from './helpers';

// Record sheets (issue 16, /record): a folder is made under the HACCP type, a sheet in it with two free fields; once
// saved its files dialog opens and a PDF is attached and downloaded (the same bytes). The folder with its sheet cannot
// be deleted (the refusal says why); the sheet is deleted after confirming, then the empty folder. Korean, then
// English.

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const rowOf = (page: Page, text: string) =>
  page.getByTestId('record-table').locator('tr.ant-table-row', { hasText: text });

test('make a folder and a sheet with free fields and a file, download it, refuse the full folder, delete', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const tag = uniq('RC').toUpperCase();
  await page.goto('/record');
  await expect(page.getByTestId('page-title')).toHaveText('기록 관리');
  // The demo factory's sheets.
  await expect(page.getByTestId('record-tree').locator('[data-key="GHACCP"]')).toBeVisible();
  await expect(page.getByTestId('record-table').locator('tr.ant-table-row').first()).toBeVisible();
  await shot(page, 'record-list-kr-light');

  // A folder under HACCP.
  await page.getByTestId('record-tree').locator('[data-key="GHACCP"]').click();
  await page.getByTestId('record-create-folder').click();
  await page.getByTestId('record-title').fill(`${tag} 폴더`);
  await page.getByTestId('record-dialog-submit').click();
  await expect(page.getByTestId('record-title')).toBeHidden();
  const folderNode = page
    .getByTestId('record-tree')
    .locator('[data-testid="record-tree-node"]', { hasText: `${tag} 폴더` });
  await folderNode.click();
  await expect(page.getByTestId('record-node-filter')).toContainText(`${tag} 폴더`);

  // A sheet in it with two fields.
  await page.getByTestId('record-create').click();
  await expect(page.getByTestId('record-parent')).toContainText(`${tag} 폴더`);
  await page.getByTestId('record-title').fill(`${tag} 세척 기록`);
  await page.getByTestId('record-field-add').click();
  await page.getByTestId('record-field-key-0').fill('세척제');
  await page.getByTestId('record-field-value-0').fill('중성 세제 2%');
  await page.getByTestId('record-field-add').click();
  await page.getByTestId('record-field-key-1').fill('확인자');
  await page.getByTestId('record-field-value-1').fill('박품질');
  await shot(page, 'record-dialog-kr-light');
  await page.getByTestId('record-dialog-submit').click();

  // Its files right after: a PDF, downloaded back as stored.
  const files = page.getByTestId('record-files');
  await expect(files).toBeVisible();
  await files
    .locator('input[type=file]')
    .setInputFiles({ name: '세척 점검표.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(files.getByTestId('record-file-row')).toContainText('세척 점검표.pdf');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    files.getByTestId(/^record-file-download-/).click(),
  ]);
  expect(download.suggestedFilename()).toBe('세척 점검표.pdf');
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(Buffer.compare(readFileSync(path), PDF)).toBe(0);
  // A renamed executable is refused.
  await files.locator('input[type=file]').setInputFiles({
    name: 'manual.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]),
  });
  await expect(page.getByTestId('snackbar').filter({ hasText: '첨부할 수 없는 파일 형식' }).first()).toBeVisible();
  await expect(files.getByTestId('record-file-row')).toHaveCount(1);
  await shot(page, 'record-files-kr-light');
  await page.getByTestId('record-files-dialog-submit').click();
  await expect(files).toBeHidden();
  const row = rowOf(page, `${tag} 세척 기록`);
  await expect(row).toContainText('세척제: 중성 세제 2%');

  // The folder holding it cannot be deleted.
  await page.getByTestId('record-folder-delete').click();
  await confirmOk(page);
  await expect(
    page.getByTestId('snackbar').filter({ hasText: '하위 폴더나 기록지가 있는 폴더' }).first(),
  ).toBeVisible();
  await expect(folderNode).toBeVisible();

  // English.
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Records');
  await expect(rowOf(page, `${tag} 세척 기록`)).toBeVisible();
  await shot(page, 'record-list-en-light');
  await rowOf(page, `${tag} 세척 기록`)
    .getByTestId(/^record-edit-/)
    .click();
  await expect(page.getByTestId('record-files')).toContainText('세척 점검표.pdf');
  await shot(page, 'record-dialog-en-light');
  await page.getByTestId('record-dialog-cancel').click();

  // Delete the sheet, then the empty folder.
  await rowOf(page, `${tag} 세척 기록`)
    .getByTestId(/^record-delete-/)
    .click();
  await confirmOk(page);
  await expect(rowOf(page, `${tag} 세척 기록`)).toHaveCount(0);
  await page.getByTestId('record-folder-delete').click();
  await confirmOk(page);
  await expect(folderNode).toHaveCount(0);
  await setLocale(page, request, token, 'kr');
});
