import { type CcpMonitoring, ccpEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  amendMonitoring,
  createCcp,
  createMonitoring,
  deleteCcp,
  deleteMonitoring,
  getMonitoringDetail,
  listCcps,
  listMonitorings,
  reviewMonitoring,
  signMonitoring,
  updateCcp,
  updateMonitoring,
} from './ccp.service.ts';
import { sanitationRoutes } from './sanitation.routes.ts';
import { visualRoutes } from './visual.routes.ts';

const STATUS_LABEL: Record<CcpMonitoring['status'], string> = {
  DRAFT: '작성 / Draft',
  SIGNED: '서명 / Signed',
  REVIEWED: '검토 / Reviewed',
};
const signer = (r: CcpMonitoring, meaning: string) =>
  r.signatures
    .filter((s) => s.meaning === meaning)
    .map((s) => `${s.username} (${s.userId}) ${s.signedAt.slice(0, 16).replace('T', ' ')}Z`)
    .join(', ');
const col = exportColumn<CcpMonitoring>;
const COLUMNS = [
  col('checkedAt', '점검 일시', 'Checked at', (r) => r.checkedAt, 17),
  col('ccpName', 'CCP', 'CCP', (r) => r.ccpName, 20),
  col('limits', '한계기준', 'Critical limits', (r) =>
    r.limitKind === 'PASS_FAIL' ? 'Pass/Fail' : `${r.minValue ?? ''} ~ ${r.maxValue ?? ''} ${r.unit ?? ''}`.trim(),
  ),
  col('value', '측정값', 'Measured', (r) =>
    r.limitKind === 'PASS_FAIL' ? (r.passed ? '적합 / Pass' : '부적합 / Fail') : r.measuredValue,
  ),
  col('deviation', '이탈', 'Deviation', (r) => (r.deviation ? 'Y' : 'N'), 8),
  col('productAction', '제품 조치', 'Product action', (r) => r.productAction, 30),
  col('cause', '원인', 'Cause', (r) => r.cause, 30),
  col('actionBy', '조치자', 'Action by', (r) => r.actionBy, 12),
  col('operatorName', '점검자', 'Operator', (r) => r.operatorName, 12),
  col('status', '상태', 'Status', (r) => STATUS_LABEL[r.status], 14),
  col('performed', '수행 서명', 'Performed', (r) => signer(r, 'PERFORMED') || signer(r, 'AMENDED'), 30),
  col('reviewed', '검토 서명', 'Reviewed', (r) => signer(r, 'REVIEWED'), 30),
  col(
    'amends',
    '정정 대상 / 사유',
    'Amends / reason',
    (r) => (r.amendsId ? `#${r.amendsId} ${r.amendReason}` : null),
    30,
  ),
  col('note', '비고', 'Note', (r) => r.note, 30),
];

// SPEC §7 "HACCP and records" (CCP) and the signatures of issue 16.
export const haccpRoutes: ModuleRoutes = (app, ctx) => {
  const { db, config, references } = ctx;
  visualRoutes(app, ctx);
  const tz = config.timeZone;
  bindEndpoints(app, ccpEndpoints, {
    points: async (req) => ({ data: await listCcps(db, req.query.type) }),
    createPoint: async (req) => ({ data: await createCcp(db, actorOf(req), req.body) }),
    updatePoint: async (req) => ({ data: await updateCcp(db, actorOf(req), req.body) }),
    removePoint: async (req) => {
      await deleteCcp(db, references, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
    list: async (req) => listMonitorings(db, req.query, tz),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'ccp-monitoring',
        sheet: { kr: 'CCP 모니터링', en: 'CCP monitoring' },
        columns: COLUMNS,
        records: (await listMonitorings(db, req.query, tz)).data,
        timeZone: tz,
      }),
    create: async (req) => ({ data: await createMonitoring(db, actorOf(req), req.body, tz) }),
    update: async (req) => ({ data: await updateMonitoring(db, actorOf(req), req.body, tz) }),
    sign: async (req) => ({ data: await signMonitoring(db, actorOf(req), req.params.id, req.body.password, tz) }),
    review: async (req) => ({ data: await reviewMonitoring(db, actorOf(req), req.params.id, req.body.password, tz) }),
    amend: async (req) => ({ data: await amendMonitoring(db, actorOf(req), req.params.id, req.body, tz) }),
    get: async (req) => ({ data: await getMonitoringDetail(db, req.params.id, tz) }),
    remove: async (req) => {
      await deleteMonitoring(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
  sanitationRoutes(app, ctx);
};
