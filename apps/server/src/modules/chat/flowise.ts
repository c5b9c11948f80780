import type { ChatStreamEvent } from '@eqms/contract';

// A client of a Flowise chatflow's REST prediction API (POST {host}/api/v1/prediction/{chatflowId}; docs.flowiseai.com
// "Prediction" and "Streaming"). With `streaming: true` a flow that can stream answers data-only server-sent events
// `{"event":"token","data":"…"}` … `{"event":"end","data":"[DONE]"}` (also start, metadata, sourceDocuments, usedTools,
// error); a flow that cannot answers one JSON object `{ text, chatId, sessionId, … }`. Both come out as our events.

export type FlowiseTarget = { host: string; chatflowId: string; apiKey: string | null };

/** Why a prediction could not start: the chatflow's server was not reached or refused (status). */
export class FlowiseUnavailable extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** How long the chatflow's server may take to start answering. The answer itself may stream for longer. */
export const FLOWISE_START_TIMEOUT_MS = 60_000;

/** Asks the chatflow; resolves once it has started answering, with its events as they come. */
export async function predict(
  target: FlowiseTarget,
  ask: { question: string; sessionId: string },
  signal: AbortSignal,
): Promise<AsyncGenerator<ChatStreamEvent>> {
  const url = `${target.host.replace(/\/+$/, '')}/api/v1/prediction/${encodeURIComponent(target.chatflowId)}`;
  const started = new AbortController();
  const timer = setTimeout(() => started.abort(), FLOWISE_START_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream, application/json',
        ...(target.apiKey ? { authorization: `Bearer ${target.apiKey}` } : {}),
      },
      body: JSON.stringify({ question: ask.question, streaming: true, overrideConfig: { sessionId: ask.sessionId } }),
      signal: AbortSignal.any([signal, started.signal]),
    });
  } catch (e) {
    throw new FlowiseUnavailable(`Flowise not reached: ${(e as Error).message}`, null);
  } finally {
    clearTimeout(timer);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new FlowiseUnavailable(`Flowise answered ${res.status}`, res.status);
  }
  if ((res.headers.get('content-type') ?? '').includes('text/event-stream')) return streamEvents(res.body);
  const answer = (await res.json().catch(() => null)) as { text?: unknown } | null;
  return (async function* () {
    if (typeof answer?.text !== 'string') {
      yield { event: 'error', data: 'The chatflow answered without a text.' } as const;
      return;
    }
    yield { event: 'token', data: answer.text } as const;
    yield { event: 'end' } as const;
  })();
}

/** The chatflow's server-sent events as ours: tokens, then end or error; the rest (metadata, sources…) left out. */
async function* streamEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<ChatStreamEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    // Events are separated by a blank line; a data line may come with or without a space after the colon.
    for (let cut = buffer.search(/\r?\n\r?\n/); cut >= 0; cut = buffer.search(/\r?\n\r?\n/)) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, '');
      const event = parseBlock(block);
      if (!event) continue;
      yield event;
      if (event.event !== 'token') {
        ended = true;
        return;
      }
    }
  }
  const last = parseBlock(buffer);
  if (last) {
    yield last;
    ended = last.event !== 'token';
  }
  if (!ended) yield { event: 'end' };
}

function parseBlock(block: string): ChatStreamEvent | null {
  const data = block
    .split(/\r?\n/)
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).replace(/^ /, ''))
    .join('\n');
  if (!data) return null;
  let parsed: { event?: unknown; data?: unknown };
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (parsed.event === 'token' && typeof parsed.data === 'string') return { event: 'token', data: parsed.data };
  if (parsed.event === 'end') return { event: 'end' };
  if (parsed.event === 'error') return { event: 'error', data: String(parsed.data ?? 'error') };
  return null;
}
