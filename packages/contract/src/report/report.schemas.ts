import { z } from 'zod';

// The generic report files (SPEC §7 "Reports and KPI → Files"): GET /report/pdf/{name}/{type} and
// /report/excel/{name}/{type}, the report's parameters as one JSON text in the query (`?params={"id":3}`). Which
// names and types exist, which menu's view right each needs and what its parameters are is declared by the modules
// that own the reports (server platform/reports.ts), so the contract knows only the shape of the call.

/** A report's name or type: lower-case words with dashes (`inspection-report`, `single`). */
export const REPORT_KEY_MAX = 50;
/** The longest JSON text the `params` query takes. */
export const REPORT_PARAMS_MAX = 4000;

export const reportFileParams = z.object({
  name: z.string().max(REPORT_KEY_MAX),
  type: z.string().max(REPORT_KEY_MAX),
});
export const reportFileQuery = z.object({
  /** The report's parameters as JSON (an object); absent = `{}`. Checked by the report's own schema. */
  params: z.string().max(REPORT_PARAMS_MAX).optional(),
});
export type ReportFormat = 'pdf' | 'excel';

/** The query of a generic report call: `{ params: JSON.stringify(params) }`. */
export const reportParamsQuery = (params: Record<string, unknown>) => ({ params: JSON.stringify(params) });
