import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ExcelJS from 'exceljs';
import { chooseInTree, apiToken, confirmOk, shot, uniq, visibleDropdown } from './helpers';

// The tools screen end to end (/baseinfo/tools): a tool created under a line through the form (the location picker
// offers only lines and warehouses), found by search and by the location tree, edited, an inspection record added
// and deleted (single and bulk) in the history drawer, a tool imported from Excel, tools deleted (single and bulk).
// Screenshots in Korean and English, light and dark. Data is made here through the API, never taken from the demo.
test.describe.configure({ mode: 'serial' });

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const snackbar = (page: Page, text: string | RegExp) => page.getByTestId('snackbar').filter({ hasText: text }).first();
const toolRows = (page: Page) => page.getByTestId('tool-table').locator('tr.ant-table-row');
const treeNode = (page: Page, name: string) =>
  page.getByTestId('tool-tree').locator(`[data-testid="tool-tree-node"][data-name="${name}"]`).first();

type Place = { site: string; factory: string; line: string; warehouse: string; lineId: number; factoryId: number };
let place: Place;
let token: string;
const tag = uniq('tl');

async function post(request: APIRequestContext, url: string, data: unknown) {
  const res = await request.post(url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data;
}

async function search(page: Page, text: string) {
  const input = page.getByTestId('tool-search').locator('input');
  await input.fill(text);
  await input.press('Enter');
}

test.beforeAll(async ({ request }) => {
  token = await apiToken(request);
  const site = await post(request, '/api/location', { name: `${tag} 사업장`, type: 'SITE' });
  const factory = await post(request, '/api/location', { name: `${tag} 공장`, type: 'FACTORY', parentId: site.id });
  const line = await post(request, '/api/location', { name: `${tag} 라인`, type: 'LINE', parentId: factory.id });
  const warehouse = await post(request, '/api/location', {
    name: `${tag} 창고`,
    code: `${tag}-WH`,
    type: 'WAREHOUSE',
    parentId: factory.id,
  });
  place = {
    site: site.name,
    factory: factory.name,
    line: line.name,
    warehouse: warehouse.name,
    lineId: line.id,
    factoryId: factory.id,
  };
});

test('create a tool under a line through the form; the picker refuses a factory; search, tree filter, edit', async ({
  page,
  request,
}) => {
  await page.goto('/baseinfo/tools');
  await expect(page.getByTestId('page-title')).toHaveText('설비(툴) 관리');
  await page.getByTestId('tool-create').click();
  const form = page.getByTestId('tool-form');
  await page.getByTestId('tool-form-code').fill(`${tag}-INJ1`);
  await page.getByTestId('tool-form-name').fill('사출기 1호');
  // The factory is shown in the picker but cannot be chosen (SPEC §5: tools only under a line or warehouse).
  await page.getByTestId('tool-form-location').click();
  await page.keyboard.type(tag);
  await expect(
    visibleDropdown(page).locator('.ant-select-tree-treenode', { hasText: place.factory }).first(),
  ).toHaveClass(/ant-select-tree-treenode-disabled/);
  await page.keyboard.press('Escape');
  await chooseInTree(page, page.getByTestId('tool-form-location'), place.line);
  await page.getByTestId('tool-form-specification').fill('350t');
  await page.getByTestId('tool-form-manufacturer').fill('LS엠트론');
  await page.getByTestId('tool-form-installDate').fill('2024-05-01');
  await page.getByTestId('tool-form-installDate').press('Tab');
  await page.getByTestId('tool-form-submit').click();
  await expect(snackbar(page, '저장되었습니다')).toBeVisible();

  await search(page, `${tag}-INJ1`);
  await expect(toolRows(page)).toHaveCount(1);
  await expect(toolRows(page).first()).toContainText([place.site, place.factory, place.line].join(' / '));
  await expect(toolRows(page).first()).toContainText('2024-05-01');

  // The same code again: the form says it is in use.
  await page.getByTestId('tool-create').click();
  await page.getByTestId('tool-form-code').fill(`${tag}-INJ1`);
  await page.getByTestId('tool-form-name').fill('중복');
  await chooseInTree(page, page.getByTestId('tool-form-location'), place.line);
  await page.getByTestId('tool-form-submit').click();
  await expect(form.getByText('이미 사용 중인 설비 코드입니다.').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('tool-form-code')).toBeHidden();

  // The placement rule holds on the server too (a factory is refused on locationId).
  const refused = await request.post('/api/tool', {
    headers: { authorization: `Bearer ${token}` },
    data: { code: `${tag}-BAD`, name: 'x', locationId: place.factoryId },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).extraData.fields[0].field).toBe('locationId');

  // The tree filters the list to a location and below.
  await post(request, '/api/tool', { code: `${tag}-RACK1`, name: '자재 랙', locationId: await warehouseId(request) });
  // Made behind the screen's back: a reload shows it.
  await page.reload();
  await search(page, '');
  await treeNode(page, place.factory).click();
  await expect(page.getByTestId('tool-filter-label')).toContainText(place.factory);
  await expect(toolRows(page)).toHaveCount(2);
  await treeNode(page, place.line).click();
  await expect(toolRows(page)).toHaveCount(1);
  await expect(toolRows(page).first()).toContainText('사출기 1호');

  // Edit.
  await page.getByTestId(`tool-edit-${tag}-INJ1`).click();
  await page.getByTestId('tool-form-name').fill('사출기 1호기');
  await page.getByTestId('tool-form-submit').click();
  await expect(snackbar(page, '저장되었습니다')).toBeVisible();
  await expect(toolRows(page).first()).toContainText('사출기 1호기');
});

async function warehouseId(request: APIRequestContext): Promise<number> {
  const res = await request.get('/api/location/locations', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()).data as { id: number; name: string }[]).find((l) => l.name === place.warehouse)!.id;
}

