import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import type { MouseEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from './DataTable.tsx';

/** An icon button in a table row's action column: the label is its tooltip and its accessible name. */
/** Wide enough for two icon buttons and the header "Actions" in English (90 px cut it to "Actio"). */
export const ACTIONS_WIDTH = 100;

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

type EditDeleteProps = {
  testId: string;
  rowId: string | number;
  canModify: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  children?: ReactNode;
};

/**
 * Edit and delete for one row, each shown only with the right to use it (SPEC: modify / delete rights of the menu).
 * The test ids are `<testId>-edit-<rowId>` and `<testId>-delete-<rowId>`; `children` come first (a screen's own
 * actions). Clicks stay in the cell: a row that opens on click must not open when its delete is pressed.
 */
export function EditDeleteActions({
  testId,
  rowId,
  canModify,
  canDelete,
  onEdit,
  onDelete,
  children,
}: EditDeleteProps) {
  const { t } = useTranslation('common');
  return (
    <Space size={0} onClick={(e) => e.stopPropagation()}>
      {children}
      {canModify && (
        <RowAction
          label={t('actions.edit')}
          icon={<EditOutlined />}
          testId={`${testId}-edit-${rowId}`}
          onClick={onEdit}
        />
      )}
      {canDelete && (
        <RowAction
          label={t('actions.delete')}
          icon={<DeleteOutlined />}
          danger
          testId={`${testId}-delete-${rowId}`}
          onClick={onDelete}
        />
      )}
    </Space>
  );
}

/**
 * The row actions column (edit + delete), as a list to spread into the columns: empty for a user who may do
 * neither, so the column does not stand there blank.
 */
export function rowActionsColumn<T>({
  title,
  width = ACTIONS_WIDTH,
  rowId,
  onEdit,
  onDelete,
  ...rights
}: Pick<EditDeleteProps, 'testId' | 'canModify' | 'canDelete'> & {
  title: ReactNode;
  width?: number;
  rowId: (row: T) => string | number;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
}): DataColumn<T>[] {
  if (!rights.canModify && !rights.canDelete) return [];
  return [
    {
      key: 'actions',
      title,
      width,
      fixed: 'right',
      render: (row) => (
        <EditDeleteActions {...rights} rowId={rowId(row)} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
      ),
    },
  ];
}
