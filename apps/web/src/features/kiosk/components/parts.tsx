import { CheckOutlined } from '@ant-design/icons';
import type { WorkStatus } from '@eqms/contract';
import { Button, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR } from '../../production-plan/plan-rules.ts';
import { PLAN_NS } from '../kiosk.locales.ts';

// Small parts of the kiosk: the work status as a large tag, and the large choice buttons (factories, lines, workers,
// defect types) that stand in for drop-down lists on a touch screen.

/** A work status in the production plan screen's words and colours, large enough to read from a metre. */
export function KioskStatusTag({ status }: { status: WorkStatus }) {
  const { t } = useTranslation(PLAN_NS);
  return (
    <Tag
      color={STATUS_COLOR[status]}
      data-testid="kiosk-work-status"
      data-status={status}
      style={{ fontSize: 20, lineHeight: '34px', paddingInline: 14, marginInlineEnd: 0, fontWeight: 600 }}
    >
      {t(`status.${status}`)}
    </Tag>
  );
}

/** A choice among several: the chosen one is filled and ticked (not only coloured) and says so to a screen reader. */
export function ChoiceButton({
  selected,
  onClick,
  children,
  testId,
  minWidth = 140,
}: {
  selected: boolean;
  onClick: () => void;
  children: ReactNode;
  testId: string;
  minWidth?: number;
}) {
  return (
    <Button
      size="large"
      type={selected ? 'primary' : 'default'}
      icon={selected ? <CheckOutlined /> : undefined}
      aria-pressed={selected}
      onClick={onClick}
      data-testid={testId}
      data-selected={selected}
      style={{ height: 64, minWidth, fontSize: 20, paddingInline: 18, whiteSpace: 'normal', lineHeight: 1.2 }}
    >
      {children}
    </Button>
  );
}
