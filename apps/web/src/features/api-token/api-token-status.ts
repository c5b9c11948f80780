import { API_BASE, type ApiToken, mcpEndpoints } from '@eqms/contract';

// What the API token screen derives from a token row, kept apart from the components so it is tested without them.

export type ApiTokenStatus = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: a revoked token that has also run out was ended by its user first. */
export function tokenStatus(token: Pick<ApiToken, 'expiresAt' | 'revokedAt'>, now = Date.now()): ApiTokenStatus {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && Date.parse(token.expiresAt) <= now) return 'expired';
  return 'active';
}

/** The expiry choices of a new token, in days; 0 stands for "until revoked" (a Select cannot hold null). */
export const EXPIRY_CHOICES = [30, 90, 365, 0] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];
export const DEFAULT_EXPIRY: ExpiryChoice = 90;

export const expiresInDays = (choice: ExpiryChoice): number | null => (choice === 0 ? null : choice);

/** The stored first characters, marked as the start of something longer. */
export const shownPrefix = (prefix: string) => `${prefix}…`;

/** Where an MCP client connects: this server's own origin, so it is right behind any proxy the browser came through. */
export const mcpUrl = (origin: string) => `${origin}${API_BASE}${mcpEndpoints.post.path}`;

export const authorizationHeader = (token: string) => `Authorization: Bearer ${token}`;
