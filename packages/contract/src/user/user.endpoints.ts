import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints, FILE, MULTIPART } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import {
  profileUpdateBody,
  resetPasswordBody,
  sessionUserResponse,
  userCreateBody,
  userExportQuery,
  userListQuery,
  userListResponse,
  userResponse,
  userUpdateBody,
  workersParam,
} from './user.schemas.ts';

// SPEC §7 User. User management needs the user menu; the own profile, own photo and any user's photo (avatars in
// lists and notices) only a signed-in user; workers are a shared look-up of the production screens.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'user', action }) as const;

export const userEndpoints = endpoints('user', {
  ...excelEndpoints('/user', 'user', userExportQuery),
  list: {
    method: 'GET',
    path: '/user/users',
    query: userListQuery,
    response: userListResponse,
    permission: can('view'),
    summary: 'Users, one page, with the total',
  },
  get: {
    method: 'GET',
    path: '/user/users/{id}',
    params: idParam,
    response: userResponse,
    permission: can('view'),
    summary: 'One user',
  },
  workers: {
    method: 'GET',
    path: '/user/workers/{locationId}',
    params: workersParam,
    response: userListResponse,
    permission: 'authenticated',
    summary: 'Pick-list: the enabled users of a location and the locations below it',
  },
  create: {
    method: 'POST',
    path: '/user',
    body: userCreateBody,
    response: userResponse,
    permission: can('create'),
    summary: 'Create a user',
  },
  update: {
    method: 'PUT',
    path: '/user',
    body: userUpdateBody,
    response: userResponse,
    permission: can('modify'),
    summary: 'Modify a user (roles and the enabled flag stay when omitted)',
  },
  remove: {
    method: 'DELETE',
    path: '/user/{id}',
    params: idParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete a user',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/user/users/{ids}',
    params: idsParam,
    response: okSchema,
    permission: can('delete'),
    summary: 'Delete users, all or none',
  },
  resetPassword: {
    method: 'PUT',
    path: '/user/{id}/password',
    params: idParam,
    body: resetPasswordBody,
    response: userResponse,
    permission: can('modify'),
    summary: "Set a user's password",
  },
  me: {
    method: 'GET',
    path: '/user/me',
    response: sessionUserResponse,
    permission: 'authenticated',
    summary: 'The signed-in user with the permissions merged from their roles',
  },
  updateProfile: {
    method: 'PUT',
    path: '/user/profile',
    body: profileUpdateBody,
    response: userResponse,
    permission: 'authenticated',
    summary: "Modify the caller's own profile (name, contact, password, location)",
  },
  setPhoto: {
    method: 'POST',
    path: '/user/profile/photo',
    body: MULTIPART,
    response: userResponse,
    permission: 'authenticated',
    summary: "Replace the caller's photo (an image, field `file`)",
  },
  removePhoto: {
    method: 'DELETE',
    path: '/user/profile/photo',
    response: userResponse,
    permission: 'authenticated',
    summary: "Remove the caller's photo",
  },
  photo: {
    method: 'GET',
    path: '/user/{id}/photo',
    params: idParam,
    response: FILE,
    permission: 'authenticated',
    summary: "A user's photo",
  },
});
