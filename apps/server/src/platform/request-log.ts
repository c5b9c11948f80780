import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One log line per request (issue 10 §4), written when the response has gone: method, path, status, ms and the
 * signed-in user, with the request id the request's logger carries (`reqId`). Fastify's own pair ("incoming
 * request" and "request completed") said the same in two lines and without the user. The path leaves out the query
 * string: searches carry what users typed (names, numbers), which a log kept for months should not.
 * Fastify's other lines (a failed serializer, a stream error, a 404 of its default handler) stay as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const q = request.url.indexOf('?');
    const line = {
      method: request.method,
      path: q < 0 ? request.url : request.url.slice(0, q),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      user: request.principal?.userId,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
