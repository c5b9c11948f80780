import { type ChatStreamEvent, chatEndpoints } from '@eqms/contract';
import { callRaw, parseError } from '../../api/http.ts';

// The AI chat's client side (server: modules/chat): a question goes to POST /ai-chat/prediction, the answer comes back
// as server-sent events `data: {"event":"token"|"end"|"error",…}` read here as they arrive. The conversation (its id
// and messages) is kept for the browser session, per user: a reload keeps it, closing the browser forgets it.

export type ChatMessage = { role: 'user' | 'assistant'; text: string; error?: string; stopped?: boolean };
export type Conversation = { id: string; messages: ChatMessage[] };

const storageKey = (userId: string) => `eqms.aiChat.${userId}`;

export function newConversation(): Conversation {
  return { id: crypto.randomUUID(), messages: [] };
}

export function loadConversation(userId: string, storage: Storage = sessionStorage): Conversation {
  try {
    const raw = storage.getItem(storageKey(userId));
    const c = raw ? (JSON.parse(raw) as Conversation) : null;
    if (c && typeof c.id === 'string' && Array.isArray(c.messages)) return c;
  } catch {
    // A broken entry starts a new conversation.
  }
  return newConversation();
}

export function saveConversation(userId: string, c: Conversation, storage: Storage = sessionStorage) {
  try {
    storage.setItem(storageKey(userId), JSON.stringify(c));
  } catch {
    // A full storage keeps the conversation on screen only.
  }
}

/** The events of one `text/event-stream` body: one JSON object per `data:` block. */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = block.startsWith('data: ') ? block.slice(6) : '';
      if (data) yield JSON.parse(data) as ChatStreamEvent;
    }
  }
}

/** Asks the chatflow; its answer's events as they come. A refused question throws the server's ApiError. */
export async function* ask(
  question: string,
  conversationId: string,
  signal: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const res = await callRaw(chatEndpoints.prediction, { body: { question, conversationId }, signal });
  if (!res.ok || !res.body) throw await parseError(res);
  yield* readEvents(res.body);
}
