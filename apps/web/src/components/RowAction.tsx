import { Button, Tooltip } from 'antd';
import type { MouseEventHandler, ReactNode } from 'react';

/** An icon button in a table row's action column: the label is its tooltip and its accessible name. */
export function RowAction({
  label,
  icon,
  onClick,
  danger,
  testId,
}: {
  label: string;
  icon: ReactNode;
  onClick: MouseEventHandler<HTMLElement>;
  danger?: boolean;
  testId?: string;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        data-testid={testId}
        onClick={onClick}
      />
    </Tooltip>
  );
}
