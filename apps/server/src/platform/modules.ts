import type { ModuleRoutes } from './context.ts';
import { createProviders, type ProviderRegistration, type Providers } from './providers.ts';
import { createReferences, type Reference, type References } from './references.ts';
import { createReports, type ReportDefinition, type Reports } from './reports.ts';

// The module list (ARCHITECTURE §3): every module of the server is one entry of the module list, and everything a
// module registers with the platform is in its entry — its routes, the references it holds on other modules' rows
// (platform/references.ts), the answers it gives other modules' questions (platform/providers.ts) and the report
// files it offers (platform/reports.ts). app.ts builds
// the app's registries from the list; nothing registers itself by being imported.

export type ModuleDefinition = {
  /** The module's folder name among the modules (unique in the list). */
  readonly name: string;
  readonly routes: ModuleRoutes;
  /** Its `<module>.references.ts` declarations: what its tables refer to. */
  readonly references?: readonly Reference[];
  /** `provide(<a lower module's provider>, <this module's answer>)`, one per question it answers. */
  readonly provides?: readonly ProviderRegistration[];
  /** The report files it offers through GET /report/pdf|excel/{name}/{type} (platform/reports.ts). */
  readonly reports?: readonly ReportDefinition[];
};

/**
 * The registries of an app built from a module list. Throws (at start-up) on a module named twice, and through
 * createReferences / createProviders on a bad declaration or a question answered twice. The list's order is the
 * order of the related-data dialog's rows when several modules refer to one table.
 */
export function registriesOf(modules: readonly ModuleDefinition[]): {
  references: References;
  providers: Providers;
  reports: Reports;
} {
  const names = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`Module '${m.name}' is in the module list twice.`);
    names.add(m.name);
  }
  return {
    references: createReferences(modules.flatMap((m) => m.references ?? [])),
    providers: createProviders(modules.flatMap((m) => m.provides ?? [])),
    reports: createReports(modules.flatMap((m) => m.reports ?? [])),
  };
}
