import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE, MULTIPART } from '../endpoint.ts';
import {
  moldCascaderResponse,
  moldFilterQuery,
  moldInoutBody,
  moldInoutListResponse,
  moldInoutResponse,
  moldListQuery,
  moldListResponse,
  moldResponse,
  moldSaveBody,
  moldTreeQuery,
  moldTreeResponse,
} from './mold.schemas.ts';

// SPEC §7 "Mold" (screen /mold/moldInfo, menu moldInfo), paths exact. The spec gives no PUT: POST /mold/mold with an
// `id` updates (it then needs modify as well as create). GET /mold/inout/{id} is the in/out history of mold {id};
// DELETE /mold/inout/{id} deletes in/out {id} (the last one only). Ours, same style: the list and its workbook, and
// PUT/DELETE of the design image.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'moldInfo', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const moldEndpoints = endpoints('mold', {
  list: endpoint('GET', '/mold/molds', moldListResponse, can('view'), 'Molds by code; a page with the total when page/size are given', { query: moldListQuery }),
  listExport: endpoint('GET', '/mold/molds/excel', FILE, can('view'), 'The molds of the filter as a workbook', { query: moldFilterQuery }),
  cascader: endpoint('GET', '/mold/cascader', moldCascaderResponse, can('view'), 'Places a mold may be stored: the location tree with tools under their line or warehouse; only SHELF and tool nodes are selectable'),
  locationTree: endpoint('GET', '/mold/location/tree', moldTreeResponse, can('view'), 'The location tree (tools included) counting the molds at or below each node', { query: moldTreeQuery }),
  moldTree: endpoint('GET', '/mold/mold/tree', moldTreeResponse, can('view'), 'Products and the molds that make them (molds for no product under P0)'),
  locationMolds: endpoint('GET', '/mold/location/{id}/molds', moldListResponse, can('view'), 'Molds at a location or below it (its shelves and the tools of its lines and warehouses)', { params: idParam }),
  toolMolds: endpoint('GET', '/mold/tool/{id}/molds', moldListResponse, can('view'), 'Molds mounted on (or stored at) a tool', { params: idParam }),
  get: endpoint('GET', '/mold/mold/{id}', moldResponse, can('view'), 'One mold', { params: idParam }),
  inouts: endpoint('GET', '/mold/inout/{id}', moldInoutListResponse, can('view'), 'The in/out history of mold {id}, newest first', { params: idParam }),
  designImage: endpoint('GET', '/mold/mold/{id}/design-image', FILE, can('view'), "The mold's design image", { params: idParam }),
  setDesignImage: endpoint('PUT', '/mold/mold/{id}/design-image', moldResponse, can('modify'), 'Replace the design image (an image, at most 2 MB, field `file`)', { params: idParam, body: MULTIPART }),
  removeDesignImage: endpoint('DELETE', '/mold/mold/{id}/design-image', moldResponse, can('modify'), 'Remove the design image', { params: idParam }),
  save: endpoint('POST', '/mold/mold', moldResponse, can('create'), 'Register a mold, or with `id` modify it (modify right too); the place changes here only while it has no in/out', { body: moldSaveBody }),
  addInout: endpoint('POST', '/mold/inout', moldInoutResponse, can('modify'), 'Mount the mold on a press (IN, toolId) or return it to a shelf (OUT, locationId), with the shot count; the mold is then there', { body: moldInoutBody }),
  remove: endpoint('DELETE', '/mold/mold/{id}', okSchema, can('delete'), 'Delete a mold with its in/out history and design image', { params: idParam }),
  removeInout: endpoint('DELETE', '/mold/inout/{id}', moldResponse, can('modify'), 'Delete the last in/out of its mold: the mold goes back where it was before', { params: idParam }),
});
