import { type SanitationCheckItem, type SanitationCheckList, sanitationEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  amendCheckList,
  createCheckList,
  createTemplateItem,
  deleteCheckList,
  deleteTemplateItem,
  getCheckListDetail,
  listCheckLists,
  listTemplateItems,
  reviewCheckList,
  signCheckList,
  updateCheckList,
  updateTemplateItem,
} from './sanitation.service.ts';

const STATUS_LABEL: Record<SanitationCheckList['status'], string> = {
  DRAFT: '작성 / Draft',
  SIGNED: '서명 / Signed',
  REVIEWED: '검토 / Reviewed',
};
const signer = (r: SanitationCheckList, meanings: string[]) =>
  r.signatures
    .filter((s) => meanings.includes(s.meaning))
    .map((s) => `${s.username} (${s.userId}) ${s.signedAt.slice(0, 16).replace('T', ' ')}Z`)
    .join(', ');
const result = (i: SanitationCheckItem) =>
  i.passed == null ? '미점검 / Not checked' : i.passed ? '적합 / Pass' : '부적합 / Fail';

/** The workbook has one row per checked item, with its check list's day, area, status and signatures. */
type Row = { list: SanitationCheckList; item: SanitationCheckItem };
const col = exportColumn<Row>;
const COLUMNS = [
  col('checkDate', '점검일', 'Date', (r) => r.list.checkDate, 12),
  col('area', '구역', 'Area', (r) => r.list.locationName, 18),
  col('item', '점검 항목', 'Check item', (r) => r.item.name, 24),
  col('result', '판정', 'Result', (r) => result(r.item), 14),
  col('itemNote', '비고 (개선조치)', 'Note (corrective action)', (r) => r.item.note, 30),
  col('operatorName', '점검자', 'Operator', (r) => r.list.operatorName, 12),
  col('status', '상태', 'Status', (r) => STATUS_LABEL[r.list.status], 14),
  col('performed', '수행 서명', 'Performed', (r) => signer(r.list, ['PERFORMED', 'AMENDED']), 30),
  col('reviewed', '검토 서명', 'Reviewed', (r) => signer(r.list, ['REVIEWED']), 30),
  col(
    'amends',
    '정정 대상 / 사유',
    'Amends / reason',
    (r) => (r.list.amendsId ? `#${r.list.amendsId} ${r.list.amendReason}` : null),
    30,
  ),
  col('note', '점검표 비고', 'Check list note', (r) => r.list.note, 24),
];

// SPEC §7 "HACCP and records" — Sanitation check list, with its template and signatures (issue 16).
export const sanitationRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, sanitationEndpoints, {
    templateItems: async (req) => ({ data: await listTemplateItems(db, req.query.locationId) }),
    createTemplateItem: async (req) => ({ data: await createTemplateItem(db, actorOf(req), req.body) }),
    updateTemplateItem: async (req) => ({ data: await updateTemplateItem(db, actorOf(req), req.body) }),
    removeTemplateItem: async (req) => {
      await deleteTemplateItem(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
    list: async (req) => listCheckLists(db, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'sanitation-check-list',
        sheet: { kr: '위생 공정 점검표', en: 'Sanitation check list' },
        columns: COLUMNS,
        records: (await listCheckLists(db, req.query)).data.flatMap((list) =>
          list.items.map((item) => ({ list, item })),
        ),
        timeZone: config.timeZone,
      }),
    create: async (req) => ({ data: await createCheckList(db, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateCheckList(db, actorOf(req), req.body) }),
    sign: async (req) => ({ data: await signCheckList(db, actorOf(req), req.params.id, req.body.password) }),
    review: async (req) => ({ data: await reviewCheckList(db, actorOf(req), req.params.id, req.body.password) }),
    amend: async (req) => ({ data: await amendCheckList(db, actorOf(req), req.params.id, req.body) }),
    get: async (req) => ({ data: await getCheckListDetail(db, req.params.id) }),
    remove: async (req) => {
      await deleteCheckList(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
  });
};
