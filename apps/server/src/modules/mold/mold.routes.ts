import { can, type Mold, moldEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { forbidden } from '../../platform/errors.ts';
import { exportColumn, sendRecordsWorkbook } from '../../platform/excel/excel.ts';
import { contentDisposition } from '../../platform/files.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  addInout,
  deleteMold,
  designImageOf,
  getMold,
  listInouts,
  listMolds,
  locationMolds,
  moldLocationTree,
  moldProductTree,
  placeCascader,
  removeDesignImage,
  removeInout,
  saveMold,
  setDesignImage,
  toolMolds,
} from './mold.service.ts';
import { readDesignImage } from '../product/design-image.upload.ts';

const col = exportColumn<Mold>;
const COLUMNS = [
  col('code', '금형 코드', 'Mold code', (r) => r.code, 16),
  col('name', '금형명', 'Mold name', (r) => r.name, 24),
  col('products', '생산 제품', 'Products', (r) => r.products.map((p) => `${p.code} ${p.name}`).join(', '), 30),
  col('cavities', '캐비티', 'Cavities', (r) => r.cavities, 8),
  col('shotCount', '타수', 'Shots', (r) => r.shotCount, 12),
  col('ratedShots', '보증 타수', 'Rated life (shots)', (r) => r.ratedShots, 14),
  col(
    'lifeRatio',
    '수명 사용률',
    'Life used',
    (r) => (r.lifeRatio == null ? null : `${Math.round(r.lifeRatio * 100)}%`),
    10,
  ),
  col('dueForMaintenance', '보전 필요', 'Maintenance due', (r) => (r.dueForMaintenance ? 'Y' : ''), 10),
  col('placePath', '위치', 'Location', (r) => r.placePath, 36),
  col('mounted', '장착', 'Mounted', (r) => (r.mounted ? 'Y' : ''), 8),
  col('note', '비고', 'Note', (r) => r.note, 30),
];

// SPEC §7 "Mold".
export const moldRoutes: ModuleRoutes = (app, { db, config }) => {
  bindEndpoints(app, moldEndpoints, {
    list: async (req) => listMolds(db, req.query, req.query),
    listExport: async (req, reply) =>
      sendRecordsWorkbook(req, reply, {
        name: 'molds',
        sheet: { kr: '금형', en: 'Molds' },
        columns: COLUMNS,
        records: (await listMolds(db, req.query, null)).data,
        timeZone: config.timeZone,
      }),
    cascader: async () => ({ data: await placeCascader(db) }),
    locationTree: async (req) => ({ data: await moldLocationTree(db, req.query.containEmpty) }),
    moldTree: async () => ({ data: await moldProductTree(db) }),
    locationMolds: async (req) => ({ data: await locationMolds(db, req.params.id) }),
    toolMolds: async (req) => ({ data: await toolMolds(db, req.params.id) }),
    get: async (req) => ({ data: await getMold(db, req.params.id) }),
    inouts: async (req) => ({ data: await listInouts(db, req.params.id) }),
    designImage: async (req, reply) => {
      const image = await designImageOf(db, req.params.id);
      return reply
        .type(image.mimeType)
        .header('content-disposition', contentDisposition(image.name, true))
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
    setDesignImage: async (req) => {
      await getMold(db, req.params.id);
      const file = await readDesignImage(req);
      return { data: await setDesignImage(db, actorOf(req), req.params.id, file) };
    },
    removeDesignImage: async (req) => ({ data: await removeDesignImage(db, actorOf(req), req.params.id) }),
    save: async (req) => {
      const actor = actorOf(req);
      // POST with an id modifies: it needs the modify right as well.
      if (req.body.id != null && !can(actor.permissions, 'moldInfo', 'modify')) throw forbidden();
      return { data: await saveMold(db, actor, req.body) };
    },
    addInout: async (req) => ({ data: await addInout(db, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteMold(db, actorOf(req), req.params.id);
      return { data: { ok: true as const } };
    },
    removeInout: async (req) => ({ data: await removeInout(db, actorOf(req), req.params.id) }),
  });
};
