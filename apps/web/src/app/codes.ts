import { type Code, codeEndpoints, type Locale } from '@eqms/contract';
import { useEffect, useMemo, useState } from 'react';
import { call } from '../api/http.ts';
import { type CodeItem, useAppStore } from './store.ts';

// The codes cache of the app store (ARCHITECTURE §7): each category is fetched once
// (GET /api/code/:category/codes, an authenticated look-up) and kept until the code screen changes it
// (features/code refreshes the store after every save).
export type CodeOption = { value: string; label: string; disabled: boolean; item: CodeItem };

/** The code's name in the UI language: codeNameEn in English when it has one, else codeName. */
export function codeLabel(item: Pick<CodeItem, 'codeName' | 'codeNameEn'>, locale: Locale): string {
  return locale === 'en' && item.codeNameEn ? item.codeNameEn : item.codeName;
}

/** The store keeps the full rows it was given; `enabled` is on the rows from the API. */
const isEnabled = (item: CodeItem) => (item as Partial<Code>).enabled !== false;

const loading = new Map<string, Promise<CodeItem[]>>();

/** Fills the cache for `category` unless it is there; concurrent callers share one request. */
export function loadCodes(category: string): Promise<CodeItem[]> {
  const cached = useAppStore.getState().codes[category];
  if (cached) return Promise.resolve(cached);
  let pending = loading.get(category);
  if (!pending) {
    pending = call(codeEndpoints.ofCategory, { params: { category } })
      .then((items) => {
        useAppStore.getState().setCodes(category, items);
        return items as CodeItem[];
      })
      .finally(() => loading.delete(category));
    loading.set(category, pending);
  }
  return pending;
}

/** The codes of one category from the cache (loading them the first time) as select options in the UI language. */
export function useCodes(category: string | undefined) {
  const items = useAppStore((s) => (category ? s.codes[category] : undefined));
  const locale = useAppStore((s) => s.locale);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (!category || items) return;
    let live = true;
    loadCodes(category).catch(() => {
      // The API client has told the user; stop showing a spinner for this category.
      if (live) setFailed(category);
    });
    return () => {
      live = false;
    };
  }, [category, items]);
  const options = useMemo<CodeOption[]>(
    () =>
      (items ?? []).map((item) => ({
        value: item.code,
        label: codeLabel(item, locale),
        disabled: !isEnabled(item),
        item,
      })),
    [items, locale],
  );
  return { items: items ?? [], options, loading: !!category && !items && failed !== category };
}

/** A lookup from code to its name in the UI language, for showing codes in lists. */
export function useCodeLabel(category: string | undefined) {
  const { options } = useCodes(category);
  return useMemo(() => {
    const byCode = new Map(options.map((o) => [o.value, o.label]));
    return (code: string | null | undefined) => (code ? (byCode.get(code) ?? code) : '');
  }, [options]);
}
