import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE, MULTIPART } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import {
  profileUpdateBody,
  resetPasswordBody,
  sessionUserResponse,
  userCreateBody,
  userExportQuery,
  userListQuery,
  userListResponse,
  userPickListResponse,
  userResponse,
  userUpdateBody,
  workersParam,
} from './user.schemas.ts';

// SPEC §7 User. User management needs the user menu; the own profile, own photo and any user's photo (avatars in
// lists and notices) only a signed-in user; workers are a shared look-up of the production screens, so they answer
// id, user id and name only (personal data — email, phone, roles, custom fields — needs the user menu's view).
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'user', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const userEndpoints = endpoints('user', {
  ...excelEndpoints('/user', 'user', userExportQuery),
  list: endpoint('GET', '/user/users', userListResponse, can('view'), 'Users, one page, with the total', { query: userListQuery }),
  get: endpoint('GET', '/user/users/{id}', userResponse, can('view'), 'One user', { params: idParam }),
  workers: endpoint('GET', '/user/workers/{locationId}', userPickListResponse, 'authenticated', 'Pick-list: id, user id and name of the enabled users of a location and the locations below it', { params: workersParam }),
  create: endpoint('POST', '/user', userResponse, can('create'), 'Create a user', { body: userCreateBody }),
  update: endpoint('PUT', '/user', userResponse, can('modify'), 'Modify a user (roles and the enabled flag stay when omitted)', { body: userUpdateBody }),
  remove: endpoint('DELETE', '/user/{id}', okSchema, can('delete'), 'Delete a user', { params: idParam }),
  removeBulk: endpoint('DELETE', '/user/users/{ids}', okSchema, can('delete'), 'Delete users, all or none', { params: idsParam }),
  resetPassword: endpoint('PUT', '/user/{id}/password', userResponse, can('modify'), "Set a user's password", { params: idParam, body: resetPasswordBody }),
  me: endpoint('GET', '/user/me', sessionUserResponse, 'authenticated', 'The signed-in user with the permissions merged from their roles'),
  updateProfile: endpoint('PUT', '/user/profile', userResponse, 'authenticated', "Modify the caller's own profile (name, contact, password, location)", { body: profileUpdateBody }),
  setPhoto: endpoint('POST', '/user/profile/photo', userResponse, 'authenticated', "Replace the caller's photo (an image, field `file`)", { body: MULTIPART }),
  removePhoto: endpoint('DELETE', '/user/profile/photo', userResponse, 'authenticated', "Remove the caller's photo"),
  photo: endpoint('GET', '/user/{id}/photo', FILE, 'authenticated', "A user's photo", { params: idParam }),
});
