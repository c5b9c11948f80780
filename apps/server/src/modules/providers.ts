import type { ProviderRegistration } from '../platform/providers.ts';

/**
 * The answers modules give each other's questions (platform/providers.ts), one line per answer:
 * `provide(<lower module's provider>, <this module's implementation>)`. app.ts builds the app's registry from this
 * list. None yet: the questions defined so far (bom.stock in bom/bom.stock.ts, operation.output in
 * operation/operation.service.ts) are answered by the materials-stock and production modules of later issues; until
 * then their fallbacks answer ("stock not tracked", "nothing completed or shipped").
 */
export const moduleProviders: ProviderRegistration[] = [];
