import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TableRowSelection } from 'antd/es/table/interface';
import {
  type CSSProperties,
  createContext,
  type HTMLAttributes,
  type ReactNode,
  type Key,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { registerLocales } from '../../../i18n/index.ts';
import { ACTIONS_WIDTH } from '../../../components/RowAction.tsx';

// A table whose rows are reordered by dragging a handle (dnd-kit sortable, mouse or keyboard: focus the handle,
// Space, arrows, Space) or with up/down buttons. Used for a route's operations and a product's operation plan;
// the caller saves the whole new order.
registerLocales('sortable', {
  kr: { drag: '끌어서 순서 변경', order: '순서', actions: '관리', up: '위로', down: '아래로' },
  en: { drag: 'Drag to reorder', order: 'Order', actions: 'Actions', up: 'Move up', down: 'Move down' },
});

type HandleContext = { setActivatorNodeRef?: (el: HTMLElement | null) => void; listeners?: Record<string, unknown> };
const RowHandle = createContext<HandleContext>({});

function DragHandle({ label, testId }: { label: string; testId: string }) {
  const { setActivatorNodeRef, listeners } = useContext(RowHandle);
  return (
    <Button
      type="text"
      size="small"
      icon={<HolderOutlined />}
      aria-label={label}
      data-testid={testId}
      style={{ cursor: 'grab', touchAction: 'none' }}
      ref={setActivatorNodeRef}
      {...listeners}
    />
  );
}

function SortableRow(props: HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: props['data-row-key'],
  });
  const style: CSSProperties = {
    ...props.style,
    transform: CSS.Translate.toString(transform),
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 10, opacity: 0.85 } : {}),
  };
  const ctx = useMemo(() => ({ setActivatorNodeRef, listeners }), [setActivatorNodeRef, listeners]);
  // The row's own role stays a table row; the drag handle is the focusable control.
  const { role: _role, tabIndex: _tabIndex, ...rowAttributes } = attributes;
  return (
    <RowHandle.Provider value={ctx}>
      <tr {...props} ref={setNodeRef} style={style} {...rowAttributes} />
    </RowHandle.Provider>
  );
}

export type SortableTableProps<T> = {
  rows: T[];
  rowKey: (row: T) => number;
  /** A readable name of a row for test ids and labels (e.g. the operation code). */
  rowName: (row: T) => string;
  columns: ColumnsType<T>;
  /** Saves the complete new order; while it runs the table shows that order. */
  onReorder?: (rows: T[]) => Promise<unknown>;
  rowSelection?: TableRowSelection<T>;
  /** More buttons of a row, shown after its up/down buttons (e.g. edit, delete). */
  rowActions?: (row: T) => ReactNode;
  loading?: boolean;
  testId: string;
  emptyText?: string;
};

export function SortableTable<T extends object>({
  rows,
  rowKey,
  rowName,
  columns,
  onReorder,
  rowSelection,
  rowActions,
  loading,
  testId,
  emptyText,
}: SortableTableProps<T>) {
  const { t } = useTranslation('sortable');
  const [order, setOrder] = useState(rows);
  useEffect(() => setOrder(rows), [rows]);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = order.map((r) => String(rowKey(r)));

  const move = async (from: number, to: number) => {
    if (!onReorder || from === to || to < 0 || to >= order.length) return;
    const next = arrayMove(order, from, to);
    setOrder(next);
    try {
      await onReorder(next);
    } catch {
      setOrder(rows);
    }
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    void move(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };

  const allColumns: ColumnsType<T> = onReorder
    ? [
        {
          key: 'sort',
          width: 40,
          align: 'center',
          render: (_, row) => <DragHandle label={t('drag')} testId={`${testId}-drag-${rowName(row)}`} />,
        },
        ...columns,
        {
          key: 'move',
          width: rowActions ? 116 : 84,
          title: rowActions ? t('actions') : t('order'),
          render: (_, row, index) => (
            <Space size={0}>
              <Tooltip title={t('up')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('up')}
                  data-testid={`${testId}-up-${rowName(row)}`}
                  disabled={index === 0}
                  onClick={() => void move(index, index - 1)}
                />
              </Tooltip>
              <Tooltip title={t('down')}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('down')}
                  data-testid={`${testId}-down-${rowName(row)}`}
                  disabled={index === order.length - 1}
                  onClick={() => void move(index, index + 1)}
                />
              </Tooltip>
              {rowActions?.(row)}
            </Space>
          ),
        },
      ]
    : rowActions
      ? [...columns, { key: 'actions', width: ACTIONS_WIDTH, title: t('actions'), render: (_, row) => rowActions(row) }]
      : columns;

  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <Table<T>
          data-testid={testId}
          rowKey={(r) => String(rowKey(r))}
          components={onReorder ? { body: { row: SortableRow } } : undefined}
          columns={allColumns}
          dataSource={order}
          rowSelection={rowSelection}
          loading={loading}
          pagination={false}
          size="small"
          scroll={{ x: 'max-content' }}
          locale={emptyText ? { emptyText } : undefined}
          onRow={(r) => ({ 'data-testid': `${testId}-row-${rowName(r)}` }) as HTMLAttributes<HTMLElement>}
        />
      </SortableContext>
    </DndContext>
  );
}

export type { Key };
