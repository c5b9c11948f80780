import { useAppStore } from '../app/store.ts';
import { i18n } from '../i18n/index.ts';

/**
 * Deleting one row from its row action: ask first (the question names the row), then delete. A refused delete
 * (rows using it, SPEC §5) has already been shown by the API client's related-data dialog, so it ends quietly here.
 */
export async function confirmRemove(question: string, remove: () => Promise<unknown>): Promise<void> {
  const ok = await useAppStore
    .getState()
    .askConfirm({ title: i18n.t('common:confirm.title'), text: question, danger: true });
  if (ok) await remove().catch(() => undefined);
}
