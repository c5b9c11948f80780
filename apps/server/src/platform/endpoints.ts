import {
  type AnyEndpoint,
  type BodyOf,
  type EndpointGroup,
  FILE,
  MULTIPART,
  type ParamsOf,
  type QueryOf,
  type ReplyOf,
  serverPath,
} from '@eqms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './context.ts';

// Binds the contract's endpoints (packages/contract endpoint.ts) to handlers. The handler map must name every
// endpoint of the group (a missing one fails typecheck), each handler's request and return types come from its
// endpoint (a wrong shape fails typecheck), and start-up refuses an /api route that is not in the contract.

export type EndpointRequest<E> = FastifyRequest<{ Params: ParamsOf<E>; Querystring: QueryOf<E>; Body: BodyOf<E> }>;
export type EndpointHandler<E> = (req: EndpointRequest<E>, reply: FastifyReply) => Promise<ReplyOf<E>>;
export type Handlers<G extends EndpointGroup> = { [K in keyof G]: EndpointHandler<G[K]> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint's id (`product.list`) of a bound route. */
    endpointId?: string;
  }
}

/** Registers one route per endpoint of the group with its schemas, permission, summary and operationId. */
export function bindEndpoints<G extends EndpointGroup>(app: App, group: G, handlers: Handlers<G>): void {
  for (const key of Object.keys(group)) {
    const ep = group[key] as AnyEndpoint;
    const handler = handlers[key] as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
    if (!handler) throw new Error(`Endpoint ${ep.id} has no handler.`);
    app.route({
      method: ep.method,
      url: serverPath(ep.path),
      bodyLimit: ep.bodyLimit,
      config: { permission: ep.permission, endpointId: ep.id },
      schema: {
        tags: [ep.tag],
        summary: ep.summary,
        operationId: ep.id,
        // What a role needs, for integrators: { menu, action }, 'authenticated' or 'public' (@fastify/swagger copies
        // x- keys into the operation). Public operations need no bearer token.
        'x-permission': ep.permission,
        ...(ep.permission === 'public' ? { security: [] } : {}),
        ...(ep.permission === 'ingestKey' ? { security: [{ ingestKey: [] }] } : {}),
        ...(ep.permission === 'apiToken' ? { security: [{ apiToken: [] }] } : {}),
        ...(ep.params ? { params: ep.params } : {}),
        ...(ep.query ? { querystring: ep.query } : {}),
        ...(ep.body === MULTIPART ? { consumes: ['multipart/form-data'] } : ep.body ? { body: ep.body } : {}),
        ...(ep.response === FILE ? {} : { response: { 200: ep.response } }),
      },
      handler,
    });
  }
}
