import type { MaintenanceAlert } from '@eqms/contract';
import { vehicleEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/http.ts';
import { useCan } from '../../app/permissions.ts';
import type { DataColumn } from '../../components/DataTable.tsx';
import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';
import { vehicleKeys } from './vehicle.queries.ts';

// The part-replacement alert table (SPEC §2 shell dialog, §3 row: partName, vehicleName, plateNumber,
// lastReplacement, nextReplacement): its row fetch and its columns, for the vehicle screen's "due for maintenance"
// tab and for the shell's alert dialog registry. The call needs vehicleInfo's view right: `enabled` is false without
// it, so the shell can mount the hook for everyone.
registerLocales('vehicle', { kr, en });

export function useMaintenanceAlerts(opts: { enabled?: boolean } = {}) {
  const canView = useCan('vehicleInfo', 'view');
  return useQuery({
    queryKey: vehicleKeys.alerts,
    queryFn: ({ signal }) => call(vehicleEndpoints.maintenanceAlerts, { signal }),
    enabled: canView && (opts.enabled ?? true),
  });
}

const km = (n: number) => `${n.toLocaleString()} km`;

/** The next replacement as the screen shows it: each criterion due, with days or km left (or over). */
export function nextReplacementLabel(a: MaintenanceAlert, t: TFunction): string {
  const parts: string[] = [];
  if (a.dueBy.includes('date') && a.nextDate && a.remainingDays != null) {
    parts.push(
      `${a.nextDate} (${a.remainingDays < 0 ? t('vehicle:alerts.daysOver', { count: -a.remainingDays }) : t('vehicle:alerts.daysLeft', { count: a.remainingDays })})`,
    );
  }
  if (a.dueBy.includes('km') && a.nextKm != null && a.remainingKm != null) {
    parts.push(
      `${km(a.nextKm)} (${a.remainingKm < 0 ? t('vehicle:alerts.kmOver', { km: km(-a.remainingKm) }) : t('vehicle:alerts.kmLeft', { km: km(a.remainingKm) })})`,
    );
  }
  return parts.join(' / ');
}

export function StatusTag({ status }: { status: 'ok' | 'due' | 'overdue' }) {
  const { t } = useTranslation('vehicle');
  const color = status === 'overdue' ? 'red' : status === 'due' ? 'orange' : 'green';
  return (
    <Tag color={color} data-testid={`part-status-${status}`}>
      {t(`status.${status}`)}
    </Tag>
  );
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
