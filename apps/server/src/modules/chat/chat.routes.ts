import { PassThrough } from 'node:stream';
import { type ChatStreamEvent, chatEndpoints, ruleMessage, translateMessage } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { actorOf } from '../../platform/guard.ts';
import { FlowiseUnavailable, predict } from './flowise.ts';

// The AI chat (README): the signed-in user's question goes to the configured Flowise chatflow, its answer comes back
// as server-sent events while the chatflow writes it.
export const chatRoutes: ModuleRoutes = (app, { config }) => {
  const target =
    config.chatflowId && config.chatApiHost
      ? { host: config.chatApiHost, chatflowId: config.chatflowId, apiKey: config.chatApiKey }
      : null;
  bindEndpoints(app, chatEndpoints, {
    status: async () => ({ data: { configured: target !== null, chatflowId: target?.chatflowId ?? null } }),
    prediction: async (req, reply) => {
      if (!target) throw conflict('chatNotConfigured');
      const actor = actorOf(req);
      // The user is part of the chatflow's session: a conversation id seen by someone else opens no one's memory.
      const sessionId = `eqms-${actor.userId}-${req.body.conversationId}`;
      // The browser going away stops the chatflow's answer. The response's close, not the request's: a request
      // closes as soon as its body has been read.
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      let events: AsyncGenerator<ChatStreamEvent>;
      try {
        events = await predict(target, { question: req.body.question, sessionId }, gone.signal);
      } catch (e) {
        if (!(e instanceof FlowiseUnavailable)) throw e;
        req.log.warn({ status: e.status, err: e.message }, 'AI chat: the chatflow did not answer');
        const key = ruleMessage('chatUnavailable');
        throw new AppError(502, 'INTERNAL_SERVER_ERROR', translateMessage(key, 'en'), { messageKey: key });
      }
      const out = new PassThrough();
      const send = (e: ChatStreamEvent) => out.write(`data: ${JSON.stringify(e)}\n\n`);
      void (async () => {
        try {
          for await (const e of events) send(e);
        } catch (e) {
          if (!gone.signal.aborted) send({ event: 'error', data: (e as Error).message });
        } finally {
          out.end();
        }
      })();
      return reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(out);
    },
  });
};
