import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
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

// biome-ignore format: a routing table, one endpoint per line
export const locationEndpoints = endpoints('location', {
  ...excelEndpoints('/location', 'location', locationExportQuery),
  list: endpoint('GET', '/location/locations', locationListResponse, 'authenticated', 'Every location'),
  listWithParent: endpoint('GET', '/location/locations/with-parent', locationWithParentListResponse, 'authenticated', 'Every location with its parent and the names from the root down to it'),
  byType: endpoint('GET', '/location/by-type/{type}', locationListResponse, 'authenticated', 'The locations of one type', { params: locationTypeParam }),
  tree: endpoint('GET', '/location/tree', locationTreeResponse, 'authenticated', 'The location tree, optionally only down to the deepest of the given types', { query: locationTreeQuery }),
  get: endpoint('GET', '/location/{id}', locationResponse, 'authenticated', 'One location', { params: idParam }),
  children: endpoint('GET', '/location/{id}/children', locationListResponse, 'authenticated', 'The direct children of a location', { params: idParam }),
  create: endpoint('POST', '/location', locationResponse, write('create'), 'Create a location', { body: locationCreateBody }),
  update: endpoint('PUT', '/location', locationResponse, write('modify'), 'Modify a location (also moves it under another parent)', { body: locationUpdateBody }),
  remove: endpoint('DELETE', '/location/{id}', okSchema, write('delete'), 'Delete a location', { params: idParam }),
  removeBulk: endpoint('DELETE', '/location/locations/{ids}', okSchema, write('delete'), 'Delete locations, all or none', { params: idsParam }),
});
