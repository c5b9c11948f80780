import { equipmentInsufficientAlert } from '../../features/equipment/equipment.alert.tsx';
import type { ShellAlert } from './shell-alerts.ts';

// The shell's alert tables, in the order the dialog shows them. A new one is a `ShellAlert` (shell-alerts.ts) in its
// feature (e.g. features/vehicle/vehicle.alert.tsx: key, menu, ns, title, rows, rowKey, columns) and one line here.
export const shellAlerts: ShellAlert[] = [equipmentInsufficientAlert];
