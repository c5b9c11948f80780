import type { Locator, Page } from '@playwright/test';
import { expect, type SignedIn, test } from './fixtures';
import ExcelJS from 'exceljs';
import { apiToken, shot, uniq } from './helpers';

// Excel import and export of users end to end (issue 3 §2): the template downloaded through the popup, filled here
// with exceljs (one bad row), checked by the server, the bad cell fixed in the popup, saved, and the users listed;
// a file with a wrong header and a file that is no spreadsheet refused with their messages; the server export of
// the filtered list read back, a name starting with '=' escaped. Screenshots of the popup with its errors in
// Korean and English, light and dark, and on a narrow window.
test.describe.configure({ mode: 'serial' });

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();
const dialog = (page: Page) => page.getByTestId('excel-import');
const userRows = (page: Page) => page.getByTestId('user-table').locator('tr.ant-table-row');

async function readWorkbook(path: string) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb;
}

/** The texts of one sheet row, by column (1-based positions dropped). */
const rowTexts = (ws: ExcelJS.Worksheet, n: number) =>
  Array.from({ length: ws.columnCount }, (_, i) => {
    const v = ws.getRow(n).getCell(i + 1).value;
    return v === null || v === undefined ? '' : String(v);
  });

/**
 * Esc on the popup. An antd popup still open or closing above it (a cell's error tooltip under the mouse, the
 * confirm's closing motion) takes an Esc first, as everywhere in antd, so Esc is pressed until the confirm shows.
 */
async function escapeUntilConfirm(page: Page) {
  await page.mouse.move(1, 1);
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('confirm-ok')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
}

async function openImport(page: Page) {
  await page.getByTestId('user-import').click();
  await expect(dialog(page).getByTestId('excel-template')).toBeVisible();
}

async function uploadBuffer(page: Page, buffer: Buffer, name = 'users.xlsx', mimeType = XLSX_MIME) {
  await dialog(page).locator('input[type="file"]').setInputFiles({ name, mimeType, buffer });
}

async function search(page: Page, text: string) {
  const input = page.getByTestId('user-search').locator('input');
  await input.fill(text);
  await input.press('Enter');
}

/** The template's rows 3.. filled by column key. */
async function fillTemplate(template: ExcelJS.Workbook, rows: Record<string, string>[]) {
  const ws = template.worksheets[0];
  const keys = rowTexts(ws, 1);
  rows.forEach((values, r) => {
    for (const [key, value] of Object.entries(values)) {
      const col = keys.indexOf(key);
      expect(col, `template column ${key}`).toBeGreaterThanOrEqual(0);
      ws.getRow(3 + r).getCell(col + 1).value = value;
    }
  });
  return Buffer.from(await template.xlsx.writeBuffer());
}

let filled: Buffer;
let prefix: string;

