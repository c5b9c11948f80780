import {
  DASHBOARD_GRID,
  DASHBOARD_WIDGETS_MAX,
  type Dashboard,
  type DashboardWidget,
  SLIDESHOW_CYCLES_S,
  type WidgetType,
} from '@eqms/contract';

// The dashboard's pure rules (issue 17), apart from React: the grid's layout items ↔ the saved widgets, where a new
// widget goes, and the slideshow's choice and timing. Unit-tested in dashboard-layout.test.ts.

/** A widget as the page holds it: the saved one (types the web does not offer any more are kept as they are). */
export type Widget = Dashboard['widgets'][number];
/** One cell block of react-grid-layout: `i` is the widget's id. */
export type GridItem = { i: string; x: number; y: number; w: number; h: number };

const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(v)));

/** A grid cell block inside the contract's bounds: 12 columns, x + w ≤ 12, y ≤ 200, 1 ≤ h ≤ 24. */
export function fitCell(c: Omit<GridItem, 'i'>): Omit<GridItem, 'i'> {
  const w = clamp(c.w, 1, DASHBOARD_GRID.columns);
  return {
    x: clamp(c.x, 0, DASHBOARD_GRID.columns - w),
    y: clamp(c.y, 0, DASHBOARD_GRID.maxY),
    w,
    h: clamp(c.h, 1, DASHBOARD_GRID.maxH),
  };
}

/** A keyboard step of one widget: arrows move it a cell, Shift+arrows make it a cell wider/narrower, taller/shorter. */
export function nudgeOf(key: string, shift: boolean): { dx: number; dy: number; dw: number; dh: number } | null {
  const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[key];
  if (!step) return null;
  const [a, b] = step;
  return shift ? { dx: 0, dy: 0, dw: a, dh: b } : { dx: a, dy: b, dw: 0, dh: 0 };
}

/** The widget moved or resized by a keyboard step, kept inside the grid. */
export function nudge(
  widgets: readonly Widget[],
  id: string,
  step: { dx: number; dy: number; dw: number; dh: number },
) {
  return widgets.map((w) =>
    w.id === id ? { ...w, ...fitCell({ x: w.x + step.dx, y: w.y + step.dy, w: w.w + step.dw, h: w.h + step.dh }) } : w,
  );
}

/** The grid's layout of the widgets. */
export function widgetsToLayout(widgets: readonly Widget[]): GridItem[] {
  return widgets.map((w) => ({ i: w.id, ...fitCell(w) }));
}

/**
 * The widgets placed as the grid's layout says (the grid moved or sized them); a widget the layout does not name
 * keeps its place. Answers new objects, in the widgets' order.
 */
export function applyLayout(widgets: readonly Widget[], layout: readonly GridItem[]): Widget[] {
  const byId = new Map(layout.map((l) => [l.i, l]));
  return widgets.map((w) => {
    const l = byId.get(w.id);
    return l ? { ...w, ...fitCell(l) } : { ...w };
  });
}

/** The first row below every widget: where a new one goes (the grid compacts it upwards). */
export function bottomRow(widgets: readonly Pick<Widget, 'y' | 'h'>[]): number {
  return widgets.reduce((max, w) => Math.max(max, w.y + w.h), 0);
}

/** The first free place (top to bottom, left to right) for a w×h block; under everything when none is free. */
export function firstFreeCell(widgets: readonly Omit<GridItem, 'i'>[], w: number, h: number): { x: number; y: number } {
  const last = bottomRow(widgets);
  const free = (x: number, y: number) =>
    !widgets.some((o) => x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h);
  for (let y = 0; y <= last; y++) {
    for (let x = 0; x + w <= DASHBOARD_GRID.columns; x++) if (free(x, y)) return { x, y };
  }
  return { x: 0, y: last };
}

/** A new widget of a type in the first free place that holds the type's size. */
export function placeNew(
  widgets: readonly Widget[],
  add: {
    id: string;
    type: WidgetType;
    size: { w: number; h: number };
    settings: Record<string, unknown>;
    refreshMinutes: number;
  },
): Widget {
  const size = fitCell({ x: 0, y: 0, ...add.size });
  const at = firstFreeCell(widgets, size.w, size.h);
  const cell = fitCell({ ...at, w: size.w, h: size.h });
  return { id: add.id, type: add.type, settings: add.settings, refreshMinutes: add.refreshMinutes, ...cell };
}

export const canAddWidget = (widgets: readonly unknown[]) => widgets.length < DASHBOARD_WIDGETS_MAX;

/** The body of a layout save: every widget with its place, settings and refresh interval. */
export function widgetsBody(widgets: readonly Widget[]): DashboardWidget[] {
  return widgets.map((w) => ({
    id: w.id,
    type: w.type,
    ...fitCell(w),
    settings: w.settings,
    refreshMinutes: w.refreshMinutes as DashboardWidget['refreshMinutes'],
  }));
}

/** Whether the edited layout differs from the saved one (order, place, size, settings). */
export function layoutChanged(saved: readonly Widget[], edited: readonly Widget[]): boolean {
  return JSON.stringify(widgetsBody(saved)) !== JSON.stringify(widgetsBody(edited));
}

/** A widget key the server takes (`[A-Za-z0-9_-]{1,40}`): a UUID. */
export const newWidgetId = () => crypto.randomUUID();

// --- the slideshow (SPEC §9: 5, 10, 20, 30 s, 1 min; local storage holds the choice, SPEC §4) ---

export type SlideCycle = (typeof SLIDESHOW_CYCLES_S)[number];
export type SlidesChoice = { ids: number[]; cycle: SlideCycle };
export const DEFAULT_SLIDES: SlidesChoice = { ids: [], cycle: 10 };

/** The stored choice, read leniently: an unknown cycle falls back to 10 s, ids keep the numbers only. */
export function parseSlides(raw: string | null): SlidesChoice {
  if (!raw) return DEFAULT_SLIDES;
  try {
    const v = JSON.parse(raw) as { ids?: unknown; cycle?: unknown };
    const ids = Array.isArray(v.ids) ? v.ids.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
    const cycle = (SLIDESHOW_CYCLES_S as readonly number[]).includes(v.cycle as number)
      ? (v.cycle as SlideCycle)
      : DEFAULT_SLIDES.cycle;
    return { ids: [...new Set(ids)], cycle };
  } catch {
    return DEFAULT_SLIDES;
  }
}

/** The chosen dashboards that still exist, in the user's dashboard order. */
export function slideIds(choice: readonly number[], existing: readonly { id: number }[]): number[] {
  const chosen = new Set(choice);
  return existing.filter((d) => chosen.has(d.id)).map((d) => d.id);
}

/** The slide shown `elapsedMs` after the start: one every cycle, round and round. */
export function slideAt(elapsedMs: number, cycleS: number, count: number): number {
  if (count <= 0) return -1;
  return Math.floor(Math.max(0, elapsedMs) / (cycleS * 1000)) % count;
}

/** The next slide after `index` (the arrow keys and the timer). */
export const nextSlide = (index: number, count: number, step = 1) =>
  count <= 0 ? -1 : (((index + step) % count) + count) % count;
