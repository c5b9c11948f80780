import { z } from 'zod';
import { dataOf, listOf } from '../common/common.schemas.ts';
import { ruleMessage } from '../messages.ts';
import { rules } from '../rules/index.ts';

// Personal API tokens and the MCP server (issue 17, beyond the spec): an assistant that speaks the Model Context
// Protocol calls /api/mcp with a token of its user and sees what that user may view.

/** Every token starts so: a leaked one is recognisable in a log or a secret scanner's rule. */
export const API_TOKEN_PREFIX = 'eqms_';
/** How long a token may live, in days; none: until revoked. */
export const API_TOKEN_MAX_DAYS = 365;

export const apiTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart (the token itself is never stored). */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenCreateBody = z.object({
  name: rules.text(100),
  /** Days until the token stops working (1 … 365); null or left out: until revoked. */
  expiresInDays: z
    .number({ error: ruleMessage('realNumber') })
    .int({ error: ruleMessage('naturalNumber') })
    .min(1, { error: ruleMessage('min', { min: 1 }) })
    .max(API_TOKEN_MAX_DAYS, { error: ruleMessage('max', { max: API_TOKEN_MAX_DAYS }) })
    .nullish(),
});
export type ApiTokenCreate = z.infer<typeof apiTokenCreateBody>;

export const apiTokenListResponse = listOf(apiTokenSchema);
export const apiTokenResponse = dataOf(apiTokenSchema);
/** The created token with its secret: shown this once, never again. */
export const apiTokenCreatedResponse = dataOf(apiTokenSchema.extend({ token: z.string() }));

/**
 * One JSON-RPC 2.0 message of the MCP Streamable HTTP transport, or a batch of them. Only the envelope is checked
 * here (loose: the MCP SDK's own schemas check the rest and answer JSON-RPC errors).
 */
const jsonRpcMessage = z.looseObject({
  jsonrpc: z.literal('2.0', { error: ruleMessage('invalidType') }),
  method: z.string().optional(),
});
export const mcpBody = z.union([jsonRpcMessage, z.array(jsonRpcMessage).min(1)], { error: ruleMessage('invalidType') });
