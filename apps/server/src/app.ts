import { randomBytes } from 'node:crypto';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { NOTICE_ATTACHMENT_MAX_BYTES, platformEndpoints } from '@eqms/contract';
import { type Config, fastifyTrustProxy } from './config.ts';
import type { Database } from './db/client.ts';
import { foreignKeysOf } from './db/foreign-keys.ts';
import * as schema from './db/schema.ts';
import { modules as moduleList } from './modules/index.ts';
import { DEFAULT_LIMITS, SessionService } from './platform/auth/sessions.ts';
import { TokenService } from './platform/auth/tokens.ts';
import type { AppContext } from './platform/context.ts';
import { registerDelivery } from './platform/delivery.ts';
import { bindEndpoints } from './platform/endpoints.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { installGuard, type RegisteredRoute } from './platform/guard.ts';
import { installInputChecks } from './platform/input.ts';
import { RequestLog } from './platform/request-log.ts';
import { type ModuleDefinition, registriesOf } from './platform/modules.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import type { Providers } from './platform/providers.ts';
import type { References } from './platform/references.ts';
import type { Reports } from './platform/reports.ts';

export type BuildOptions = {
  config: Config;
  database: Database;
  accessTokenTtlS?: number;
  /** The module list the app is built from (modules/index.ts); tests build an app from a changed one. */
  modules?: readonly ModuleDefinition[];
  /** Where the log lines go (standard output when not given); tests read them. */
  logStream?: { write(line: string): void };
};

// A request's id: this start's random prefix and a count, unique across restarts and instances without drawing
// random bytes per request (a UUID each cost 5% of a health check's CPU).
const REQUEST_ID_PREFIX = randomBytes(6).toString('base64url');
let requestCount = 0;
const nextRequestId = () => `${REQUEST_ID_PREFIX}-${(++requestCount).toString(36)}`;

export async function buildApp({ config, database, accessTokenTtlS, modules = moduleList, logStream }: BuildOptions) {
  const app = Fastify({
    logger: { level: config.logLevel, ...(logStream ? { stream: logStream } : {}) },
    logController: new RequestLog(),
    genReqId: (req) => (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || nextRequestId(),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const tokens = new TokenService(config.jwtSecret, accessTokenTtlS);
  const limits = config.sessionIdleMs ? { ...DEFAULT_LIMITS, idleMs: config.sessionIdleMs } : DEFAULT_LIMITS;
  const sessions = new SessionService(database.db, tokens, limits);
  const ctx: AppContext = {
    db: database.db,
    config,
    sessions,
    tokens,
    dbKind: database.kind,
    dbUrl: database.url,
    // Every module's references and provided answers, from the module list.
    ...registriesOf(modules),
  };
  const routes: RegisteredRoute[] = [];
  app.decorate('registeredRoutes', routes);
  app.decorate('references', ctx.references);
  app.decorate('providers', ctx.providers);
  app.decorate('reports', ctx.reports);
  app.decorate('modules', modules);

  installErrorHandler(app, { foreignKeys: foreignKeysOf(schema) });
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The camera scanner's ZXing decoder is WebAssembly (our own .wasm): compiling it needs wasm-unsafe-eval, which
        // allows WebAssembly only, not eval() of scripts.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
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
  // Compression, the web app's files and the SPA fallback; before the routes, which it attaches itself to.
  await registerDelivery(app, config.webDist);
  // No cookie hooks on every request: only the auth routes read or set one, with the plugin's parse and serialize.
  await app.register(cookie, { hook: false });
  await app.register(multipart, { limits: { fileSize: NOTICE_ATTACHMENT_MAX_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'eQMS API', version: '0.1.0', description: 'Factory manufacturing and quality management' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          ingestKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: "A user's personal API token (eqms_…), for /api/mcp",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas with an id (the recursive tree nodes) become components the paths refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { validatorUrl: null },
    // Plain-http LAN deployments: upgrading subresources to https would break the page; no external validator.
    transformStaticCSP: (header) =>
      header.replace(/upgrade-insecure-requests;?/, '').replace(' validator.swagger.io', ''),
  });

  installGuard(app, sessions, routes, { providers: ctx.providers, db: ctx.db });
  installInputChecks(app);
  app.get('/api/openapi.json', { config: { permission: 'public' }, schema: { hide: true } }, async () => app.swagger());
  bindEndpoints(app, platformEndpoints, {
    health: async () => ({ data: { status: 'ok' as const, db: database.kind, time: new Date().toISOString() } }),
  });
  for (const m of modules) await app.register(async (scope) => m.routes(scope as any, ctx));

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
    /** The app's registries (also in every module's ctx); tests read them and register providers on them. */
    references: References;
    providers: Providers;
    reports: Reports;
    /** The module list the app was built from. */
    modules: readonly ModuleDefinition[];
  }
}
