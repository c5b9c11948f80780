import { idParam } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  apiTokenCreateBody,
  apiTokenCreatedResponse,
  apiTokenListResponse,
  apiTokenResponse,
  mcpBody,
} from './mcp.schemas.ts';

// Beyond the spec (issue 17): a user's own API tokens, managed from the profile, and the MCP server they open. A
// token acts as its user: the MCP tools check that user's view rights on each call (modules/mcp/README.md).
// biome-ignore format: a routing table, one endpoint per line
export const apiTokenEndpoints = endpoints('apiToken', {
  list: endpoint('GET', '/api-tokens', apiTokenListResponse, 'authenticated', "The signed-in user's API tokens, newest first (never the token itself)"),
  create: endpoint('POST', '/api-tokens', apiTokenCreatedResponse, 'authenticated', 'Create an API token for the signed-in user (for an MCP assistant): the token is in this answer only', { body: apiTokenCreateBody }),
  revoke: endpoint('DELETE', '/api-tokens/{id}', apiTokenResponse, 'authenticated', "Revoke one of the signed-in user's API tokens (kept, marked revoked); another user's is a 404", { params: idParam }),
});

// The Model Context Protocol over Streamable HTTP, stateless: every POST is one JSON-RPC message (or batch) answered
// as JSON. There is no server-to-client stream, so GET and DELETE answer 405 as the transport's spec allows.
// biome-ignore format: a routing table, one endpoint per line
export const mcpEndpoints = endpoints('mcp', {
  post: endpoint('POST', '/mcp', FILE, 'apiToken', 'MCP (Model Context Protocol) Streamable HTTP: a JSON-RPC message or batch, answered as JSON; header Authorization: Bearer <API token>. Read-only tools within the token user\'s view rights', { body: mcpBody, bodyLimit: 1024 * 1024 }),
  stream: endpoint('GET', '/mcp', FILE, 'apiToken', 'MCP server-to-client stream: not offered (405; the server is stateless)'),
  end: endpoint('DELETE', '/mcp', FILE, 'apiToken', 'MCP session end: there are no sessions (405)'),
});
