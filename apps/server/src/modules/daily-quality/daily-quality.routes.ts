import { type DailyQualityResult, dailyQualityResultEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  assertFillSubjects,
  createDailyQuality,
  deleteDailyQuality,
  getDailyQuality,
  listDailyQuality,
  sourcesOf,
  sourcesOfRecord,
  updateDailyQuality,
} from './daily-quality.service.ts';

const col = exportColumn<DailyQualityResult>;
const COLUMNS = [
  col('day', '일자', 'Day', (r) => r.day, 12),
  col('lineName', '라인', 'Line', (r) => r.lineName, 16),
  col('productCode', '제품 코드', 'Product code', (r) => r.productCode),
  col('productName', '제품명', 'Product', (r) => r.productName, 24),
  col('inspectedQty', '검사 수량', 'Inspected', (r) => r.inspectedQty, 10),
  col('passedQty', '합격 수량', 'Passed', (r) => r.passedQty, 10),
  col('failedQty', '불합격 수량', 'Failed', (r) => r.failedQty, 10),
  col('defectRate', '불량률(%)', 'Defect rate (%)', (r) => r.defectRate, 10),
  col(
    'defects',
    '불량 유형',
    'Defects by type',
    (r) => r.defects.map((d) => `${d.defectCode} ${d.qty}`).join(', '),
    30,
  ),
  col('unit', '단위', 'Unit', (r) => r.unit, 8),
  col('description', '비고', 'Note', (r) => r.description, 30),
];
const ok = { data: { ok: true as const } };

// SPEC §7 "Daily quality result" (README).
export const dailyQualityRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, dailyQualityResultEndpoints, {
    list: async (req) => listDailyQuality(db, req.query, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'daily-quality-results',
        sheet: { kr: '일일 품질 실적', en: 'Daily quality results' },
        columns: COLUMNS,
        records: (await listDailyQuality(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    fill: async (req) => {
      await assertFillSubjects(db, req.query);
      return { data: await sourcesOf(db, config.timeZone, req.query) };
    },
    info: async (req) => ({ data: await getDailyQuality(db, req.params.id) }),
    results: async (req) => ({ data: await sourcesOfRecord(db, config.timeZone, req.params.id) }),
    create: async (req) => ({ data: await createDailyQuality(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateDailyQuality(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteDailyQuality(db, actorOf(req), [req.params.id]);
      return ok;
    },
    removeMany: async (req) => {
      await deleteDailyQuality(db, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