test('full import: download the template, fill it with one bad row, fix it in the popup, save', async ({
  page,
  request,
}) => {
  await page.goto('/admin/user');
  await openImport(page);

  // The template through the UI: keys hidden in row 1, headers in the UI language in row 2, allowed values sheet.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog(page).getByTestId('excel-template').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const template = await readWorkbook(await download.path());
  const ws = template.worksheets[0];
  const keys = rowTexts(ws, 1);
  expect(keys.slice(0, 8)).toEqual([
    'userId',
    'username',
    'password',
    'email',
    'phone',
    'location',
    'roles',
    'enabled',
  ]);
  expect(ws.getRow(1).hidden).toBe(true);
  expect(rowTexts(ws, 2).slice(0, 4)).toEqual(['사용자 ID', '이름', '초기 비밀번호', '이메일']);
  expect(template.worksheets[1]?.name).toBe('허용값');
  expect(ws.actualRowCount).toBe(2);

  prefix = uniq('xi');
  filled = await fillTemplate(template, [
    { userId: `${prefix}a`, username: '엑셀 가', password: 'Passw0rd1', email: `${prefix}a@example.com`, enabled: 'Y' },
    { userId: `${prefix}b`, username: '엑셀 나', password: 'Passw0rd1', email: 'not-an-email', enabled: 'Y' },
    { userId: `${prefix}c`, username: '엑셀 다', password: 'Passw0rd1', phone: '010-1234-5678', enabled: 'N' },
  ]);

  await uploadBuffer(page, filled);
  const d = dialog(page);
  await expect(d.getByTestId('excel-summary')).toHaveText('3행, 오류 1행');
  // The bad row: its number, the column and the message; the cell is marked and saving is blocked.
  const bad = d.getByTestId('excel-cell-4-email');
  await expect(bad).toHaveAttribute('data-error', 'true');
  await expect(d.getByTestId('excel-cell-3-email')).not.toHaveAttribute('data-error', 'true');
  await expect(d.getByTestId('excel-row-errors-4')).toHaveText('4행 · 이메일: 올바른 이메일 형식이 아닙니다.');
  await expect(d.getByTestId('excel-save')).toBeDisabled();

  // Fix the cell in the popup: click, type, Enter.
  await bad.click();
  const editor = d.getByTestId('excel-cell-editor');
  await expect(editor).toBeFocused();
  await editor.fill(`${prefix}b@example.com`);
  await editor.press('Enter');
  await expect(d.getByTestId('excel-summary')).toHaveText('3행, 오류 0행');
  await expect(d.getByTestId('excel-cell-4-email')).toHaveText(`${prefix}b@example.com`);
  await d.getByTestId('excel-save').click();
  await expect(snackbar(page, '3행을 저장했습니다.')).toBeVisible();
  await expect(d).toBeHidden();

  // The three users are in the list, with the fixed email.
  await search(page, prefix);
  await expect(userRows(page)).toHaveCount(3);
  await expect(userRows(page).filter({ hasText: `${prefix}b@example.com` })).toHaveCount(1);
  const token = await apiToken(request);
  const res = await request.get(`/api/user/users?q=${prefix}&page=1&size=10`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const saved = (await res.json()).data as { userId: string; enabled: boolean; phone: string | null }[];
  expect(saved.map((u) => u.userId).sort()).toEqual([`${prefix}a`, `${prefix}b`, `${prefix}c`]);
  expect(saved.find((u) => u.userId === `${prefix}c`)).toMatchObject({ enabled: false, phone: '010-1234-5678' });
  // The initial password works.
  expect(
    (await request.post('/api/auth/login', { data: { userId: `${prefix}a`, password: 'Passw0rd1' } })).status(),
  ).toBe(200);
});

test('the same rows again are refused as duplicates; nothing is saved twice', async ({ page }) => {
  await page.goto('/admin/user');
  await openImport(page);
  await uploadBuffer(page, filled);
  const d = dialog(page);
  await expect(d.getByTestId('excel-summary')).toHaveText('3행, 오류 3행');
  await expect(d.getByTestId('excel-cell-3-userId')).toHaveAttribute('data-error', 'true');
  await expect(d.getByTestId('excel-save')).toBeDisabled();
  // Esc asks before dropping loaded rows; cancelling keeps the popup.
  await escapeUntilConfirm(page);
  await expect(page.getByTestId('confirm-dialog').getByText('불러온 행을 저장하지 않고 닫을까요?')).toBeVisible();
  await page.getByTestId('confirm-cancel').click();
  // Until its closing motion ends, the confirm is still the top dialog and would take the next Esc.
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(d.getByTestId('excel-summary')).toBeVisible();
  // The close button asks too; OK drops the rows.
  await d.getByTestId('excel-cancel').click();
  await page.getByTestId('confirm-ok').click();
  await expect(d).toBeHidden();
});

test('a wrong header and a file that is no spreadsheet are refused with their messages', async ({ page }) => {
  await page.goto('/admin/user');
  await openImport(page);

  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['id', 'name']);
  ws.addRow(['ID', 'Name']);
  ws.addRow(['x1', 'X']);
  await uploadBuffer(page, Buffer.from(await wb.xlsx.writeBuffer()), 'mine.xlsx');
  const error = dialog(page).getByTestId('excel-file-error');
  await expect(error).toHaveText('엑셀 양식이 올바르지 않습니다. 양식을 내려받아 사용하세요.');
  await expect(dialog(page).getByTestId('excel-table')).toHaveCount(0);

  // Judged by content, not by name.
  await uploadBuffer(page, Buffer.from('userId,username\nx,y\n'), 'fake.xlsx');
  await expect(error).toHaveText('엑셀 파일(xlsx)만 올릴 수 있습니다.');
  await expect(dialog(page).getByTestId('excel-save')).toBeDisabled();
});

