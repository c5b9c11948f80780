import { type Key, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store.ts';

// Row selection and the bulk delete of the selected rows.

export function useSelection<T>(
  data: T[] | undefined,
  rowKey: keyof T & string,
  onDeleteSelected: ((rows: T[]) => Promise<unknown>) | undefined,
) {
  const { t } = useTranslation(['common', 'kit']);
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  // Keys of rows that left the data (deleted, next page) are no longer selected.
  const liveKeys = useMemo(() => new Set((data ?? []).map((r) => r[rowKey] as Key)), [data, rowKey]);
  const selected = selectedKeys.filter((k) => liveKeys.has(k));

  const deleteSelected = async () => {
    const keys = new Set(selected);
    const selectedRows = (data ?? []).filter((r) => keys.has(r[rowKey] as Key));
    if (!onDeleteSelected || selectedRows.length === 0) return;
    const ok = await useAppStore.getState().askConfirm({
      title: t('common:confirm.title'),
      text: t('common:confirm.deleteCount', { count: selectedRows.length }),
      danger: true,
    });
    if (!ok) return;
    try {
      await onDeleteSelected(selectedRows);
      setSelectedKeys([]);
    } catch {
      // The API client has already told the user (snackbar, related-data dialog).
    }
  };

  return { selected, setSelectedKeys, deleteSelected };
}
