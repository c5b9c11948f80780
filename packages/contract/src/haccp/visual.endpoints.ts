import { idParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints, FILE, MULTIPART } from '../endpoint.ts';
import { signBody } from './haccp.schemas.ts';
import {
  visualAmendBody,
  visualCreateBody,
  visualDetailResponse,
  visualIdParam,
  visualListQuery,
  visualListResponse,
  visualLotQuery,
  visualLotResponse,
  visualPhotoResponse,
  visualResponse,
  visualUpdateBody,
} from './visual.schemas.ts';

// SPEC §7 "HACCP and records" — Visual inspection, menu visualInspection (/haccp/visualInspection). The spec's paths
// exactly (list, get, POST, PUT, DELETE); ours in the same style: the Excel export, the LOT ID look-up, the photos,
// and sign, review and amend as for CCP records. Review needs modify (and a reviewer who is not the operator, checked
// by the server); an amendment is a new record, so it needs create; adding a photo is part of recording (create),
// removing one changes a draft (modify).
const can = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'visualInspection', action }) as const;
const P = '/visual-inspection';

// biome-ignore format: a routing table, one endpoint per line
export const visualEndpoints = endpoints('visualInspection', {
  list: endpoint('GET', `${P}/list`, visualListResponse, can('view'), 'Visual inspections made in startDt … endDt (at most 92 days), optionally of one result or LOT ID (part, any case), newest first', { query: visualListQuery }),
  listExport: endpoint('GET', `${P}/list/excel`, FILE, can('view'), 'The visual inspections of the filter as a workbook', { query: visualListQuery }),
  lot: endpoint('GET', `${P}/lot`, visualLotResponse, can('view'), "The form's LOT ID look-up (any case): the lot and its product; 404 when no lot has it", { query: visualLotQuery }),
  photo: endpoint('GET', `${P}/photo/{id}`, FILE, can('view'), 'A visual inspection photo (inline image)', { params: idParam }),
  removePhoto: endpoint('DELETE', `${P}/photo/{id}`, okSchema, can('modify'), 'Delete a photo of an unsigned inspection (409 once signed)', { params: idParam }),
  addPhoto: endpoint('POST', `${P}/{id}/photos`, visualPhotoResponse, can('create'), 'Attach one photo to an unsigned inspection (multipart, JPEG/PNG/WebP by content, at most 10 MB, in the field `file`)', { params: visualIdParam, body: MULTIPART }),
  sign: endpoint('POST', `${P}/{id}/sign`, visualResponse, can('create'), 'The operator signs the inspection as performed, re-entering the password; a failed check needs its note first', { params: visualIdParam, body: signBody }),
  review: endpoint('POST', `${P}/{id}/review`, visualResponse, can('modify'), 'Another user signs the signed inspection as reviewed, re-entering the password (409 for the operator)', { params: visualIdParam, body: signBody }),
  amend: endpoint('POST', `${P}/{id}/amend`, visualResponse, can('create'), 'Correct a signed or reviewed inspection: a new record linked to it, with the reason, signed as amended; the original stays with its photos', { params: visualIdParam, body: visualAmendBody }),
  get: endpoint('GET', `${P}/{id}`, visualDetailResponse, can('view'), 'One inspection with its checks, photos, signatures and amendment chain (the original first)', { params: visualIdParam }),
  create: endpoint('POST', P, visualResponse, can('create'), 'Record a visual inspection of a lot or of the day (the caller is the operator); FAIL when any check fails', { body: visualCreateBody }),
  update: endpoint('PUT', P, visualResponse, can('modify'), 'Change an unsigned inspection (409 once signed or reviewed: amend it instead)', { body: visualUpdateBody }),
  remove: endpoint('DELETE', `${P}/{id}`, okSchema, can('delete'), 'Delete an unsigned inspection with its photos (409 once signed or reviewed)', { params: visualIdParam }),
});
