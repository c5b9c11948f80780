import { PROFILE_PHOTO_MAX_BYTES, userEndpoints } from '@eqms/contract';
import type { ModuleRoutes } from '../../platform/context.ts';
import { bindEndpoints } from '../../platform/endpoints.ts';
import { invalidField } from '../../platform/errors.ts';
import { excelHandlers } from '../../platform/excel/excel.ts';
import { contentDisposition, readUpload } from '../../platform/files.ts';
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
// notices) only a signed-in user; workers are a shared look-up of the production screens (the contract's
// userEndpoints).
export const userRoutes: ModuleRoutes = (app, { db, sessions, config, references }) => {
  const deps = { db, sessions, references };
  bindEndpoints(app, userEndpoints, {
    ...excelHandlers({ entity: userExcel, db, timeZone: config.timeZone }),
    list: async (req) => listUsers(db, req.query),
    get: async (req) => ({ data: await getUser(db, req.params.id) }),
    workers: async (req) => ({ data: await workersAt(db, req.params.locationId) }),
    create: async (req) => ({ data: await createUser(deps, actorOf(req), req.body) }),
    update: async (req) => ({ data: await updateUser(deps, actorOf(req), req.body) }),
    remove: async (req) => {
      await deleteUsers(deps, actorOf(req), [req.params.id]);
      return { data: { ok: true as const } };
    },
    removeBulk: async (req) => {
      await deleteUsers(deps, actorOf(req), req.params.ids);
      return { data: { ok: true as const } };
    },
    resetPassword: async (req) => ({
      data: await resetPassword(deps, actorOf(req), req.params.id, req.body.password),
    }),
    me: async (req) => {
      const actor = actorOf(req);
      return { data: { ...(await getUser(db, actor.id)), permissions: actor.permissions } };
    },
    updateProfile: async (req) => ({ data: await updateProfile(deps, actorOf(req), req.body) }),
    setPhoto: async (req) => {
      const part = req.isMultipart() ? await req.file() : undefined;
      if (!part) throw invalidField('file', 'required');
      const file = await readUpload(part, { maxBytes: PROFILE_PHOTO_MAX_BYTES, imagesOnly: true, field: 'file' });
      return { data: await setPhoto(deps, actorOf(req), file) };
    },
    removePhoto: async (req) => ({ data: await removePhoto(deps, actorOf(req)) }),
    photo: async (req, reply) => {
      const photo = await photoOf(db, req.params.id);
      return reply
        .type(photo.mimeType)
        .header('content-disposition', contentDisposition(photo.name, true))
        .header('cache-control', 'private, no-cache')
        .send(photo.data);
    },
  });
};
