import { TABLE_COLUMN_WIDTH } from '@eqms/contract';
import { type ThHTMLAttributes, useRef } from 'react';
import { DEFAULT_COLUMN_WIDTH } from './columns.ts';

// Header cell with a drag handle on its right edge; the table's columns hand it their width and two callbacks.

const MIN_COLUMN_WIDTH = Math.max(48, TABLE_COLUMN_WIDTH.min);
const MAX_COLUMN_WIDTH = TABLE_COLUMN_WIDTH.max;

export type ResizeProps = {
  resizeWidth?: number;
  resizeLabel?: string;
  onResizeLive?: (width: number) => void;
  onResizeEnd?: (width: number) => void;
};

export function ResizableHeaderCell({
  resizeWidth,
  resizeLabel,
  onResizeLive,
  onResizeEnd,
  ...th
}: ThHTMLAttributes<HTMLTableCellElement> & ResizeProps) {
  const thRef = useRef<HTMLTableCellElement>(null);
  if (!onResizeLive || !onResizeEnd) return <th {...th} />;
  const start = (e: React.PointerEvent<HTMLSpanElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    const handle = e.currentTarget;
    handle.setPointerCapture(e.pointerId);
    const x0 = e.clientX;
    const w0 = resizeWidth ?? thRef.current?.getBoundingClientRect().width ?? DEFAULT_COLUMN_WIDTH;
    let width = w0;
    let frame = 0;
    const move = (ev: PointerEvent) => {
      width = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(w0 + ev.clientX - x0)));
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => onResizeLive(width));
    };
    const end = () => {
      cancelAnimationFrame(frame);
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      onResizeEnd(width);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  return (
    <th {...th} ref={thRef}>
      {th.children}
      <span
        className="data-table-resize"
        data-testid="column-resize"
        title={resizeLabel}
        onPointerDown={start}
        onClick={(e) => e.stopPropagation()}
        style={{
          position: 'absolute',
          top: 0,
          bottom: 0,
          insetInlineEnd: -4,
          width: 8,
          cursor: 'col-resize',
          zIndex: 2,
          touchAction: 'none',
        }}
      />
    </th>
  );
}

/** The `components` prop of antd's Table for resizable headers. */
export const headerComponents = { header: { cell: ResizableHeaderCell } };
