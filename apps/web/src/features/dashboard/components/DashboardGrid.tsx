import { DASHBOARD_GRID } from '@eqms/contract';
import GridLayout, { type Layout, useContainerWidth } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { useMemo } from 'react';
import { type GridItem, type Widget, widgetsToLayout } from '../dashboard-layout.ts';
import { DRAG_HANDLE, WidgetCard } from './WidgetCard.tsx';

/** Height of one grid row in pixels (a widget is 1 … 24 rows high). */
export const ROW_HEIGHT = 80;
const MARGIN = [12, 12] as const;

/**
 * A dashboard's widgets on the 12-column grid (react-grid-layout). In edit mode a card moves by its title bar and
 * resizes by its bottom-right corner; the grid compacts upwards and reports the new layout.
 */
export function DashboardGrid({
  widgets,
  editing = false,
  onLayout,
  onSettings,
  onRemove,
  onNudge,
}: {
  widgets: readonly Widget[];
  editing?: boolean;
  onLayout?: (layout: GridItem[]) => void;
  onNudge?: (w: Widget, step: { dx: number; dy: number; dw: number; dh: number }) => void;
  onSettings?: (w: Widget) => void;
  onRemove?: (w: Widget) => void;
}) {
  // Measured before the grid is drawn: drawn first at the hook's default 1,280 px, the cards overflowed the page and,
  // once on a CI run, the container was measured with them in it and the overflow stayed.
  const { width, containerRef, mounted } = useContainerWidth({ measureBeforeMount: true });
  const layout = useMemo(() => widgetsToLayout(widgets), [widgets]);
  return (
    <div
      ref={containerRef}
      data-testid="dashboard-grid"
      data-editing={editing || undefined}
      style={{ width: '100%', minWidth: 0 }}
    >
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: DASHBOARD_GRID.columns, rowHeight: ROW_HEIGHT, margin: MARGIN, containerPadding: [0, 0] }}
          dragConfig={{ enabled: editing, handle: `.${DRAG_HANDLE}` }}
          resizeConfig={{ enabled: editing, handles: ['se'] }}
          onLayoutChange={(next: Layout) => {
            if (editing) onLayout?.(next.map(({ i, x, y, w, h }) => ({ i, x, y, w, h })));
          }}
        >
          {widgets.map((w) => (
            <div key={w.id} data-grid-x={w.x} data-grid-y={w.y} data-grid-w={w.w} data-grid-h={w.h}>
              <WidgetCard
                widget={w}
                editing={editing}
                onSettings={() => onSettings?.(w)}
                onRemove={() => onRemove?.(w)}
                onNudge={(step) => onNudge?.(w, step)}
              />
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}

/** The widgets one under another (a phone): top to bottom, left to right, each as high as its content. */
export function DashboardColumn({ widgets }: { widgets: readonly Widget[] }) {
  const ordered = useMemo(() => [...widgets].sort((a, b) => a.y - b.y || a.x - b.x), [widgets]);
  return (
    <div data-testid="dashboard-column" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {ordered.map((w) => (
        <WidgetCard key={w.id} widget={w} editing={false} />
      ))}
    </div>
  );
}
