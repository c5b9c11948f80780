import { endpoint, endpoints, FILE } from '../endpoint.ts';
import {
  recallQuery,
  recallResponse,
  traceBackwardQuery,
  traceForwardQuery,
  traceGraphResponse,
} from './trace.schemas.ts';

// Traceability (issue 14 "Beyond the spec"): paths of ours, the spec gives none. Read-only, on the lot report's view
// right (menu lotReport, /report/lot): the screen is reached from the lot report, a material stock row and a shipment.
const view = { menu: 'lotReport', action: 'view' } as const;

// biome-ignore format: a routing table, one endpoint per line
export const traceEndpoints = endpoints('trace', {
  backward: endpoint('GET', '/trace/backward', traceGraphResponse, view, 'Backward genealogy of a lot (LOT ID) or a shipment: the lots, results and semi-finished lots that made it at any depth, down to the material packages and their supplier lots, with quantities; one recursive query', { query: traceBackwardQuery }),
  backwardExport: endpoint('GET', '/trace/backward/excel', FILE, view, 'The backward genealogy as a workbook, one row per edge', { query: traceBackwardQuery }),
  forward: endpoint('GET', '/trace/forward', traceGraphResponse, view, 'Forward genealogy (recall) of a material package, a supplier lot or a lot: every lot that consumed it at any depth, and every shipment (canceled ones flagged) and customer that received them, with quantities; one recursive query', { query: traceForwardQuery }),
  forwardExport: endpoint('GET', '/trace/forward/excel', FILE, view, 'The forward genealogy as a workbook, one row per edge', { query: traceForwardQuery }),
  recall: endpoint('GET', '/trace/recall', recallResponse, view, "Mock recall of a supplier lot (or one package): its packages' and every reached lot's mass balance to the unit, with the residual, customers reached and the time it took", { query: recallQuery }),
  recallPdf: endpoint('GET', '/trace/recall/pdf', FILE, view, 'The mock recall as a printable A4 PDF report', { query: recallQuery }),
});
