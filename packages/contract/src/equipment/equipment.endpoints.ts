import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  equipmentBody,
  equipmentDiscardBody,
  equipmentHistoryListResponse,
  equipmentHistoryQuery,
  equipmentIdsParam,
  equipmentInsufficientResponse,
  equipmentListQuery,
  equipmentListResponse,
  equipmentResponse,
  equipmentStockCreateBody,
  equipmentStockDiscardQuery,
  equipmentStockListQuery,
  equipmentStockListResponse,
  equipmentStockMoveBody,
  equipmentStockResponse,
  equipmentStockUpdateBody,
  equipmentTreeResponse,
} from './equipment.schemas.ts';

// SPEC §7 "Equipment and vehicles": Equipment, Equipment history and Equipment stock, paths exactly as there (the
// stock group's short paths are under /equipment-stock). The insufficient list is the shell's alert table: it needs
// the view right of the equipment screen (the shell shows it only then). Move, discard and edit change a stock row:
// modify on the stock screen.
type Action = 'view' | 'create' | 'modify' | 'delete';
const kinds = (action: Action) => ({ menu: 'equipment', action }) as const;
const stock = (action: Action) => ({ menu: 'equipmentStock', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const equipmentEndpoints = endpoints('equipment', {
  list: endpoint('GET', '/equipment', equipmentListResponse, kinds('view'), 'Equipment kinds with their available and discarded stock; a page with the total when page/size are given', { query: equipmentListQuery }),
  insufficient: endpoint('GET', '/equipment/insufficient-list', equipmentInsufficientResponse, kinds('view'), 'Kinds whose available stock is below their kindQty (the shell\'s equipment-insufficient alert table)'),
  get: endpoint('GET', '/equipment/{id}', equipmentResponse, kinds('view'), 'One equipment kind', { params: idParam }),
  create: endpoint('POST', '/equipment', equipmentResponse, kinds('create'), 'Create an equipment kind', { body: equipmentBody }),
  update: endpoint('PUT', '/equipment/{id}', equipmentResponse, kinds('modify'), 'Modify an equipment kind', { params: idParam, body: equipmentBody }),
  remove: endpoint('DELETE', '/equipment/{id}', okSchema, kinds('delete'), 'Delete equipment kinds (one id, or several comma-separated: all or none); a kind with stock or history cannot be deleted', { params: equipmentIdsParam }),
});

// biome-ignore format: a routing table, one endpoint per line
export const equipmentHistoryEndpoints = endpoints('equipmentHistory', {
  list: endpoint('GET', '/equipment-history', equipmentHistoryListResponse, { menu: 'equipmentHistory', action: 'view' }, 'Equipment stock movements in startDt … endDt (at most 366 days), newest first; a page with the total when page/size are given', { query: equipmentHistoryQuery }),
});

// biome-ignore format: a routing table, one endpoint per line
export const equipmentStockEndpoints = endpoints('equipmentStock', {
  locationTree: endpoint('GET', '/equipment-stock/location/tree', equipmentTreeResponse, stock('view'), 'The location tree with the available stock at each location and below (stock on tools counts for their location)'),
  stockTree: endpoint('GET', '/equipment-stock/stock/tree', equipmentTreeResponse, stock('view'), 'Equipment types with their kinds and the available stock of each'),
  toolTree: endpoint('GET', '/equipment-stock/location/tree/tool', equipmentTreeResponse, stock('view'), 'Locations down to lines and warehouses with their tools as leaves, and the available stock on tools'),
  list: endpoint('GET', '/equipment-stock', equipmentStockListResponse, stock('view'), 'Stock rows, of one kind, one type and/or discarded or not; one page and the total with page/size', { query: equipmentStockListQuery }),
  histories: endpoint('GET', '/equipment-stock/histories/{id}', equipmentHistoryListResponse, stock('view'), "A stock row's movements, oldest first", { params: idParam }),
  atLocations: endpoint('GET', '/equipment-stock/location/{ids}', equipmentStockListResponse, stock('view'), 'Stock at these locations and below (tools included)', { params: idsParam, query: equipmentStockDiscardQuery }),
  atTool: endpoint('GET', '/equipment-stock/tool/{id}', equipmentStockListResponse, stock('view'), 'Stock on one tool', { params: idParam, query: equipmentStockDiscardQuery }),
  get: endpoint('GET', '/equipment-stock/{id}', equipmentStockResponse, stock('view'), 'One stock row', { params: idParam }),
  create: endpoint('POST', '/equipment-stock', equipmentStockResponse, stock('create'), 'Add stock of a kind at a location or a tool (added to the row already there)', { body: equipmentStockCreateBody }),
  update: endpoint('PUT', '/equipment-stock/{id}', equipmentStockResponse, stock('modify'), 'Correct the count of a stock row, with a reason', { params: idParam, body: equipmentStockUpdateBody }),
  discard: endpoint('PUT', '/equipment-stock/discard/{id}', equipmentStockResponse, stock('modify'), 'Discard part or all of a stock row (discardItem: reason, qty); answers the discarded row', { params: idParam, body: equipmentDiscardBody }),
  move: endpoint('PUT', '/equipment-stock/move/{id}', equipmentStockResponse, stock('modify'), 'Move part or all of a stock row to another location or a tool; answers the row it went to', { params: idParam, body: equipmentStockMoveBody }),
});