test('inspection history: add records, list newest first, delete single and bulk', async ({ page }) => {
  await page.goto(`/baseinfo/tools?q=${tag}-INJ1`);
  await expect(toolRows(page)).toHaveCount(1);
  await page.getByTestId(`tool-inspections-${tag}-INJ1`).click();
  const table = page.getByTestId('inspect-table');
  await expect(table).toBeVisible();
  const rows = table.locator('tr.ant-table-row');
  await expect(rows).toHaveCount(0);

  const add = async (date: string, content: string, result: '합격' | '불합격', next?: string) => {
    await page.getByTestId('inspect-create').click();
    const dateInput = page.getByTestId('inspect-form-inspectDate');
    await dateInput.fill(date);
    await dateInput.press('Tab');
    await page.getByTestId('inspect-form-inspector').fill('김점검');
    await page.getByTestId('inspect-form-content').fill(content);
    await page.getByTestId('inspect-form-result').click();
    await visibleDropdown(page)
      .locator('.ant-select-item-option', { hasText: new RegExp(`^${result}$`) })
      .click();
    if (next) {
      const nextInput = page.getByTestId('inspect-form-nextInspectDate');
      await nextInput.fill(next);
      await nextInput.press('Tab');
    }
    await page.getByTestId('inspect-form-submit').click();
    await expect(page.getByTestId('inspect-form-content')).toBeHidden();
  };
  await add('2026-01-10', '유압 점검', '불합격', '2026-01-20');
  await add('2026-02-10', '정기 점검', '합격', '2026-05-10');
  await add('2026-03-10', '금형 교체 후 점검', '합격');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('2026-03-10');
  await expect(rows.nth(2)).toContainText('불합격');

  // A next date before the inspection is refused on its field.
  await page.getByTestId('inspect-create').click();
  const f = page.getByTestId('inspect-form');
  await page.getByTestId('inspect-form-content').fill('x');
  const nextInput = page.getByTestId('inspect-form-nextInspectDate');
  await nextInput.fill('2000-01-01');
  await nextInput.press('Tab');
  await page.getByTestId('inspect-form-submit').click();
  await expect(f.getByText('다음 점검일은 점검일과 같거나 이후여야 합니다.')).toBeVisible();
  await shot(page, 'tools-inspection-form-kr');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('inspect-form-content')).toBeHidden();
  await shot(page, 'tools-inspections-kr');

  // Single delete, then bulk.
  await rows.first().locator('[data-testid^="inspect-delete-"]').click();
  await confirmOk(page);
  await expect(rows).toHaveCount(2);
  await table.locator('thead .ant-checkbox-input').check();
  await page.getByTestId('inspect-table-delete-selected').click();
  await confirmOk(page);
  await expect(rows).toHaveCount(0);
});

