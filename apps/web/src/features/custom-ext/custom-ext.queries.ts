import {
  type BodyArgsOf,
  codeEndpoints,
  type CustomExtTable,
  type CustomField,
  type CustomFieldData,
  type CustomFieldType,
  customExtEndpoints as ep,
} from '@eqms/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/http.ts';
import { customExtKeys } from '../../components/custom-fields.tsx';

// Custom extension administration (SPEC §7 /custom-ext). Every change refreshes all ['custom-ext'] queries, so the
// forms and lists that show a table's fields pick the change up too.
export type ListSource = 'category' | 'service' | 'items';

/** The dialog's values: the list data as edited (service params as key=value lines). */
export type CustomFieldValues = {
  field: string;
  display: string;
  type: CustomFieldType;
  source?: ListSource;
  data?: {
    category?: string;
    service?: { path: string; function?: string; labelKey: string; valueKey: string; params?: string };
    items?: { value: string; label: string }[];
  };
};

export const adminKeys = {
  tables: ['custom-ext', 'tables'] as const,
  columns: (table: string) => ['custom-ext', 'columns', table] as const,
  categories: ['code', 'categories'] as const,
};

export function useExtTables() {
  return useQuery({
    queryKey: adminKeys.tables,
    queryFn: ({ signal }) => call(ep.tables, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useTableColumns(table: CustomExtTable | undefined) {
  return useQuery({
    queryKey: adminKeys.columns(table ?? ''),
    queryFn: ({ signal }) => call(ep.columns, { params: { t: table! }, signal }),
    enabled: !!table,
    staleTime: 5 * 60_000,
  });
}

export function useCodeCategories(enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.categories,
    queryFn: ({ signal }) => call(codeEndpoints.categories, { signal }),
    enabled,
  });
}

/** Service params as lines of key=value; null when a line is not of that form. */
export function parseParams(text: string | undefined): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const raw of (text ?? '').split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    if (eq <= 0) return null;
    out[line.slice(0, eq).trim()] = line.slice(eq + 1).trim();
  }
  return out;
}

export const formatParams = (params: Record<string, string> | undefined) =>
  Object.entries(params ?? {})
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');

export function sourceOf(data: CustomFieldData | null): ListSource {
  if (data && 'service' in data) return 'service';
  if (data && 'category' in data) return 'category';
  return 'items';
}

/** The dialog's values of a saved field. */
export function valuesOf(f: CustomField): CustomFieldValues {
  const d = f.data;
  return {
    field: f.field,
    display: f.display,
    type: f.type,
    source: sourceOf(d),
    data: {
      category: d && 'category' in d ? d.category : undefined,
      service:
        d && 'service' in d
          ? {
              path: d.service.path,
              function: d.service.function,
              labelKey: d.service.labelKey,
              valueKey: d.service.valueKey,
              params: formatParams(d.service.params),
            }
          : undefined,
      items: d && 'items' in d ? d.items : [{ value: '', label: '' }],
    },
  };
}

/** The list data to send for the chosen source (only that source's part). */
export function dataOf(v: CustomFieldValues): CustomFieldData | null {
  if (v.type !== 'list') return null;
  const d = v.data ?? {};
  if (v.source === 'category') return { category: d.category ?? '' };
  if (v.source === 'service') {
    const s = d.service ?? { path: '', labelKey: '', valueKey: '' };
    const params = parseParams(s.params) ?? {};
    return {
      service: {
        path: s.path?.trim() ?? '',
        ...(s.function?.trim() ? { function: s.function.trim() } : {}),
        ...(Object.keys(params).length ? { params } : {}),
        labelKey: s.labelKey?.trim() ?? '',
        valueKey: s.valueKey?.trim() ?? '',
      },
    };
  }
  return { items: (d.items ?? []).map((i) => ({ value: (i.value ?? '').trim(), label: (i.label ?? '').trim() })) };
}

/** `DB column` → the camelCase name the API uses for it (user_id → userId): both are reserved. */
export const camelOf = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function useCustomExtApi() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: customExtKeys.all });
  return {
    create: async (body: BodyArgsOf<typeof ep.create>) => {
      const saved = await call(ep.create, { body, silent: true });
      await refresh();
      return saved;
    },
    /** The whole field, items included: removing a fixed item is part of this one save (not DELETE /sub). */
    update: async (body: BodyArgsOf<typeof ep.update>) => {
      const saved = await call(ep.update, { body, silent: true });
      await refresh();
      return saved;
    },
    remove: async (id: number) => {
      await call(ep.remove, { params: { id } });
      await refresh();
    },
    reorder: async (items: { id: number; sequence: number }[]) => {
      await call(ep.reorder, { body: items });
      await refresh();
    },
  };
}
