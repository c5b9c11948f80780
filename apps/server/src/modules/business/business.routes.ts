import { type Business, businessEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import { createBusiness, deleteBusinesses, updateBusiness } from './business.service.ts';
import { getBusiness, listBusinesses, partnerTree } from './business.views.ts';

const col = exportColumn<Business>;
const BUSINESS_COLUMNS = [
  col('code', '영업 코드', 'Business code', (r) => r.code),
  col('name', '영업명', 'Business', (r) => r.name, 24),
  col('bizPartnerCode', '거래처 코드', 'Partner code', (r) => r.bizPartnerCode),
  col('bizPartnerName', '거래처', 'Partner', (r) => r.bizPartnerName, 20),
  col('startDt', '시작일', 'Start', (r) => r.startDt, 12),
  col('endDt', '종료일', 'End', (r) => r.endDt, 12),
  col('manager', '담당자', 'Manager', (r) => r.manager, 12),
  col('description', '비고', 'Note', (r) => r.description, 24),
  col('createdBy', '등록자', 'By', (r) => r.createdBy, 12),
];

// Every path of SPEC §7 "Business" (menu orderInfo), and the list with its workbook.
export const businessRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config } = ctx;
  const ok = { data: { ok: true as const } };
  bindEndpoints(app, businessEndpoints, {
    partnerTree: async (req) => ({ data: await partnerTree(ctx, req.params.id) }),
    list: async (req) => listBusinesses(db, req.query, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'businesses',
        sheet: { kr: '영업', en: 'Businesses' },
        columns: BUSINESS_COLUMNS,
        records: (await listBusinesses(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    get: async (req) => ({ data: await getBusiness(db, req.params.id) }),
    create: async (req) => ({ data: await createBusiness(ctx, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateBusiness(ctx, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteBusinesses(ctx, actorOf(req), [req.params.id]);
      return ok;
    },
    removeBulk: async (req) => {
      await deleteBusinesses(ctx, actorOf(req), req.params.ids);
      return ok;
    },
  });
};
