import {
  idParam,
  idsParam,
  okSchema,
  PROFILE_PHOTO_MAX_BYTES,
  profileUpdateBody,
  resetPasswordBody,
  sessionUserResponse,
  userCreateBody,
  userListQuery,
  userListResponse,
  userResponse,
  userUpdateBody,
  workersParam,
} from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { invalidField } from '../../platform/errors.ts';
import { contentDisposition, readUpload } from '../../platform/files.ts';
import { registerExcelRoutes } from '../../platform/excel/excel.ts';
import { actorOf } from '../../platform/guard.ts';
import {
  createUser,
  deleteUsers,
  getUser,
  listUsers,
  photoOf,
  removePhoto,
  resetPassword,
  setPhoto,
  updateProfile,
  updateUser,
  workersAt,
} from './user.service.ts';
import { userExcel } from './user.excel.ts';

// User management needs the user menu; the own profile, own photo and any user's photo (avatars in lists and
// notices) only a signed-in user; workers are a shared look-up of the production screens.
const tags = ['user'];
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ permission: { menu: 'user', action } });
const signedIn = { permission: 'authenticated' as const };

export const userRoutes: ModuleRoutes = (app, { db, sessions, config }) => {
  const deps = { db, sessions };
  registerExcelRoutes(app, { base: '/api/user', menu: 'user', entity: userExcel, db, timeZone: config.timeZone });

  app.get(
    '/api/user/users',
    { config: can('view'), schema: { tags, querystring: userListQuery, response: { 200: userListResponse } } },
    async (req) => listUsers(db, req.query),
  );
  app.get(
    '/api/user/users/:id',
    { config: can('view'), schema: { tags, params: idParam, response: { 200: userResponse } } },
    async (req) => ({ data: await getUser(db, req.params.id) }),
  );
  app.get(
    '/api/user/workers/:locationId',
    { config: signedIn, schema: { tags, params: workersParam, response: { 200: userListResponse } } },
    async (req) => ({ data: await workersAt(db, req.params.locationId) }),
  );
  app.post(
    '/api/user',
    { config: can('create'), schema: { tags, body: userCreateBody, response: { 200: userResponse } } },
    async (req) => ({ data: await createUser(deps, actorOf(req), req.body) }),
  );
  app.put(
    '/api/user',
    { config: can('modify'), schema: { tags, body: userUpdateBody, response: { 200: userResponse } } },
    async (req) => ({ data: await updateUser(deps, actorOf(req), req.body) }),
  );
  app.delete(
    '/api/user/:id',
    { config: can('delete'), schema: { tags, params: idParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteUsers(deps, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
  );
  app.delete(
    '/api/user/users/:ids',
    { config: can('delete'), schema: { tags, params: idsParam, response: { 200: okSchema } } },
    async (req) => {
      await deleteUsers(deps, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
  );
  app.put(
    '/api/user/:id/password',
    {
      config: can('modify'),
      schema: { tags, params: idParam, body: resetPasswordBody, response: { 200: userResponse } },
    },
    async (req) => ({ data: await resetPassword(deps, actorOf(req), req.params.id, req.body.password) }),
  );

  app.get(
    '/api/user/me',
    { config: signedIn, schema: { tags, response: { 200: sessionUserResponse } } },
    async (req) => {
      const actor = actorOf(req);
      return { data: { ...(await getUser(db, actor.id)), permissions: actor.permissions } };
    },
  );
  app.put(
    '/api/user/profile',
    { config: signedIn, schema: { tags, body: profileUpdateBody, response: { 200: userResponse } } },
    async (req) => ({ data: await updateProfile(deps, actorOf(req), req.body) }),
  );
  app.post(
    '/api/user/profile/photo',
    {
      config: signedIn,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: userResponse } },
    },
    async (req) => {
      const part = req.isMultipart() ? await req.file() : undefined;
      if (!part) throw invalidField('file', 'required');
      const file = await readUpload(part, { maxBytes: PROFILE_PHOTO_MAX_BYTES, imagesOnly: true, field: 'file' });
      return { data: await setPhoto(deps, actorOf(req), file) };
    },
  );
  app.delete(
    '/api/user/profile/photo',
    { config: signedIn, schema: { tags, response: { 200: userResponse } } },
    async (req) => ({ data: await removePhoto(deps, actorOf(req)) }),
  );
  app.get('/api/user/:id/photo', { config: signedIn, schema: { tags, params: idParam } }, async (req, reply) => {
    const photo = await photoOf(db, req.params.id);
    return reply
      .type(photo.mimeType)
      .header('content-disposition', contentDisposition(photo.name, true))
      .header('cache-control', 'private, no-cache')
      .send(photo.data);
  });
};
