import { type TraceGraph, type TraceRow, toLocale, traceEndpoints, traceRows } from '@eqms/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { contentDisposition, safeFileName } from '../../platform/files.ts';
import { renderRecallPdf } from './trace.pdf.ts';
import { mockRecall } from './trace.recall.ts';
import { traceBackward, traceForward } from './trace.views.ts';

const KINDS = {
  kr: {
    SUPPLIER_LOT: '공급사 LOT',
    PACKAGE: '자재 패키지',
    LOT: 'LOT',
    PLAN: '생산 계획',
    SHIPMENT: '출하',
    CUSTOMER: '고객',
    RECEIVED: '입고',
    CONSUMED: '소비',
    SHIPPED: '출하',
    DELIVERED: '인도',
    SOLD: '판매',
  },
  en: {
    SUPPLIER_LOT: 'Supplier lot',
    PACKAGE: 'Package',
    LOT: 'Lot',
    PLAN: 'Plan',
    SHIPMENT: 'Shipment',
    CUSTOMER: 'Customer',
    RECEIVED: 'Received',
    CONSUMED: 'Consumed',
    SHIPPED: 'Shipped',
    DELIVERED: 'Delivered',
    SOLD: 'Sold',
  },
} as const;

/** The graph's table (contract traceRows: the screen's rows), kinds in the reader's language. */
function traceColumns(req: FastifyRequest) {
  const k = KINDS[toLocale(req.headers['accept-language'])];
  const col = exportColumn<TraceRow>;
  return [
    col('level', '단계', 'Level', (r) => r.level, 8),
    col('kind', '흐름', 'Flow', (r) => k[r.kind], 10),
    col('fromKind', '보낸 곳 구분', 'From kind', (r) => k[r.fromKind], 14),
    col('fromLabel', '보낸 곳', 'From', (r) => r.fromLabel, 24),
    col('fromCode', '보낸 곳 코드', 'From code', (r) => r.fromCode, 16),
    col('fromName', '보낸 곳 이름', 'From name', (r) => r.fromName, 22),
    col('toKind', '받은 곳 구분', 'To kind', (r) => k[r.toKind], 14),
    col('toLabel', '받은 곳', 'To', (r) => r.toLabel, 24),
    col('toCode', '받은 곳 코드', 'To code', (r) => r.toCode, 16),
    col('toName', '받은 곳 이름', 'To name', (r) => r.toName, 22),
    col('qty', '수량', 'Quantity', (r) => r.qty, 12),
    col('unit', '단위', 'Unit', (r) => r.unit, 8),
    col('dailyPlanIds', '일일 계획', 'Daily plans', (r) => r.dailyPlanIds.join(', ') || null, 16),
    col('canceled', '취소', 'Canceled', (r) => (r.canceled ? 'Y' : 'N'), 8),
  ];
}

const sendGraph = (req: FastifyRequest, reply: FastifyReply, graph: TraceGraph, timeZone: string) =>
  sendRecordsWorkbook(req, reply, {
    name: graph.direction === 'BACKWARD' ? 'trace-backward' : 'trace-forward',
    sheet: graph.direction === 'BACKWARD' ? { kr: '역추적', en: 'Backward' } : { kr: '정추적', en: 'Forward' },
    columns: traceColumns(req),
    records: traceRows(graph),
    timeZone,
  });

// Traceability (README.md): reads only, on the lot report's view right.
export const traceRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, traceEndpoints, {
    backward: async (req) => ({ data: await traceBackward(db, req.query) }),
    backwardExport: async (req, reply) => sendGraph(req, reply, await traceBackward(db, req.query), config.timeZone),
    forward: async (req) => ({ data: await traceForward(db, req.query) }),
    forwardExport: async (req, reply) => sendGraph(req, reply, await traceForward(db, req.query), config.timeZone),
    recall: async (req) => ({ data: await mockRecall(db, req.query, config.timeZone) }),
    recallPdf: async (req, reply) => {
      const recall = await mockRecall(db, req.query, config.timeZone);
      const pdf = await renderRecallPdf({
        recall,
        locale: toLocale(req.headers['accept-language']),
        timeZone: config.timeZone,
        printedAt: new Date(),
      });
      const name = safeFileName(`mock-recall-${recall.supplierLot ?? recall.packageId ?? recall.toDate}.pdf`);
      return reply.type('application/pdf').header('content-disposition', contentDisposition(name, true)).send(pdf);
    },
  });
};
