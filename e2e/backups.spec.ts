import path from 'node:path';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { SCREENSHOTS, saveLocale, setLocale } from './helpers';

// The backups card of /admin/config (issue 11): the settings the e2e server runs with (BACKUP_HOUR=off, the default
// 14 days), the list (empty on a fresh server, or what an earlier try made), and a backup made with the button,
// which then heads the list. Backups change no setting anyone else sees: the main project.

type Files = { data: { enabled: boolean; files: { name: string }[] } };

/** The card alone, photographed (it sits below the long menu table, out of a viewport screenshot). */
const photograph = (card: Locator, name: string) => card.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });

test('a backup made with “지금 백업” on /admin/config heads the list', async ({ page, request, adminToken }) => {
  const listed = (await (
    await request.get('/api/system/backups', { headers: { authorization: `Bearer ${adminToken}` } })
  ).json()) as Files;
  expect(listed.data.enabled, 'the e2e server runs on the embedded PostgreSQL').toBe(true);
  const before = listed.data.files.map((f) => f.name);

  await page.goto('/admin/config');
  const card = page.getByTestId('backup-card');
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('backup-schedule')).toHaveText('자동 백업 꺼짐');
  await expect(card.getByTestId('backup-keep')).toHaveText('14일');
  await expect(card.getByTestId('backup-folder')).toContainText('backups');
  const rows = card.locator('[data-testid^="backup-file-"]');
  if (before.length === 0) await expect(card.getByText('아직 백업이 없습니다.')).toBeVisible();
  else await expect(rows).toHaveCount(before.length);
  await photograph(card, 'backups-before-kr-light');

  await card.getByTestId('backup-now').click();
  const done = page.getByTestId('snackbar').filter({ hasText: /백업했습니다: eqms-backup-/ });
  await expect(done).toBeVisible();
  const name = /eqms-backup-[\d-]+\.eqmsbak\.gz/.exec((await done.textContent()) ?? '')?.[0] ?? '';
  expect(before).not.toContain(name);
  await expect(rows.first()).toHaveAttribute('data-testid', `backup-file-${name}`);
  await expect(rows).toHaveCount(before.length + 1);
  await expect(card.getByTestId('backup-now')).not.toHaveClass(/ant-btn-loading/);
  await photograph(card, 'backups-kr-light');

  try {
    await setLocale(page, request, adminToken, 'en');
    const again = page.getByTestId('backup-card');
    await again.scrollIntoViewIfNeeded();
    await expect(again.getByTestId('backup-schedule')).toHaveText('automatic backup off');
    await expect(again.getByTestId('backup-keep')).toHaveText('14 days');
    await expect(again.getByTestId('backup-now')).toHaveText('Back up now');
    await expect(again.getByTestId(`backup-file-${name}`)).toBeVisible();
    await photograph(again, 'backups-en-light');
  } finally {
    await saveLocale(request, adminToken, 'kr');
  }
});
