import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { apiTokenEndpoints, mcpEndpoints, toLocale } from '@eqms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createApiToken, listApiTokens, revokeApiToken } from '../../platform/auth/api-tokens.ts';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { actorOf } from '../../platform/guard.ts';
import { mcpServer } from './mcp.tools.ts';

// The MCP server (README.md) and the API tokens that open it. The transport is stateless: each POST gets its own
// server and transport, so any instance answers any call and nothing is kept between calls.
export const mcpRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, apiTokenEndpoints, {
    list: async (req) => ({ data: await listApiTokens(db, actorOf(req).id) }),
    create: async (req) => ({ data: await createApiToken(db, actorOf(req), req.body) }),
    revoke: async (req) => ({ data: await revokeApiToken(db, actorOf(req), req.params.id) }),
  });

  const notAllowed = async (_req: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this MCP server is stateless.' },
        id: null,
      });

  bindEndpoints(app, mcpEndpoints, {
    post: async (req, reply) => {
      const actor = actorOf(req);
      const server = mcpServer({
        db,
        timeZone: config.timeZone,
        permissions: actor.permissions,
        locale: toLocale(req.headers['accept-language']),
      });
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      await server.connect(transport);
      try {
        // The body is parsed and checked already; the transport reads the headers (Accept, protocol version) only.
        const headers = new Headers();
        for (const [name, value] of Object.entries(req.headers)) {
          if (value === undefined || name === 'content-length' || name === 'host') continue;
          headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        const response = await transport.handleRequest(
          new Request(`http://localhost${req.url}`, { method: 'POST', headers }),
          {
            parsedBody: req.body,
          },
        );
        reply.code(response.status);
        response.headers.forEach((value, name) => {
          reply.header(name, value);
        });
        return reply.send(await response.text());
      } finally {
        await server.close();
      }
    },
    stream: notAllowed,
    end: notAllowed,
  });
};
