import { endpoint, endpoints, FILE } from '../endpoint.ts';
import { chatPredictionBody, chatStatusResponse } from './chat.schemas.ts';

// The AI chat assistant (SPEC §2 /ai-chat and the chat widget; issue 17): the server talks to a Flowise chatflow over
// its REST prediction API, so the browser needs no second origin and the chatflow's key stays on the server. aiChat is
// open to every signed-in user (SPEC §6).
// biome-ignore format: a routing table, one endpoint per line
export const chatEndpoints = endpoints('chat', {
  status: endpoint('GET', '/ai-chat/status', chatStatusResponse, 'authenticated', 'Whether a Flowise chatflow is configured'),
  prediction: endpoint('POST', '/ai-chat/prediction', FILE, 'authenticated', "Ask the chatflow: its answer as server-sent events (token…, end | error); 409 when no chatflow is configured, 502 when it does not answer", { body: chatPredictionBody }),
});
