import { issueMessage, type Locale, MENU_INDEX, type ReportFormat } from '@eqms/contract';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';
import type { Actor } from './tx.ts';

// The generic report files (SPEC §7 "Reports and KPI → Files": GET /report/pdf/{name}/{type} and
// /report/excel/{name}/{type}, params as JSON). A module that owns a printable report declares it here through its
// entry of the module list (`reports: [inspectionReportFiles]`): its name, the menu whose `view` right it needs, and
// per type (`single`, `list`, …) the parameters' zod schema and a builder for each format it offers. The report
// module binds the two routes once and asks this registry; no module-level state, nothing registers itself on import.
//
//   export const claimFiles = defineReport({
//     name: 'claim', menu: 'claimManagement',
//     types: { list: reportType(claimFilterParams, { excel: async ({ db, params, locale }) => ({ … }) }) },
//   });

export type ReportInput<P> = {
  db: Db;
  params: P;
  /** The caller's language (Accept-Language). */
  locale: Locale;
  /** The factory's time zone: what "today" and printed times mean. */
  timeZone: string;
  actor: Actor;
  now: Date;
};
/** A built file: its bytes and the attachment's name (with its extension). */
export type ReportFile = { data: Buffer; fileName: string };
export type ReportBuilder<P> = (input: ReportInput<P>) => Promise<ReportFile>;

export type ReportType<P = any> = {
  /** Checks the parsed `params` JSON: a failure is a 400 naming `params.<field>`. */
  readonly params: z.ZodType<P, any>;
  readonly pdf?: ReportBuilder<P>;
  readonly excel?: ReportBuilder<P>;
};
export type ReportDefinition = {
  /** The path's `{name}`: lower-case words with dashes. */
  readonly name: string;
  /** The menu (contract menu.ts) whose view right the caller needs: 403 FORBIDDEN without it. */
  readonly menu: string;
  readonly types: Readonly<Record<string, ReportType>>;
};

/** One type of a report, typed by its parameters' schema. */
export function reportType<S extends z.ZodType>(
  params: S,
  builders: { pdf?: ReportBuilder<z.output<S>>; excel?: ReportBuilder<z.output<S>> },
): ReportType<z.output<S>> {
  return { params: params as z.ZodType<z.output<S>>, ...builders };
}
export const defineReport = (report: ReportDefinition): ReportDefinition => Object.freeze(report);

export const REPORT_MIME: Record<ReportFormat, string> = {
  pdf: 'application/pdf',
  excel: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
const KEY = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

export type FoundReport = { menu: string; params: z.ZodType; build: ReportBuilder<any> };
export type Reports = {
  /** The builder of name/type in that format, or null (the route's 404). */
  find(name: string, type: string, format: ReportFormat): FoundReport | null;
  /** `name/type` of every registered report type, with its formats (documentation, tests). */
  list(): { name: string; type: string; menu: string; formats: ReportFormat[] }[];
};

/** The app's registry, from the module list. Start-up fails on a name twice, a bad key, an unknown menu or a type without a builder. */
export function createReports(definitions: readonly ReportDefinition[] = []): Reports {
  const byName = new Map<string, ReportDefinition>();
  for (const d of definitions) {
    if (!KEY.test(d.name)) throw new Error(`Report name '${d.name}' is not lower-case words with dashes.`);
    if (byName.has(d.name)) throw new Error(`Report '${d.name}' is registered twice.`);
    if (!MENU_INDEX.has(d.menu)) throw new Error(`Report '${d.name}' names an unknown menu '${d.menu}'.`);
    for (const [type, t] of Object.entries(d.types)) {
      if (!KEY.test(type)) throw new Error(`Report type '${d.name}/${type}' is not lower-case words with dashes.`);
      if (!t.pdf && !t.excel) throw new Error(`Report type '${d.name}/${type}' builds no file.`);
    }
    byName.set(d.name, d);
  }
  return {
    find(name, type, format) {
      const d = byName.get(name);
      const t = d && Object.hasOwn(d.types, type) ? d.types[type] : undefined;
      const build = t?.[format];
      return d && t && build ? { menu: d.menu, params: t.params, build } : null;
    },
    list: () =>
      [...byName.values()].flatMap((d) =>
        Object.entries(d.types).map(([type, t]) => ({
          name: d.name,
          type,
          menu: d.menu,
          formats: (['pdf', 'excel'] as const).filter((f) => t[f]),
        })),
      ),
  };
}

/**
 * The `params` query as the report's parameters: JSON text (absent = `{}`) checked by its schema. Not JSON, or not
 * what the schema takes → 400 VALIDATION_ERROR naming `params` or `params.<field>`.
 */
export function reportParams<P>(schema: z.ZodType<P>, text: string | undefined): P {
  let json: unknown = {};
  if (text !== undefined && text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError(400, 'VALIDATION_ERROR', 'params: not JSON', {
        fields: [{ field: 'params', message: 'invalidInput' }],
      });
    }
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => {
    const key = i.code === 'unrecognized_keys' ? (i as { keys?: string[] }).keys?.[0] : undefined;
    return {
      field: ['params', ...i.path.map(String), ...(key ? [key] : [])].join('.'),
      message: issueMessage(i as Parameters<typeof issueMessage>[0]),
    };
  });
  throw new AppError(400, 'VALIDATION_ERROR', `Invalid report params: ${fields.map((f) => f.field).join(', ')}`, {
    fields,
  });
}
