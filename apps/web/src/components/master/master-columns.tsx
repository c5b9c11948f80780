import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { codeLabel, loadCodes } from '../../app/codes.ts';
import { useAppStore } from '../../app/store.ts';
import type { DataColumn } from '../DataTable.tsx';
import { rowActionsColumn } from '../RowAction.tsx';
import type { MasterColumn, MasterRowBase } from './master-def.ts';

// A master's list columns: its declared columns (titles from `fields.<key>`, code names, numbers), then any others
// (the table's custom fields), then edit / delete for the rights the user has.

type Label = (category: string, code: string | null | undefined) => string;

/** Code names in the UI language for the given categories, loaded into the codes cache when missing. */
export function useCodeLabels(categories: string[]): Label {
  const codes = useAppStore((s) => s.codes);
  const locale = useAppStore((s) => s.locale);
  const key = categories.join(',');
  useEffect(() => {
    for (const c of key ? key.split(',') : []) loadCodes(c).catch(() => undefined);
  }, [key]);
  return useMemo<Label>(() => {
    const names = new Map<string, string>();
    for (const c of key ? key.split(',') : [])
      for (const item of codes[c] ?? []) names.set(`${c}\u0001${item.code}`, codeLabel(item, locale));
    return (category, code) => (code ? (names.get(`${category}\u0001${code}`) ?? code) : '');
  }, [codes, locale, key]);
}

/** Declared columns as the table takes them. */
export function toDataColumns<Row>(columns: MasterColumn<Row>[], t: TFunction, label: Label): DataColumn<Row>[] {
  return columns.map((c) => {
    const { title, code, number, text, ...rest } = c as MasterColumn<Row> & {
      code?: string;
      number?: true | Intl.NumberFormatOptions;
      text?: (row: Row) => string | null | undefined;
    };
    const out: DataColumn<Row> = { ...rest, title: title ?? t(`fields.${c.key}`) };
    const field = (row: Row) => (row as Record<string, unknown>)[c.key];
    if (text) {
      out.render = (row) => text(row) ?? '';
      out.exportValue = (row) => text(row) ?? null;
    } else if (code) {
      out.render = (row) => label(code, field(row) as string | null);
      out.exportValue = (row) => label(code, field(row) as string | null);
    } else if (number) {
      const options = number === true ? undefined : number;
      out.render = (row) => {
        const v = field(row) as number | null | undefined;
        return v == null ? '' : v.toLocaleString(undefined, options);
      };
      out.exportValue ??= (row) => field(row) as number | null;
    } else if (!c.render) out.dataIndex = c.key as keyof Row & string;
    return out;
  });
}

export type MasterColumnsOptions<Row> = {
  /** The domain (i18n namespace, test-id prefix). */
  name: string;
  /** Columns after the declared ones (e.g. the custom fields). */
  extra?: DataColumn<Row>[];
  canModify: boolean;
  canDelete: boolean;
  onEdit: (row: Row) => void;
  onDelete: (row: Row) => void;
};

export function useMasterColumns<Row>(columns: MasterColumn<Row>[], t: TFunction, o: MasterColumnsOptions<Row>) {
  const categories = [...new Set(columns.flatMap((c) => ('code' in c && c.code ? [c.code] : [])))];
  const label = useCodeLabels(categories);
  return [
    ...toDataColumns(columns, t, label),
    ...(o.extra ?? []),
    ...rowActionsColumn<Row>({
      title: t('fields.actions'),
      testId: o.name,
      rowId: (row) => (row as MasterRowBase).code,
      canModify: o.canModify,
      canDelete: o.canDelete,
      onEdit: o.onEdit,
      onDelete: o.onDelete,
    }),
  ] as DataColumn<Row>[];
}
