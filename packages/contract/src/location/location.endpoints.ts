import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoints } from '../endpoint.ts';
import { excelEndpoints } from '../excel/excel.endpoints.ts';
import { locationExportQuery } from '../excel/excel.schemas.ts';
import {
  locationCreateBody,
  locationListResponse,
  locationResponse,
  locationTreeQuery,
  locationTreeResponse,
  locationTypeParam,
  locationUpdateBody,
  locationWithParentListResponse,
} from './location.schemas.ts';

// SPEC §7 "Location". Reads are shared look-ups used by every screen (the location cascader); writes need the
// location menu.
const write = (action: 'create' | 'modify' | 'delete') => ({ menu: 'location', action }) as const;

export const locationEndpoints = endpoints('location', {
  ...excelEndpoints('/location', 'location', locationExportQuery),
  list: {
    method: 'GET',
    path: '/location/locations',
    response: locationListResponse,
    permission: 'authenticated',
    summary: 'Every location',
  },
  listWithParent: {
    method: 'GET',
    path: '/location/locations/with-parent',
    response: locationWithParentListResponse,
    permission: 'authenticated',
    summary: 'Every location with its parent and the names from the root down to it',
  },
  byType: {
    method: 'GET',
    path: '/location/by-type/{type}',
    params: locationTypeParam,
    response: locationListResponse,
    permission: 'authenticated',
    summary: 'The locations of one type',
  },
  tree: {
    method: 'GET',
    path: '/location/tree',
    query: locationTreeQuery,
    response: locationTreeResponse,
    permission: 'authenticated',
    summary: 'The location tree, optionally only down to the deepest of the given types',
  },
  get: {
    method: 'GET',
    path: '/location/{id}',
    params: idParam,
    response: locationResponse,
    permission: 'authenticated',
    summary: 'One location',
  },
  children: {
    method: 'GET',
    path: '/location/{id}/children',
    params: idParam,
    response: locationListResponse,
    permission: 'authenticated',
    summary: 'The direct children of a location',
  },
  create: {
    method: 'POST',
    path: '/location',
    body: locationCreateBody,
    response: locationResponse,
    permission: write('create'),
    summary: 'Create a location',
  },
  update: {
    method: 'PUT',
    path: '/location',
    body: locationUpdateBody,
    response: locationResponse,
    permission: write('modify'),
    summary: 'Modify a location (also moves it under another parent)',
  },
  remove: {
    method: 'DELETE',
    path: '/location/{id}',
    params: idParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete a location',
  },
  removeBulk: {
    method: 'DELETE',
    path: '/location/locations/{ids}',
    params: idsParam,
    response: okSchema,
    permission: write('delete'),
    summary: 'Delete locations, all or none',
  },
});
