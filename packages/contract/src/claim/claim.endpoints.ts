import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE, MULTIPART } from '../endpoint.ts';
import {
  claimCreateBody,
  claimFilterQuery,
  claimIdParam,
  claimListQuery,
  claimListResponse,
  claimLotQuery,
  claimLotResponse,
  claimPhotoListResponse,
  claimPhotoResponse,
  claimResponse,
  claimUpdateBody,
} from './claim.schemas.ts';

// SPEC §7 "Claim": the claims screen (/quality/claim/claim-management, menu claimManagement). The spec's five paths
// are kept exactly; the Excel export and the photo paths are ours, in the same style. Adding or removing a photo
// changes the claim, so it needs modify.
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'claimManagement', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const claimEndpoints = endpoints('claim', {
  list: endpoint('GET', '/claim/claim-management', claimListResponse, can('view'), 'Claims received in startDt … endDt (open ends allowed), newest first; a page with the total when page/size are given', { query: claimListQuery }),
  listExport: endpoint('GET', '/claim/claim-management/excel', FILE, can('view'), 'The claims of the filter as a workbook', { query: claimFilterQuery }),
  photos: endpoint('GET', '/claim/{claimId}/photos', claimPhotoListResponse, can('view'), "A claim's photos (metadata)", { params: claimIdParam }),
  addPhoto: endpoint('POST', '/claim/{claimId}/photos', claimPhotoResponse, can('modify'), 'Attach one photo (multipart, JPEG/PNG/WebP in the field `file`)', { params: claimIdParam, body: MULTIPART }),
  photo: endpoint('GET', '/claim/photo/{id}', FILE, can('view'), 'A claim photo (inline image)', { params: idParam }),
  removePhoto: endpoint('DELETE', '/claim/photo/{id}', okSchema, can('modify'), 'Delete a claim photo', { params: idParam }),
  lot: endpoint('GET', '/claim/lot', claimLotResponse, can('view'), 'The form\'s LOT ID look-up (any case): the lot, its product and the customers it was shipped to; 404 when no lot has it', { query: claimLotQuery }),
  get: endpoint('GET', '/claim/{claimId}', claimResponse, can('view'), 'One claim', { params: claimIdParam }),
  create: endpoint('POST', '/claim/create-claim', claimResponse, can('create'), 'Register a claim (RECEIVED, or CLOSED with cause, countermeasure and closing date)', { body: claimCreateBody }),
  update: endpoint('PUT', '/claim/modify-claim', claimResponse, can('modify'), 'Modify a claim; its status moves one step forward, to CLOSED, or from CLOSED back to COUNTERMEASURE', { body: claimUpdateBody }),
  remove: endpoint('DELETE', '/claim/delete-claim/{claimId}', okSchema, can('delete'), 'Delete a claim with its photos', { params: claimIdParam }),
});
