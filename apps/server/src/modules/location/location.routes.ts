import {
  idParam,
  idsParam,
  locationCreateBody,
  locationListResponse,
  locationResponse,
  locationTreeQuery,
  locationTreeResponse,
  locationTypeParam,
  locationUpdateBody,
  locationWithParentListResponse,
  okSchema,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { registerExcelRoutes } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  childrenOf,
  createLocation,
  deleteLocations,
  getLocation,
  listByType,
  listLocations,
  listLocationsWithParent,
  locationTree,
  updateLocation,
} from './location.service.ts';
import { locationExcel } from './location.excel.ts';

// Reads are shared look-ups used by every screen (the location cascader); writes need the location menu.
const tags = ['location'];
const read = { permission: 'authenticated' as const };
const write = (action: 'create' | 'modify' | 'delete') => ({ permission: { menu: 'location', action } });

export const locationRoutes: ModuleRoutes = (app, { db, config }) => {
  registerExcelRoutes(app, {
    base: '/api/location',
    menu: 'location',
    entity: locationExcel,
    db,
    timeZone: config.timeZone,
  });
  app.get(
    '/api/location/locations',
    { config: read, schema: { tags, response: { 200: locationListResponse } } },
    async () => ({ data: await listLocations(db) }),
  );
  app.get(
    '/api/location/locations/with-parent',
    { config: read, schema: { tags, response: { 200: locationWithParentListResponse } } },
    async () => ({ data: await listLocationsWithParent(db) }),
  );
  app.get(
    '/api/location/by-type/:type',
    { config: read, schema: { tags, params: locationTypeParam, response: { 200: locationListResponse } } },
    async (req) => ({ data: await listByType(db, req.params.type) }),
  );
  app.get(
    '/api/location/tree',
    { config: read, schema: { tags, querystring: locationTreeQuery, response: { 200: locationTreeResponse } } },
    async (req) => ({ data: await locationTree(db, req.query.typeUntils) }),
  );
  app.get(
    '/api/location/:id',
    { config: read, schema: { tags, params: idParam, response: { 200: locationResponse } } },
    async (req) => ({ data: await getLocation(db, req.params.id) }),
  );
  app.get(
    '/api/location/:id/children',
    { config: read, schema: { tags, params: idParam, response: { 200: locationListResponse } } },
    async (req) => ({ data: await childrenOf(db, req.params.id) }),
  );
  app.post(
    '/api/location',
    { config: write('create'), schema: { tags, body: locationCreateBody, response: { 200: locationResponse } } },
    async (req) => ({ data: await createLocation(db, actorOf(req), req.body) }),
  );
  app.put(
    '/api/location',
    { config: write('modify'), schema: { tags, body: locationUpdateBody, response: { 200: locationResponse } } },
    async (req) => ({ data: await updateLocation(db, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/location/:id',
    { config: write('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteLocations(db, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/location/locations/:ids',
    { config: write('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteLocations(db, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  );
};
