import type { FastifyRequest } from 'fastify';
import { INGEST_KEY_HEADER } from '@eqms/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { defineProvider, type Providers } from '../providers.ts';

// Machines push data with an ingest key, not a user session (issue 15). The platform owns the guard and so the
// question "whose key is this?"; the data collection module, which keeps the keys, answers it (module list). With
// no answer every key is unknown: the ingest routes answer 401.

/** The machine (or gateway) behind a valid key: the tool it may write, or null for every tool. */
export type IngestPrincipal = { keyId: number; name: string; toolId: number | null };

export const ingestKeyProvider = defineProvider<(db: Db, key: string) => Promise<IngestPrincipal | null>>(
  'ingest.key',
  async () => null,
);

declare module 'fastify' {
  interface FastifyRequest {
    ingestPrincipal?: IngestPrincipal;
  }
}

/** The key of the x-api-key header, checked: 401 when it is missing, unknown or revoked. */
/** Where the guard asks: the app's providers and database. */
export type IngestKeyCheck = { providers: Providers; db: Db };

export async function authenticateIngestKey(req: FastifyRequest, check: IngestKeyCheck | undefined) {
  const raw = req.headers[INGEST_KEY_HEADER];
  const key = typeof raw === 'string' ? raw.trim() : '';
  if (!key) throw new AppError(401, 'UNAUTHORIZED', `An ingest key is required (${INGEST_KEY_HEADER} header).`);
  const principal = check ? await check.providers.get(ingestKeyProvider)(check.db, key) : null;
  if (!principal) throw new AppError(401, 'UNAUTHORIZED', 'The ingest key is unknown or revoked.');
  req.ingestPrincipal = principal;
  return principal;
}

/** The key behind a guarded ingest route (the guard has set it). */
export function ingestPrincipalOf(req: FastifyRequest): IngestPrincipal {
  if (!req.ingestPrincipal) throw new AppError(401, 'UNAUTHORIZED', 'An ingest key is required.');
  return req.ingestPrincipal;
}
