import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { type ErrorBody, NOTICE_ATTACHMENT_MAX_BYTES, platformEndpoints } from '@eqms/contract';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { foreignKeysOf } from './db/foreign-keys.ts';
import * as schema from './db/schema.ts';
import { modules as moduleList } from './modules/index.ts';
import { DEFAULT_LIMITS, SessionService } from './platform/auth/sessions.ts';
import { TokenService } from './platform/auth/tokens.ts';
import type { AppContext } from './platform/context.ts';
import { bindEndpoints } from './platform/endpoints.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { installGuard, type RegisteredRoute } from './platform/guard.ts';
import { type ModuleDefinition, registriesOf } from './platform/modules.ts';
import type { Providers } from './platform/providers.ts';
import type { References } from './platform/references.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  accessTokenTtlS?: number;
  /** The module list the app is built from (modules/index.ts); tests build an app from a changed one. */
  modules?: readonly ModuleDefinition[];
};

export async function buildApp({ config, database, accessTokenTtlS, modules = moduleList }: BuildOptions) {
  const app = Fastify({
    logger: { level: config.logLevel },
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    trustProxy: true,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  const tokens = new TokenService(config.jwtSecret, accessTokenTtlS);
  const limits = config.sessionIdleMs ? { ...DEFAULT_LIMITS, idleMs: config.sessionIdleMs } : DEFAULT_LIMITS;
  const sessions = new SessionService(database.db, tokens, limits);
  const ctx: AppContext = {
    db: database.db,
    config,
    sessions,
    tokens,
    dbKind: database.kind,
    // Every module's references and provided answers, from the module list.
    ...registriesOf(modules),
  };
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.decorate('references', ctx.references);
  app.decorate('providers', ctx.providers);
  app.decorate('modules', modules);

  installErrorHandler(app, { foreignKeys: foreignKeysOf(schema) });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd's CSS-in-JS injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The LAN deployment serves phones over plain http: HSTS would lock them out.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: NOTICE_ATTACHMENT_MAX_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'eQMS API', version: '0.1.0', description: 'Factory manufacturing and quality management' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { validatorUrl: null },
    // Plain-http LAN deployments: upgrading subresources to https would break the page; no external validator.
    transformStaticCSP: (header) =>
      header.replace(/upgrade-insecure-requests;?/, '').replace(' validator.swagger.io', ''),
  });

  installGuard(app, sessions, routes);
  app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());
  bindEndpoints(app, platformEndpoints, {
    health: async () => ({ data: { status: 'ok' as const, db: database.kind, time: new Date().toISOString() } }),
  });
  for (const m of modules) await app.register(async (scope) => m.routes(scope as any, ctx));

  const webDist = config.webDist && existsSync(path.join(config.webDist, 'index.html')) ? config.webDist : null;
  if (webDist) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1y', immutable: true });
  }
  const indexHtml = webDist ? readFileSync(path.join(webDist, 'index.html'), 'utf8') : null;
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    if (indexHtml && req.method === 'GET' && !url.startsWith('/api/') && !path.extname(url)) {
      // The SPA's client-side routes: the browser router decides what to show.
      return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
    }
    const body: ErrorBody = { status: 404, code: 'ROUTE_NOT_FOUND', message: `Route ${req.method} ${url} not found.` };
    return reply.status(404).send(body);
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** The app's registries (also in every module's ctx); tests read them and register providers on them. */
    references: References;
    providers: Providers;
    /** The module list the app was built from. */
    modules: readonly ModuleDefinition[];
  }
}
