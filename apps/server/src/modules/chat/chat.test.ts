import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.ts';
import { startFlowiseDouble } from './flowise-double.ts';

const flowise = await startFlowiseDouble();
afterAll(() => flowise.close());
const t = await createTestApp({ CHATFLOW_ID: 'flow-7', CHAT_API_HOST: `${flowise.url}/`, CHAT_API_KEY: 'k-123' });
const bare = await createTestApp();
// aiChat is open to every signed-in user (SPEC §6): a user with no rights at all asks.
const nobody = await t.makeUser({});
const conversationId = '5f0c7a52-1d2b-4c55-9a7e-0b8f3c1d2e4f';

const ask = (question: string, token: string | null = nobody.token, extra: Record<string, unknown> = {}) =>
  t.inject({ method: 'POST', url: '/api/ai-chat/prediction', payload: { question, conversationId, ...extra }, token });
/** A question to another app (another configuration), by a user of it, answered in English. */
async function askOn(app: Awaited<ReturnType<typeof createTestApp>>, question: string) {
  const u = await app.makeUser({});
  return app.inject({
    method: 'POST',
    url: '/api/ai-chat/prediction',
    payload: { question, conversationId },
    token: u.token,
    headers: { 'accept-language': 'en' },
  });
}
/** The events of an answer's stream. */
const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter(Boolean)
    .map((block) => JSON.parse(block.replace(/^data: /, '')));

describe('AI chat status', () => {
  it('says whether a chatflow is configured; 401 without a session', async () => {
    const on = await t.inject({ method: 'GET', url: '/api/ai-chat/status', token: nobody.token });
    expect(on.body.data).toEqual({ configured: true, chatflowId: 'flow-7' });
    const bareUser = await bare.makeUser({});
    const off = await bare.inject({ method: 'GET', url: '/api/ai-chat/status', token: bareUser.token });
    expect(off.body.data).toEqual({ configured: false, chatflowId: null });
    expect((await t.inject({ method: 'GET', url: '/api/ai-chat/status' })).status).toBe(401);
  });
});

describe('AI chat prediction', () => {
  it("streams the chatflow's tokens, then end; the session is the user's and the conversation's; the key goes along", async () => {
    const res = await ask('오늘 불량률은?');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = eventsOf(res.raw.body);
    expect(events.at(-1)).toEqual({ event: 'end' });
    const tokens = events.filter((e) => e.event === 'token');
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.map((e) => e.data).join('')).toBe('답: 오늘 불량률은?');
    const call = flowise.calls.at(-1)!;
    expect(call).toMatchObject({ chatflowId: 'flow-7', authorization: 'Bearer k-123' });
    expect(call.body).toEqual({
      question: '오늘 불량률은?',
      streaming: true,
      overrideConfig: { sessionId: `eqms-${nobody.userId}-${conversationId}` },
    });
  });

  it('answers a chatflow that cannot stream as one token; passes on an error in the stream', async () => {
    const json = eventsOf((await ask('json 재고')).raw.body);
    expect(json).toEqual([{ event: 'token', data: '답: json 재고' }, { event: 'end' }]);
    const broken = eventsOf((await ask('broken answer')).raw.body);
    expect(broken).toEqual([
      { event: 'token', data: '반쯤' },
      { event: 'error', data: 'model overloaded' },
    ]);
  });

  it('502 with its message key when the chatflow fails or cannot be reached', async () => {
    const failed = await ask('fail now', nobody.token);
    expect(failed.status).toBe(502);
    // The web says it in the user's language from the message key (contract chat.messages.ts).
    expect(failed.body).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', extraData: { messageKey: 'chatUnavailable' } });
    const gone = await createTestApp({ CHATFLOW_ID: 'flow-7', CHAT_API_HOST: 'http://127.0.0.1:9' });
    const unreachable = await askOn(gone, '안녕');
    expect(unreachable.status).toBe(502);
    expect(unreachable.body.message).toBe('The AI chat server did not answer. Try again in a moment.');
  });

  it('409 when no chatflow is configured, saying how to configure one', async () => {
    const res = await askOn(bare, '안녕');
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('CHATFLOW_ID and CHAT_API_HOST');
    expect(res.body.extraData.messageKey).toBe('chatNotConfigured');
  });

  it('400 names the field (empty, too long, bad conversation id, unknown key); 401 without a session', async () => {
    const before = flowise.calls.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ question: '  ', conversationId }, 'question'],
      [{ question: 'x'.repeat(4001), conversationId }, 'question'],
      [{ question: '안녕', conversationId: '../../etc' }, 'conversationId'],
      [{ question: '안녕' }, 'conversationId'],
      [{ question: '안녕', conversationId, streaming: false }, 'streaming'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.inject({ method: 'POST', url: '/api/ai-chat/prediction', payload, token: nobody.token });
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.body.extraData.fields.map((f: { field: string }) => f.field)).toContain(field);
    }
    expect((await ask('안녕', null)).status).toBe(401);
    expect(flowise.calls.length).toBe(before);
  });
});
