import type { WorkStatus } from '@eqms/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOT_NS } from '../lot-report.locales.ts';

const COLOR: Record<WorkStatus, string> = { PLAN_COMPLETED: 'blue', WORKING: 'orange', WORK_COMPLETED: 'green' };

/** A daily plan's work status (SPEC §4), coloured as on the plan screens. */
export function StatusTag({ status }: { status: WorkStatus }) {
  const { t } = useTranslation(LOT_NS);
  return (
    <Tag color={COLOR[status]} data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`status.${status}`)}
    </Tag>
  );
}
