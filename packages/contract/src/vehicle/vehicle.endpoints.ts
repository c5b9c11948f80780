import { idParam, idsParam, okSchema } from '../common/common.schemas.ts';
import { endpoint, endpoints } from '../endpoint.ts';
import {
  maintenanceAlertListResponse,
  maintenanceAlertQuery,
  partCreateBody,
  partHistoryCreateBody,
  partHistoryListQuery,
  partHistoryListResponse,
  partHistoryResponse,
  partHistoryUpdateBody,
  partListQuery,
  partListResponse,
  partResponse,
  partUpdateBody,
  vehicleBody,
  vehicleDeleteQuery,
  vehicleListQuery,
  vehicleListResponse,
  vehicleResponse,
  vehicleTreeResponse,
} from './vehicle.schemas.ts';

// SPEC §7 "Vehicle", "Part", "Part history". Vehicle reads are pick-lists (the parts screen chooses a vehicle): any
// signed-in user. The maintenance alerts are the vehicle screen's data (and the shell's part-replacement alert
// table): vehicleInfo view. Parts and their history belong to the parts screen (partInfo).
const vehicle = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'vehicleInfo', action }) as const;
const part = (action: 'view' | 'create' | 'modify' | 'delete') => ({ menu: 'partInfo', action }) as const;

// biome-ignore format: a routing table, one endpoint per line
export const vehicleEndpoints = endpoints('vehicle', {
  list: endpoint('GET', '/vehicle', vehicleListResponse, 'authenticated', 'Vehicles with location, part and alert counts', { query: vehicleListQuery }),
  tree: endpoint('GET', '/vehicle/tree', vehicleTreeResponse, 'authenticated', 'The locations holding vehicles, with the vehicles as leaves'),
  maintenanceAlerts: endpoint('GET', '/vehicle/maintenance-alerts', maintenanceAlertListResponse, vehicle('view'), 'Parts due for replacement within the window, or overdue', { query: maintenanceAlertQuery }),
  get: endpoint('GET', '/vehicle/{id}', vehicleResponse, 'authenticated', 'One vehicle', { params: idParam }),
  create: endpoint('POST', '/vehicle', vehicleResponse, vehicle('create'), 'Register a vehicle', { body: vehicleBody }),
  update: endpoint('PUT', '/vehicle/{id}', vehicleResponse, vehicle('modify'), 'Modify a vehicle', { params: idParam, body: vehicleBody }),
  remove: endpoint('DELETE', '/vehicle', okSchema, vehicle('delete'), 'Delete vehicles (repeated ids), all or none', { query: vehicleDeleteQuery }),
});

// biome-ignore format: a routing table, one endpoint per line
export const partEndpoints = endpoints('part', {
  list: endpoint('GET', '/part', partListResponse, part('view'), 'Parts fitted to vehicles, with their next replacement', { query: partListQuery }),
  byIds: endpoint('GET', '/part/parts/{ids}', partListResponse, part('view'), 'Parts by ids', { params: idsParam }),
  get: endpoint('GET', '/part/{id}', partResponse, part('view'), 'One part', { params: idParam }),
  create: endpoint('POST', '/part', partResponse, part('create'), 'Fit a part to a vehicle', { body: partCreateBody }),
  update: endpoint('PUT', '/part/{id}', partResponse, part('modify'), 'Modify a part', { params: idParam, body: partUpdateBody }),
  remove: endpoint('DELETE', '/part/{id}', okSchema, part('delete'), 'Delete a part with its replacement history', { params: idParam }),
  removeBulk: endpoint('DELETE', '/part/parts/{ids}', okSchema, part('delete'), 'Delete parts with their history, all or none', { params: idsParam }),
});

// biome-ignore format: a routing table, one endpoint per line
export const partHistoryEndpoints = endpoints('partHistory', {
  list: endpoint('GET', '/part-history', partHistoryListResponse, part('view'), 'Part replacements, newest first (paged, filtered)', { query: partHistoryListQuery }),
  byVehicle: endpoint('GET', '/part-history/vehicle/{id}', partHistoryListResponse, part('view'), "A vehicle's part replacements, newest first", { params: idParam }),
  get: endpoint('GET', '/part-history/{id}', partHistoryResponse, part('view'), 'One replacement', { params: idParam }),
  create: endpoint('POST', '/part-history', partHistoryResponse, part('create'), 'Record a part replacement', { body: partHistoryCreateBody }),
  update: endpoint('PUT', '/part-history/{id}', partHistoryResponse, part('modify'), 'Modify a replacement', { params: idParam, body: partHistoryUpdateBody }),
  remove: endpoint('DELETE', '/part-history/{id}', okSchema, part('delete'), 'Delete a replacement', { params: idParam }),
  removeBulk: endpoint('DELETE', '/part-history/part-historys/{ids}', okSchema, part('delete'), 'Delete replacements, all or none (path spelt as in SPEC §7)', { params: idsParam }),
});
