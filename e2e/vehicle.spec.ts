import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseInTree, confirmOk, postData, setLocale, setTheme, shot, uniq, visibleDropdown } from './helpers';
import { auth } from './production-world';

// Vehicles and parts (issue 16, /vehicle/vehicleInfo): a vehicle is registered through the form (at a location made
// through the API), a part is fitted whose km interval is already reached, so the "due for maintenance" tab counts one
// more and lists it; a replacement recorded through the history entry dialog clears it. Then English and dark: the
// vehicle's mileage is raised past the next replacement, the part is overdue and the alert is back; the part and the
// vehicle are deleted after confirming. The counts are compared with the alert list before (the demo's three and
// whatever else is there).

const alertCount = (page: Page) => page.getByTestId('vehicle-alert-count');

test('add a vehicle and its part, record a replacement, see the alert change; kr light, then en dark', async ({
  page,
  request,
  adminToken: token,
}) => {
  test.setTimeout(150_000);
  const tag = uniq('VH').toUpperCase();
  const garage = await postData(request, token, '/api/location', { name: `${tag} 차고`, type: 'SITE' });
  const before = (await (await request.get('/api/vehicle/maintenance-alerts', { headers: auth(token) })).json())
    .data as { plateNumber: string }[];
  // The demo factory's three vehicles: one part overdue, one due soon by mileage (and one by date).
  expect(before.length).toBeGreaterThanOrEqual(2);
  const n0 = before.length;

  await page.goto('/vehicle/vehicleInfo');
  await expect(page.getByTestId('page-title')).toHaveText('차량 정보');
  await expect(alertCount(page)).toHaveAttribute('data-count', String(n0));
  await expect(page.getByTestId('vehicle-tree')).toContainText('1톤 트럭');

  // Register the vehicle.
  await page.getByTestId('vehicle-create').click();
  await page.getByTestId('vehicle-form-plateNumber').fill(tag);
  await page.getByTestId('vehicle-form-name').fill(`${tag} 트럭`);
  await page.getByTestId('vehicle-form-model').fill('포터2');
  await page.getByTestId('vehicle-form-mileage').fill('20000');
  await chooseInTree(page, page.getByTestId('vehicle-form-location'), garage.name);
  await page.getByTestId('vehicle-form-submit').click();
  await expect(page.getByTestId('vehicle-form')).toBeHidden();
  const row = page.getByTestId('vehicle-table').locator('tr.ant-table-row', { hasText: tag });
  await expect(row).toContainText('20,000');

  // Fit a part whose 5,000 km interval is reached now (fitted at 15,000 km): due.
  await row.click();
  const panel = page.getByTestId('vehicle-parts-panel');
  await expect(panel).toContainText(`${tag} 트럭`);
  await panel.getByTestId('part-create').click();
  await expect(page.getByTestId('part-form-vehicle')).toContainText(tag);
  await page.getByTestId('part-form-name').fill('엔진오일');
  // Neither interval: refused on the field.
  await page.getByTestId('part-form-submit').click();
  await expect(page.getByTestId('part-form')).toContainText(
    '교체 주기를 일수 또는 주행거리(km) 중 하나 이상 입력하세요.',
  );
  await page.getByTestId('part-form-intervalKm').fill('5000');
  await page.getByTestId('part-form-fittedMileage').fill('15000');
  await page.getByTestId('part-form-submit').click();
  await expect(page.getByTestId('part-form')).toBeHidden();
  const partRow = panel.getByTestId('part-table').locator('tr.ant-table-row', { hasText: '엔진오일' });
  await expect(partRow.getByTestId('part-status-due')).toHaveText('교체 임박');
  await expect(alertCount(page)).toHaveAttribute('data-count', String(n0 + 1));
  await expect(row.getByTestId(`vehicle-alerts-${tag}`)).toHaveText('1');

  await page.getByTestId('vehicle-tab-alerts').click();
  const alertRow = page.getByTestId('alert-table').locator('tr.ant-table-row', { hasText: tag });
  await expect(alertRow).toContainText('엔진오일');
  await expect(alertRow).toContainText('20,000 km (0 km 남음)');
  await shot(page, 'vehicle-alerts-kr-light');

  // Record the replacement at today's 20,000 km: the next is at 25,000 km, the alert goes.
  await alertRow.click();
  await expect(page.getByTestId('vehicle-tab-vehicles')).toBeVisible();
  await partRow.getByTestId('part-replace-엔진오일').click();
  await expect(page.getByTestId('replacement-form-mileage')).toHaveValue('20000');
  await page.getByTestId('replacement-form-cost').fill('85000');
  await page.getByTestId('replacement-form-note').fill('정기 교환');
  await page.getByTestId('replacement-form-submit').click();
  await expect(page.getByTestId('replacement-form')).toBeHidden();
  await expect(partRow.getByTestId('part-status-ok')).toHaveText('정상');
  await expect(partRow).toContainText('25,000');
  await expect(panel.getByTestId('replacement-table')).toContainText('정기 교환');
  await expect(alertCount(page)).toHaveAttribute('data-count', String(n0));
  await shot(page, 'vehicle-info-kr-light');

  // English and dark: raise the mileage past 25,000 km: overdue, the alert is back.
  await setTheme(request, token, 'dark');
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Vehicle info');
  await row.getByTestId(`vehicle-edit-${tag}`).click();
  await page.getByTestId('vehicle-form-mileage').fill('26000');
  await page.getByTestId('vehicle-form-submit').click();
  await expect(page.getByTestId('vehicle-form')).toBeHidden();
  await expect(partRow.getByTestId('part-status-overdue')).toHaveText('Overdue');
  await expect(alertCount(page)).toHaveAttribute('data-count', String(n0 + 1));
  // The mileage cannot go back below the replacement's reading.
  await row.getByTestId(`vehicle-edit-${tag}`).click();
  await page.getByTestId('vehicle-form-mileage').fill('19000');
  await page.getByTestId('vehicle-form-submit').click();
  await expect(page.getByTestId('vehicle-form')).toContainText(
    'The mileage cannot be below the highest recorded reading (20000 km).',
  );
  await page.getByTestId('vehicle-form-cancel').click();
  await page.getByTestId('vehicle-tab-alerts').click();
  await expect(page.getByTestId('alert-table').locator('tr.ant-table-row', { hasText: tag })).toContainText(
    '25,000 km (1,000 km over)',
  );
  await shot(page, 'vehicle-alerts-en-dark');
  await page.getByTestId('vehicle-tab-vehicles').click();
  await shot(page, 'vehicle-info-en-dark');

  // Delete the part (its history with it), then the vehicle from the selection, each after confirming.
  await partRow.getByTestId('part-delete-엔진오일').click();
  await confirmOk(page);
  await expect(partRow).toHaveCount(0);
  await expect(alertCount(page)).toHaveAttribute('data-count', String(n0));
  await row.locator('.ant-checkbox-input').check();
  await page.getByTestId('vehicle-table-delete-selected').click();
  await confirmOk(page);
  await expect(row).toHaveCount(0);
  await setTheme(request, token, 'light');
  await setLocale(page, request, token, 'kr');
});

