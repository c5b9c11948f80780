import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setLocale, setTheme, shot, uniq } from './helpers';

// The shared inputs on real screens: the code form's sort field (NumberField, integer mode) refuses a decimal point
// and digits past its limit while typing, Enter saves the form and Esc closes it; the notice period
// (DateRangeField) starts as a week, offers presets in the UI language and saves the preset's days.
// Screenshots in Korean and English, light and dark.
test.describe.configure({ mode: 'serial' });

const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const seoulDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(Date.now() + offsetDays * 86_400_000));

async function applyVariant(
  page: Page,
  request: APIRequestContext,
  token: string,
  locale: 'kr' | 'en',
  theme: 'light' | 'dark',
) {
  await expect(page.locator('[data-testid=desktop-shell]')).toBeVisible();
  await setTheme(request, token, theme);
  await setLocale(page, request, token, locale);
  await expect(page.getByTestId('app-root')).toHaveAttribute('data-theme', theme);
}

test('the code form sort field keeps to whole numbers of at most 9 digits; Enter saves, Esc closes', async ({
  page,
  request,
  adminToken: token,
}) => {
  const category = uniq('E2E_INPUT_')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
  const made = await request.post('/api/code/cateogry', {
    headers: auth(token),
    data: { category, name: '입력 검사 분류' },
  });
  expect(made.status()).toBe(200);

  await page.goto('/admin/code');
  try {
    for (const [locale, theme] of [
      ['kr', 'light'],
      ['en', 'dark'],
    ] as const) {
      await applyVariant(page, request, token, locale, theme);
      await page.getByTestId('category-table').locator('tr.ant-table-row', { hasText: category }).click();
      await page.getByTestId('code-create').click();
      const sort = page.getByTestId('code-form-sort');
      await sort.fill('');
      // The decimal point never reaches the box; the tenth digit neither.
      await sort.pressSequentially('12.3456789012');
      await expect(sort).toHaveValue('123456789');
      await shot(page, `inputs-code-sort-${locale}-${theme}`);
      // Esc closes without saving.
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('code-form')).toBeHidden();
    }
    await applyVariant(page, request, token, 'kr', 'light');
    await page.getByTestId('category-table').locator('tr.ant-table-row', { hasText: category }).click();
    await page.getByTestId('code-create').click();
    await page.getByTestId('code-form-code').fill('N01');
    await page.getByTestId('code-form-codeName').fill('숫자 검사');
    const sort = page.getByTestId('code-form-sort');
    await sort.fill('');
    await sort.pressSequentially('-4200');
    await sort.press('Enter');
    await expect(page.getByTestId('code-form')).toBeHidden();
    await expect(page.getByTestId('snackbar').filter({ hasText: '저장되었습니다.' }).first()).toBeVisible();
    const codes = await request.get(`/api/code/${category}/codes`, { headers: auth(token) });
    expect((await codes.json()).data).toMatchObject([{ code: 'N01', sort: -4200 }]);
  } finally {
  }
});

test('the notice period is a date range with presets, saved as the chosen days', async ({
  page,
  request,
  adminToken: token,
}) => {
  const title = uniq('기간 입력 e2e ');
  await page.goto('/notice');
  try {
    const period = page.getByTestId('notice-form-period');
    for (const [locale, theme, presets] of [
      ['kr', 'light', ['오늘', '최근 7일', '이번 달']],
      ['en', 'light', ['Today', 'Last 7 days', 'This month']],
      ['en', 'dark', ['Today', 'Last 7 days', 'This month']],
    ] as const) {
      await applyVariant(page, request, token, locale, theme);
      await page.getByTestId('notice-create').click();
      // A new notice runs for a week from today.
      await expect(period.locator('input').first()).toHaveValue(seoulDay());
      await expect(period.locator('input').last()).toHaveValue(seoulDay(7));
      await period.locator('input').first().click();
      const panel = page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden)');
      for (const p of presets) await expect(panel.locator('.ant-picker-presets li', { hasText: p })).toBeVisible();
      await shot(page, `inputs-notice-period-${locale}-${theme}`);
      await page.keyboard.press('Escape');
      await page.getByTestId('notice-form-cancel').click();
      await expect(page.getByTestId('notice-form')).toBeHidden();
    }
    await applyVariant(page, request, token, 'kr', 'light');

    await page.getByTestId('notice-create').click();
    await page.getByTestId('notice-form-title').fill(title);
    await period.locator('input').first().click();
    await page.locator('.ant-picker-presets li', { hasText: '최근 7일' }).click();
    await expect(period.locator('input').first()).toHaveValue(seoulDay(-6));
    await expect(period.locator('input').last()).toHaveValue(seoulDay());
    await page.getByTestId('notice-form-save').click();
    await expect(page.getByTestId('notice-form')).toBeHidden();

    const list = await request.get('/api/notice/notices', { headers: auth(token) });
    const saved = (await list.json()).data.find((n: { title: string }) => n.title === title);
    expect(saved).toMatchObject({ startDt: seoulDay(-6), endDt: seoulDay() });
    await request.delete(`/api/notice/${saved.id}`, { headers: auth(token) });
  } finally {
  }
});
