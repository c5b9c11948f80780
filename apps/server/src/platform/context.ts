import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { SessionService } from './auth/sessions.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Providers } from './providers.ts';
import type { References } from './references.ts';

/**
 * What every module's routes get: the database, the configuration, the session service, and the app's registries of
 * references (who refers to whose rows) and providers (cross-module answers), built in app.ts from the module lists.
 * Issue 9 phase 1: the registries are built and tested but the services do not read them yet (their inline guards
 * and transitional provider registries still answer); phase 2 threads them from here into the services.
 */
export type AppContext = {
  db: Db;
  config: Config;
  sessions: SessionService;
  tokens: TokenService;
  dbKind: 'pglite' | 'postgres';
  references: References;
  providers: Providers;
};
export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;
export type ModuleRoutes = (app: App, ctx: AppContext) => void | Promise<void>;
