import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for a Flowise server in tests (no LLM is reachable from the test machines): POST
// /api/v1/prediction/{id} answers as Flowise documents it. What it answers follows the question:
// "json …" — one JSON object { text, chatId, sessionId } (a flow that cannot stream);
// "fail …" — HTTP 500; "broken …" — a stream that sends a token and an error event;
// anything else — data-only server-sent events: start, a token per word, metadata, end.

export type FlowiseCall = { chatflowId: string; authorization: string | undefined; body: any };

async function readJson(req: IncomingMessage) {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  return JSON.parse(raw || '{}');
}

/** Listens on 127.0.0.1 at `port` (0: any free one; the browser tests give theirs to the server beforehand). */
export async function startFlowiseDouble(port = 0) {
  const calls: FlowiseCall[] = [];
  const server = createServer(async (req, res) => {
    const m = /^\/api\/v1\/prediction\/([^/?]+)$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) {
      res.writeHead(404).end();
      return;
    }
    const body = await readJson(req);
    calls.push({ chatflowId: decodeURIComponent(m[1]), authorization: req.headers.authorization, body });
    const question = String(body.question ?? '');
    const answer = `답: ${question}`;
    if (question.startsWith('fail')) {
      res.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"flow error"}');
      return;
    }
    if (question.startsWith('json') || !body.streaming) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text: answer, question, chatId: 'c1', sessionId: body.overrideConfig?.sessionId }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const event = (e: object) => res.write(`message:\ndata:${JSON.stringify(e)}\n\n`);
    event({ event: 'start', data: '' });
    if (question.startsWith('broken')) {
      event({ event: 'token', data: '반쯤' });
      event({ event: 'error', data: 'model overloaded' });
      res.end();
      return;
    }
    for (const [i, word] of answer.split(' ').entries()) {
      event({ event: 'token', data: i === 0 ? word : ` ${word}` });
      await new Promise((r) => setTimeout(r, 5));
    }
    event({ event: 'metadata', data: { chatId: 'c1', sessionId: body.overrideConfig?.sessionId } });
    event({ event: 'end', data: '[DONE]' });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