test('import a tool from Excel, export the list, delete single and bulk', async ({ page, request }) => {
  await page.goto('/baseinfo/tools');
  await page.getByTestId('tool-import').click();
  const d = page.getByTestId('excel-import');
  await expect(d.getByTestId('excel-template')).toBeVisible();
  // The template through the popup, filled by its hidden keys (row 1); one row names a factory.
  const [template] = await Promise.all([page.waitForEvent('download'), d.getByTestId('excel-template').click()]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await template.path());
  const ws = wb.worksheets[0];
  const keys: string[] = [];
  ws.getRow(1).eachCell((cell, col) => {
    keys[col] = String(cell.value);
  });
  const put = (row: number, values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) ws.getRow(row).getCell(keys.indexOf(key)).value = value;
  };
  put(3, {
    code: `${tag}-PRS1`,
    name: '프레스 1호',
    location: [place.site, place.factory, place.line].join(' / '),
    manager: 'admin',
    installDate: '2023-03-01',
  });
  put(4, { code: `${tag}-PRS2`, name: '프레스 2호', location: place.factory });
  const buffer = Buffer.from(await wb.xlsx.writeBuffer());
  await d.locator('input[type="file"]').setInputFiles({ name: 'tools.xlsx', mimeType: XLSX_MIME, buffer });
  await expect(d.getByTestId('excel-summary')).toHaveText('2행, 오류 1행');
  await expect(d.getByTestId('excel-row-errors-4')).toContainText('설비는 라인 또는 창고 아래에만 둘 수 있습니다.');
  await shot(page, 'tools-import-error-kr');
  // Fix the location in the popup.
  await d.getByTestId('excel-cell-4-location').click();
  // A coded column is edited with a select of the allowed values (paths): the warehouse is picked by its name.
  await expect(d.getByTestId('excel-cell-editor')).toBeVisible();
  await page.keyboard.type(place.warehouse);
  await expect(
    visibleDropdown(page).locator('.ant-select-item-option-active', { hasText: place.warehouse }),
  ).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(d.getByTestId('excel-summary')).toHaveText('2행, 오류 0행');
  await d.getByTestId('excel-save').click();
  await expect(snackbar(page, '2행을 저장했습니다.')).toBeVisible();
  await search(page, `${tag}-PRS`);
  await expect(toolRows(page)).toHaveCount(2);
  await expect(toolRows(page).filter({ hasText: '프레스 2호' })).toContainText(place.warehouse);

  // The server export of the searched list.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('tool-table-export').click()]);
  const exported = new ExcelJS.Workbook();
  await exported.xlsx.readFile(await download.path());
  const sheet = exported.worksheets[0];
  expect(sheet.actualRowCount).toBe(4);

  // A tool with a parameter cannot be deleted (related-data dialog); the others go, singly and in bulk.
  const tools = (
    await (
      await request.get('/api/tool/tools/with-location-user', { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).data as { id: number; code: string }[];
  const prs1 = tools.find((x) => x.code === `${tag}-PRS1`)!;
  await post(request, '/api/parameter', { toolId: prs1.id, code: 'TEMP', name: '온도' });
  await page.getByTestId(`tool-delete-${tag}-PRS1`).click();
  await confirmOk(page);
  await expect(page.getByTestId('related-data-dialog')).toContainText('TEMP');
  await shot(page, 'tools-delete-blocked-kr');
  await page.keyboard.press('Escape');
  await page.getByTestId(`tool-delete-${tag}-PRS2`).click();
  await confirmOk(page);
  await expect(toolRows(page)).toHaveCount(1);

  await search(page, tag);
  await expect(toolRows(page)).toHaveCount(3);
  const deletable = toolRows(page).filter({ hasNotText: `${tag}-PRS1` });
  for (const row of await deletable.all()) await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('tool-table-delete-selected').click();
  await confirmOk(page);
  await expect(toolRows(page)).toHaveCount(1);
});

test('screenshots in Korean and English, light and dark', async ({ page, request }) => {
  const shown = await post(request, '/api/tool', { code: `${tag}-SHOT`, name: '조립기 A', locationId: place.lineId });
  await post(request, '/api/tool/tool-inspect-history', {
    toolId: shown.id,
    inspectDate: '2026-02-01',
    inspector: '이정비',
    content: '벨트 장력 점검',
    result: 'PASS',
    nextInspectDate: '2026-08-01',
  });

  await page.goto('/baseinfo/tools');
  await expect(page.getByTestId('tool-tree')).toBeVisible();
  await treeNode(page, place.factory).click();
  await expect(toolRows(page).first()).toBeVisible();
  await shot(page, `tools-kr-light`);
  await page.getByTestId(`tool-edit-${tag}-SHOT`).click();
  await expect(page.getByTestId('tool-form-code')).toBeVisible();
  await shot(page, `tools-form-kr-light`);
  await page.keyboard.press('Escape');
  await page.getByTestId(`tool-inspections-${tag}-SHOT`).click();
  await expect(page.getByTestId('inspect-table').locator('tr.ant-table-row')).toHaveCount(1);
  await shot(page, `tools-inspections-kr-light`);
  await page.keyboard.press('Escape');
});
