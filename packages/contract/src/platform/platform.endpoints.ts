import { z } from 'zod';
import { dataOf } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';

// The platform's own endpoint. The OpenAPI document (`GET /api/openapi.json`) is the one route outside the
// contract: it is the contract's description, served by @fastify/swagger.
export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres', 'embedded']),
  time: z.string(),
});

// biome-ignore format: a routing table, one endpoint per line
export const platformEndpoints = endpoints('platform', {
  health: endpoint('GET', '/health', dataOf(healthSchema), 'public', 'Liveness: the server answers and which database engine it runs on'),
});
