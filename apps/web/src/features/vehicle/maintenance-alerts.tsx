import type { MaintenanceAlert } from '@eqms/contract';
import { vehicleEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/http.ts';
import { useCan } from '../../app/permissions.ts';
import type { DataColumn } from '../../components/DataTable.tsx';
import { nextReplacementLabel, StatusTag } from './vehicle.labels.tsx';
import { vehicleKeys } from './vehicle.queries.ts';

// The part-replacement alert table (SPEC §2 shell dialog, §3 row: partName, vehicleName, plateNumber,
// lastReplacement, nextReplacement): its row fetch and its columns, for the vehicle screen's "due for maintenance"
// tab; the shell's alert dialog takes its labels from vehicle.labels.tsx alone. The call needs vehicleInfo's view
// right: `enabled` is false without it, so the shell can mount the hook for everyone.
export function useMaintenanceAlerts(opts: { enabled?: boolean } = {}) {
  const canView = useCan('vehicleInfo', 'view');
  return useQuery({
    queryKey: vehicleKeys.alerts,
    queryFn: ({ signal }) => call(vehicleEndpoints.maintenanceAlerts, { signal }),
    enabled: canView && (opts.enabled ?? true),
  });
}

/** The alert table's columns (SPEC §3 order), plus the status. */
export function useMaintenanceAlertColumns(): DataColumn<MaintenanceAlert>[] {
  const { t } = useTranslation('vehicle');
  return [
    {
      key: 'status',
      title: t('fields.status'),
      width: 90,
      render: (a) => <StatusTag status={a.status} />,
      exportValue: (a) => t(`status.${a.status}`),
      sorter: (a, b) => a.status.localeCompare(b.status),
    },
    { key: 'partName', title: t('fields.partName'), dataIndex: 'partName', width: 140, sorter: true },
    { key: 'vehicleName', title: t('fields.vehicleName'), dataIndex: 'vehicleName', width: 140, sorter: true },
    { key: 'plateNumber', title: t('fields.plateNumber'), dataIndex: 'plateNumber', width: 120, sorter: true },
    {
      key: 'lastReplacement',
      title: t('fields.lastReplacement'),
      dataIndex: 'lastReplacement',
      width: 120,
      sorter: true,
    },
    {
      key: 'nextReplacement',
      title: t('fields.nextReplacement'),
      width: 280,
      render: (a) => <span data-testid={`alert-next-${a.partId}`}>{nextReplacementLabel(a, t)}</span>,
      exportValue: (a) => nextReplacementLabel(a, t),
    },
  ];
}
