import { describe, expect, it } from 'vitest';
import { loadConversation, readEvents, saveConversation } from './chat-stream.ts';

/** A body that arrives in these pieces (an event may be cut anywhere, even inside a Korean letter's bytes). */
function bodyOf(...pieces: Uint8Array[]) {
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of pieces) c.enqueue(p);
      c.close();
    },
  });
}

describe('AI chat stream', () => {
  it('reads each event once, whatever the chunk boundaries', async () => {
    const text =
      'data: {"event":"token","data":"안녕"}\n\ndata: {"event":"token","data":"하세요"}\n\ndata: {"event":"end"}\n\n';
    const bytes = new TextEncoder().encode(text);
    for (const cut of [1, 7, 25, 26, 27, bytes.length - 1]) {
      const events = [];
      for await (const e of readEvents(bodyOf(bytes.slice(0, cut), bytes.slice(cut)))) events.push(e);
      expect(events, `cut at ${cut}`).toEqual([
        { event: 'token', data: '안녕' },
        { event: 'token', data: '하세요' },
        { event: 'end' },
      ]);
    }
  });

  it('keeps the conversation per user for the session; a broken entry starts a new one', () => {
    const s = new Map<string, string>();
    const storage = {
      getItem: (k: string) => s.get(k) ?? null,
      setItem: (k: string, v: string) => void s.set(k, v),
    } as unknown as Storage;
    const c = loadConversation('kim', storage);
    expect(c.messages).toEqual([]);
    expect(c.id).toMatch(/^[0-9a-f-]{36}$/);
    saveConversation('kim', { id: c.id, messages: [{ role: 'user', text: '재고?' }] }, storage);
    expect(loadConversation('kim', storage)).toEqual({ id: c.id, messages: [{ role: 'user', text: '재고?' }] });
    expect(loadConversation('lee', storage).id).not.toBe(c.id);
    s.set('eqms.aiChat.kim', '{broken');
    expect(loadConversation('kim', storage).messages).toEqual([]);
  });
});
