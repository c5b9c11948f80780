import { dataCollectionEndpoints, toLocale } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { XLSX_MIME } from '../../platform/excel/excel-write.ts';
import { contentDisposition } from '../../platform/files.ts';
import { ingestPrincipalOf } from '../../platform/auth/ingest-key.ts';
import { actorOf } from '../../platform/guard.ts';
import { correlationDatas } from './correlation.service.ts';
import { dataHistory, dataHistoryWorkbook } from './data-history.service.ts';
import { createIngestKey, listIngestKeys, revokeIngestKey } from './ingest-key.service.ts';
import { startMqttIngest } from './mqtt.ingest.ts';
import { specOutDatas, specOutInspectionsProvider } from './spec-out.service.ts';
import { ingestPoints } from './trace-data.ingest.ts';
import { trendDatas } from './trend.service.ts';

export const dataCollectionRoutes: ModuleRoutes = (app, ctx) => {
  const { db } = ctx;
  bindEndpoints(app, dataCollectionEndpoints, {
    ingest: async (req) => ({ data: await ingestPoints(db, ingestPrincipalOf(req), req.body.points) }),
    keys: async () => ({ data: await listIngestKeys(db) }),
    createKey: async (req) => ({ data: await createIngestKey(db, actorOf(req), req.body) }),
    revokeKey: async (req) => ({ data: await revokeIngestKey(db, actorOf(req), req.params.id) }),
    trend: async (req) => ({ data: await trendDatas(db, req.query) }),
    correlationTrace: async (req) => ({ data: await correlationDatas(db, req.query) }),
    correlation: async (req) => ({ data: await correlationDatas(db, req.query) }),
    specOuts: async (req) => specOutDatas(db, req.query, ctx.providers.get(specOutInspectionsProvider)),
    dataHistory: async (req) => dataHistory(db, req.query),
    dataHistoryExport: async (req, reply) => {
      const locale = toLocale(req.headers['accept-language']);
      const file = await dataHistoryWorkbook(db, req.query, locale);
      const day = req.query.startDt.toISOString().slice(0, 10);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', contentDisposition(`data-history-${req.params.TYPE}-${day}.xlsx`))
        .send(file);
    },
  });
  // The MQTT subscriber runs with the app when MQTT_URL is set, and stops with it.
  if (ctx.config.mqtt) {
    const mqtt = ctx.config.mqtt;
    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      stop = (await startMqttIngest(db, mqtt, app.log)).stop;
    });
    app.addHook('onClose', async () => {
      await stop?.();
    });
  }
};
