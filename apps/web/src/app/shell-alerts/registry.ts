import type { equipmentEndpoints, vehicleEndpoints } from '@eqms/contract';
import { call } from '../../api/http.ts';
import type { ShellAlert } from './shell-alerts.ts';

// The shell's alert tables, in the order the dialog shows them: what to ask and who may see it here, how the table
// looks in its feature (a `ShellAlertView`, imported when the dialog opens: the first page carries no columns or texts
// of features the user has not opened).

/**
 * The two calls by method and path alone: the shell asks them at every sign-in, and the contract's endpoint groups
 * (their zod schemas) would add 4 KB to the first page for a path each. shell-alerts.test.ts holds them equal to the
 * contract's endpoints.
 */
export const alertCalls = {
  equipment: {
    method: 'GET',
    path: '/equipment/insufficient-list',
  } as unknown as typeof equipmentEndpoints.insufficient,
  vehicle: {
    method: 'GET',
    path: '/vehicle/maintenance-alerts',
  } as unknown as typeof vehicleEndpoints.maintenanceAlerts,
};
const quiet = { silent: true, spinner: false } as const;

export const shellAlerts: ShellAlert[] = [
  {
    key: 'equipment-insufficient',
    menu: 'equipment',
    rows: (signal) => call(alertCalls.equipment, { signal, ...quiet }),
    view: () => import('../../features/equipment/equipment.alert.tsx').then((m) => m.equipmentInsufficientView),
  },
  {
    key: 'part-replacement',
    menu: 'vehicleInfo',
    rows: (signal) => call(alertCalls.vehicle, { signal, ...quiet }),
    view: () => import('../../features/vehicle/vehicle.alert.tsx').then((m) => m.partReplacementView),
  },
];
