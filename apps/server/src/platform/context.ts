import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { SessionService } from './auth/sessions.ts';
import type { TokenService } from './auth/tokens.ts';

/** What every module's routes get: the database, the configuration and the session service. */
export type AppContext = {
  db: Db;
  config: Config;
  sessions: SessionService;
  tokens: TokenService;
  dbKind: 'pglite' | 'postgres';
};
export type App = FastifyInstance<any, any, any, any, ZodTypeProvider>;
export type ModuleRoutes = (app: App, ctx: AppContext) => void | Promise<void>;
