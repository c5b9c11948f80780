import type { Reference } from '../../platform/references.ts';
import { vehicleParts, vehicles } from './vehicle.table.ts';

// What vehicles and parts refer to (platform/references.ts). A location holding vehicles cannot be deleted (the
// dialog lists the vehicles); a vehicle holding parts cannot be deleted (the dialog lists the parts). A part's
// replacement history goes with its part (FK cascade).
export const vehicleReferences: Reference[] = [
  {
    table: vehicles,
    column: vehicles.locationId,
    refers: 'locations',
    screen: 'vehicleInfo',
    id: vehicles.plateNumber,
    name: vehicles.name,
    createdBy: vehicles.createdBy,
    createdAt: vehicles.createdAt,
  },
  {
    table: vehicleParts,
    column: vehicleParts.vehicleId,
    refers: 'vehicles',
    screen: 'partInfo',
    id: vehicleParts.id,
    name: vehicleParts.name,
    createdBy: vehicleParts.createdBy,
    createdAt: vehicleParts.createdAt,
  },
];
