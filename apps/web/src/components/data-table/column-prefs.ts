import { settingsEndpoints, type TableColumnPref } from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../../api/http.ts';
import { type DataColumn, FILTER_ICON_ROOM, isFilterable } from './columns.ts';

// Column settings remembered per user and screen (settingsEndpoints.tablePrefs / setTablePrefs / clearTablePrefs):
// which columns are hidden and the widths the user dragged.

export type ColumnPref = TableColumnPref;
/** Column keys the settings service stores (custom field columns are `ext.<field>`). */
const PREF_KEY = /^[A-Za-z0-9_.-]{1,100}$/;
const PREFS_SAVE_DELAY_MS = 600;

/** A screen key the server accepts ([A-Za-z0-9_.-]{1,100}). */
export function screenKey(text: string): string {
  return text.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 100) || 'table';
}

function useColumnPrefs(screen: string) {
  const qc = useQueryClient();
  const queryKey = useMemo(() => ['tablePrefs', screen], [screen]);
  const query = useQuery({
    queryKey,
    queryFn: async ({ signal }) => {
      try {
        const prefs = await call(settingsEndpoints.tablePrefs, { params: { screen }, signal, silent: true });
        return prefs?.columns ?? null;
      } catch {
        // No saved settings, or the read failed: the screen's defaults, without bothering anyone.
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const unsaved = useRef<ColumnPref[] | null>(null);
  const save = useCallback(() => {
    clearTimeout(timer.current);
    const columns = unsaved.current;
    unsaved.current = null;
    if (columns)
      call(settingsEndpoints.setTablePrefs, {
        params: { screen },
        body: { columns },
        silent: true,
        spinner: false,
      }).catch(() => undefined);
  }, [screen]);
  // Leaving the screen right after a change still saves it.
  useEffect(() => save, [save]);
  const set = useCallback(
    (columns: ColumnPref[]) => {
      qc.setQueryData(queryKey, columns);
      unsaved.current = columns;
      clearTimeout(timer.current);
      timer.current = setTimeout(save, PREFS_SAVE_DELAY_MS);
    },
    [qc, queryKey, save],
  );
  const reset = useCallback(() => {
    clearTimeout(timer.current);
    unsaved.current = null;
    qc.setQueryData(queryKey, null);
    call(settingsEndpoints.clearTablePrefs, { params: { screen }, silent: true, spinner: false }).catch(
      () => undefined,
    );
  }, [qc, queryKey, screen]);
  return { prefs: query.data ?? null, set, reset };
}

/**
 * The columns as this user sees them on this screen: the shown ones, each one's width (a header being dragged shows
 * its live width), and the changes the columns menu and the resize handles make.
 */
export function useColumnLayout<T>(columns: DataColumn<T>[], screen: string) {
  const { prefs, set: setPrefs, reset: resetPrefs } = useColumnPrefs(screen);
  const [liveWidth, setLiveWidth] = useState<{ key: string; width: number } | null>(null);
  const prefOf = useMemo(() => new Map((prefs ?? []).map((p) => [p.key, p])), [prefs]);
  const updatePref = (key: string, patch: Partial<ColumnPref>) => {
    const next = columns.map((c) => ({ key: c.key, ...prefOf.get(c.key) }));
    const i = next.findIndex((p) => p.key === key);
    if (i >= 0) next[i] = { ...next[i], ...patch };
    setPrefs(next.filter((p) => (p.hidden || p.width) && PREF_KEY.test(p.key)));
  };
  const shown = columns.filter((c) => !prefOf.get(c.key)?.hidden);
  // A page's widths are for its content; the kit adds room for the filter icon it puts in the header.
  const widthOf = (c: DataColumn<T>) =>
    liveWidth?.key === c.key
      ? liveWidth.width
      : (prefOf.get(c.key)?.width ??
        (c.width === undefined ? undefined : c.width + (isFilterable(c) ? FILTER_ICON_ROOM : 0)));
  const isHidden = (key: string) => !!prefOf.get(key)?.hidden;
  return { hasPrefs: !!prefs?.length, isHidden, updatePref, resetPrefs, shown, widthOf, setLiveWidth };
}
