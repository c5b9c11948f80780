import type { MaintenanceAlert } from '@eqms/contract';
import { useTranslation } from 'react-i18next';
import type { ShellAlertView } from '../../app/shell-alerts/shell-alerts.ts';
import { nextReplacementLabel, StatusTag } from './vehicle.labels.tsx';

function NextReplacement({ alert }: { alert: MaintenanceAlert }) {
  const { t } = useTranslation('vehicle');
  return <>{nextReplacementLabel(alert, t)}</>;
}

/** The shell's part-replacement alert table (SPEC §3 row): parts due for replacement within the window, or overdue. */
export const partReplacementView: ShellAlertView<MaintenanceAlert> = {
  ns: 'vehicle',
  title: 'alerts.title',
  hint: 'alerts.hint',
  path: '/vehicle/vehicleInfo',
  rowKey: (r) => r.partId,
  columns: [
    { key: 'status', title: 'fields.status', render: (r) => <StatusTag status={r.status} />, width: 90 },
    { key: 'partName', title: 'fields.partName', render: (r) => r.partName },
    { key: 'vehicleName', title: 'fields.vehicleName', render: (r) => r.vehicleName },
    { key: 'plateNumber', title: 'fields.plateNumber', render: (r) => r.plateNumber },
    { key: 'lastReplacement', title: 'fields.lastReplacement', render: (r) => r.lastReplacement },
    { key: 'nextReplacement', title: 'fields.nextReplacement', render: (r) => <NextReplacement alert={r} /> },
  ],
};
