import { z } from 'zod';
import { dataOf } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';

// The platform's own endpoint. The OpenAPI document (`GET /api/openapi.json`) is the one route outside the
// contract: it is the contract's description, served by @fastify/swagger.
export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
  time: z.string(),
});

export const platformEndpoints = endpoints('platform', {
  health: {
    method: 'GET',
    path: '/health',
    response: dataOf(healthSchema),
    permission: 'public',
    summary: 'Liveness: the server answers and which database engine it runs on',
  },
});