test('export of the filtered list: every matching user, formulas escaped', async ({ page, request }) => {
  const token = await apiToken(request);
  const p = uniq('xe');
  for (const [suffix, username] of [
    ['1', '=HYPERLINK("http://evil.example","x")'],
    ['2', '+plus'],
    ['3', '보통 이름'],
  ]) {
    const res = await request.post('/api/user', {
      headers: { authorization: `Bearer ${token}` },
      data: { userId: `${p}${suffix}`, username, password: 'Passw0rd1', roleIds: [], enabled: true },
    });
    expect(res.status()).toBe(200);
  }
  await page.goto('/admin/user');
  await search(page, p);
  await expect(userRows(page)).toHaveCount(3);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('user-table-export').click()]);
  const wb = await readWorkbook(await download.path());
  const ws = wb.worksheets[0];
  const keys = rowTexts(ws, 1);
  const at = (row: string[], key: string) => row[keys.indexOf(key)];
  const data = Array.from({ length: ws.actualRowCount - 2 }, (_, i) => rowTexts(ws, 3 + i));
  // Only the filtered users, in the template's shape; no password column values.
  expect(data.map((r) => at(r, 'userId')).sort()).toEqual([`${p}1`, `${p}2`, `${p}3`]);
  const byId = new Map(data.map((r) => [at(r, 'userId'), r]));
  expect(at(byId.get(`${p}1`)!, 'username')).toBe(`'=HYPERLINK("http://evil.example","x")`);
  expect(at(byId.get(`${p}2`)!, 'username')).toBe(`'+plus`);
  expect(at(byId.get(`${p}3`)!, 'username')).toBe('보통 이름');
  expect(data.every((r) => at(r, 'password') === '')).toBe(true);
  // A formula cell would carry a formula object, not text.
  expect(typeof ws.getRow(3).getCell(keys.indexOf('username') + 1).value).toBe('string');
});

async function showErrors(page: Page) {
  await openImport(page);
  await uploadBuffer(page, invalidCopy);
  await expect(dialog(page).getByTestId('excel-cell-4-email')).toHaveAttribute('data-error', 'true');
}

let invalidCopy: Buffer;

test('screenshots of the popup with errors, desktop and narrow', async ({ page, signIn, workerAdmin }) => {
  // A file with one bad row that stays bad (fresh ids, an invalid email).
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(filled as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const keys = rowTexts(ws, 1);
  const p = uniq('xs');
  ['a', 'b', 'c'].forEach((s, i) => {
    ws.getRow(3 + i).getCell(keys.indexOf('userId') + 1).value = `${p}${s}`;
  });
  ws.getRow(4).getCell(keys.indexOf('email') + 1).value = 'not-an-email';
  ws.getRow(5).getCell(keys.indexOf('username') + 1).value = '';
  invalidCopy = Buffer.from(await wb.xlsx.writeBuffer());

  await page.goto('/admin/user');
  await expect(userRows(page).first()).toBeVisible();
  await showErrors(page);
  await expect(dialog(page).getByTestId('excel-summary')).toHaveText('3행, 오류 2행');
  await shot(page, `excel-import-errors-kr-light`);
  await escapeUntilConfirm(page);
  await page.getByTestId('confirm-ok').click();
  await expect(dialog(page)).toBeHidden();

  await narrowShot(await signIn(workerAdmin, { viewport: { width: 800, height: 1100 } }));
});

/** Phone widths are sent to the mobile pages (SPEC §2), so the narrowest user list is a tablet's. */
async function narrowShot({ page, context: narrow }: SignedIn) {
  await page.goto('/admin/user');
  await expect(userRows(page).first()).toBeVisible();
  await showErrors(page);
  await shot(page, 'excel-import-errors-narrow-kr-light');
  // The messages stay in view beside the scrolled columns.
  await expect(dialog(page).getByTestId('excel-row-errors-4')).toBeInViewport();
  await clickCell(dialog(page).getByTestId('excel-cell-4-email'));
  await shot(page, 'excel-import-edit-narrow-kr-light');
  await narrow.close();
}

async function clickCell(cell: Locator) {
  await cell.click();
  await expect(cell.page().getByTestId('excel-cell-editor')).toBeVisible();
}

test('codes and locations offer the same popup with their own template', async ({ page }) => {
  for (const [path, button, firstKey] of [
    ['/admin/code', 'code-import', 'category'],
    ['/baseinfo/location', 'location-import', 'name'],
  ] as const) {
    await page.goto(path);
    await page.getByTestId(button).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog(page).getByTestId('excel-template').click(),
    ]);
    const ws = (await readWorkbook(await download.path())).worksheets[0];
    expect(rowTexts(ws, 1)).toContain(firstKey);
    expect(ws.getRow(1).hidden).toBe(true);
    await dialog(page).getByTestId('excel-cancel').click();
    await expect(dialog(page)).toBeHidden();
  }
});