test('part info lists the parts by vehicle with their intervals, in Korean and English', async ({
  page,
  request,
  adminToken: token,
}) => {
  await page.goto('/vehicle/partInfo');
  await expect(page.getByTestId('page-title')).toHaveText('부품 정보');
  const table = page.getByTestId('part-table');
  await expect(table).toContainText('유압 오일');
  await expect(
    table.locator('tr.ant-table-row', { hasText: '유압 오일' }).getByTestId('part-status-overdue'),
  ).toBeVisible();
  await page.getByTestId('part-vehicle-filter').click();
  await visibleDropdown(page).locator('.ant-select-item-option', { hasText: '업무용 승합차' }).click();
  await expect(table).not.toContainText('유압 오일');
  await expect(table.locator('tr.ant-table-row', { hasText: '와이퍼' }).getByTestId('part-status-due')).toBeVisible();
  await expect(page.getByTestId('replacement-table')).toContainText('워터펌프 포함');
  await shot(page, 'part-info-kr-light');
  await setLocale(page, request, token, 'en');
  await expect(page.getByTestId('page-title')).toHaveText('Parts');
  await expect(table.locator('tr.ant-table-row', { hasText: '와이퍼' }).getByTestId('part-status-due')).toHaveText(
    'Due soon',
  );
  await shot(page, 'part-info-en-light');
  await setLocale(page, request, token, 'kr');
});
