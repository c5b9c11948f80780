import type { MaintenanceAlert } from '@eqms/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { registerLocales } from '../../i18n/index.ts';
import en from './locales/en.json';
import kr from './locales/kr.json';

// The vehicle namespace and the part-replacement status and due labels, without the vehicle calls and their schemas:
// the shell's alert dialog (vehicle.alert.tsx) loads this alone, the vehicle screens through maintenance-alerts.tsx.
registerLocales('vehicle', { kr, en });

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
