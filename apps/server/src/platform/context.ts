import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import type { SessionService } from './auth/sessions.ts';
import type { TokenService } from './auth/tokens.ts';
import type { Providers } from './providers.ts';
import type { References } from './references.ts';
import type { Reports } from './reports.ts';

/**
 * What every module's routes get: the database, the configuration, the session service, and the app's registries of
 * references (who refers to whose rows) and providers (cross-module answers), built in app.ts from the module list
 * (the module list and platform/modules.ts).
 */
export type AppContext = {
  db: Db;
  config: Config;
  sessions: SessionService;
  tokens: TokenService;
  dbKind: Database['kind'];
  /** The database's connection string (Database['url']): set for a PostgreSQL engine, absent for PGlite (backups). */
  dbUrl?: string;
  references: References;
  providers: Providers;
  /** The report files of every module (platform/reports.ts), served by GET /report/pdf|excel/{name}/{type}. */
  reports: Reports;
};
/** What a service with cross-module rules takes: the database and the app's references and providers registries. */
export type Deps = Pick<AppContext, 'db' | 'references' | 'providers'>;
export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;
export type ModuleRoutes = (app: App, ctx: AppContext) => void | Promise<void>;
