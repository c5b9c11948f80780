import { can, type ReportFormat, reportEndpoints, toLocale } from '@eqms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { contentDisposition } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import { REPORT_MIME, reportParams } from '../../platform/reports.ts';

type FileRequest = FastifyRequest<{ Params: { name: string; type: string }; Querystring: { params?: string } }>;

// SPEC §7 "Reports and KPI → Files": the two generic routes over the app's report registry (platform/reports.ts), in
// this order: unknown name/type/format 404, no view right on the report's menu 403, params against the report's
// schema 400, then the module's builder. The contract declares them `authenticated`; this is where the menu is checked.
export const reportRoutes: ModuleRoutes = (app, { db, config, reports }) => {
  const send = (format: ReportFormat) => async (req: FileRequest, reply: FastifyReply) => {
    const found = reports.find(req.params.name, req.params.type, format);
    if (!found) throw notFound('Report');
    const actor = actorOf(req);
    if (!can(actor.permissions, found.menu, 'view')) throw forbidden();
    const params = reportParams(found.params, req.query.params);
    const file = await found.build({
      db,
      params,
      locale: toLocale(req.headers['accept-language']),
      timeZone: config.timeZone,
      actor: { id: actor.id, userId: actor.userId, username: actor.username },
      now: new Date(),
    });
    return reply
      .type(REPORT_MIME[format])
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'private, no-store')
      .send(file.data);
  };
  bindEndpoints(app, reportEndpoints, { pdf: send('pdf'), excel: send('excel') });
};
