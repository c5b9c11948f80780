import { dashboardUpdateBody } from '@eqms/contract';
import { describe, expect, it } from 'vitest';
import {
  applyLayout,
  bottomRow,
  canAddWidget,
  firstFreeCell,
  fitCell,
  layoutChanged,
  newWidgetId,
  nudge,
  nudgeOf,
  nextSlide,
  parseSlides,
  placeNew,
  slideAt,
  slideIds,
  type Widget,
  widgetsBody,
  widgetsToLayout,
} from './dashboard-layout.ts';
import { dashboardIdOf } from './components/DashboardMenu.tsx';
import { homeDashboardId } from './pages/MobileDashboardPage.tsx';

const widget = (id: string, x: number, y: number, w: number, h: number): Widget => ({
  id,
  type: 'today-prod-status',
  x,
  y,
  w,
  h,
  settings: {},
  refreshMinutes: 5,
});

describe('layout ↔ widgets', () => {
  it('turns widgets into grid items and back, keeping settings and order', () => {
    const widgets = [widget('a', 0, 0, 6, 3), { ...widget('b', 6, 0, 6, 3), settings: { locationId: 4 } }];
    const layout = widgetsToLayout(widgets);
    expect(layout).toEqual([
      { i: 'a', x: 0, y: 0, w: 6, h: 3 },
      { i: 'b', x: 6, y: 0, w: 6, h: 3 },
    ]);
    const moved = applyLayout(widgets, [
      { i: 'b', x: 0, y: 0, w: 12, h: 4 },
      { i: 'a', x: 0, y: 4, w: 6, h: 3 },
    ]);
    expect(moved.map((w) => w.id)).toEqual(['a', 'b']);
    expect(moved[1]).toMatchObject({ x: 0, y: 0, w: 12, h: 4, settings: { locationId: 4 } });
    expect(moved[0]).toMatchObject({ x: 0, y: 4 });
    expect(widgets[0].y).toBe(0);
  });

  it('keeps a widget the layout does not name where it was', () => {
    expect(applyLayout([widget('a', 3, 2, 4, 2)], [])[0]).toMatchObject({ x: 3, y: 2, w: 4, h: 2 });
  });

  it('fits cells inside the contract grid (x + w ≤ 12, h ≤ 24, integers)', () => {
    expect(fitCell({ x: 10, y: 0, w: 6, h: 3 })).toEqual({ x: 6, y: 0, w: 6, h: 3 });
    expect(fitCell({ x: -1, y: 300, w: 20, h: 40 })).toEqual({ x: 0, y: 200, w: 12, h: 24 });
    expect(fitCell({ x: 1.4, y: 0.6, w: 0, h: 0 })).toEqual({ x: 1, y: 1, w: 1, h: 1 });
  });

  it('puts a new widget in the first free place, in its size', () => {
    const widgets = [widget('a', 0, 0, 6, 3), widget('b', 6, 0, 6, 5)];
    expect(bottomRow(widgets)).toBe(5);
    expect(bottomRow([])).toBe(0);
    const added = placeNew(widgets, {
      id: 'c',
      type: 'today-prod-status',
      size: { w: 6, h: 3 },
      settings: {},
      refreshMinutes: 10,
    });
    // Beside the shorter widget, under it: the first free 6×3 block.
    expect(added).toEqual({ ...widget('c', 0, 3, 6, 3), refreshMinutes: 10 });
    expect(firstFreeCell([widget('a', 0, 0, 6, 3)], 6, 3)).toEqual({ x: 6, y: 0 });
    expect(firstFreeCell([widget('a', 0, 0, 12, 2)], 4, 2)).toEqual({ x: 0, y: 2 });
    expect(firstFreeCell([], 12, 1)).toEqual({ x: 0, y: 0 });
  });

  it('makes a save body the contract takes, with ids the server accepts', () => {
    const ids = [newWidgetId(), newWidgetId()];
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{1,40}$/);
    expect(ids[0]).not.toBe(ids[1]);
    const body = { id: 1, name: 'x', widgets: widgetsBody([widget(ids[0], 0, 0, 6, 3), widget(ids[1], 6, 0, 6, 3)]) };
    expect(dashboardUpdateBody.safeParse(body).success).toBe(true);
  });

  it('tells a changed layout from an unchanged one', () => {
    const saved = [widget('a', 0, 0, 6, 3)];
    expect(layoutChanged(saved, applyLayout(saved, [{ i: 'a', x: 0, y: 0, w: 6, h: 3 }]))).toBe(false);
    expect(layoutChanged(saved, applyLayout(saved, [{ i: 'a', x: 6, y: 0, w: 6, h: 3 }]))).toBe(true);
    expect(layoutChanged(saved, [])).toBe(true);
  });

  it('moves and resizes a widget by the keyboard, inside the grid', () => {
    expect(nudgeOf('ArrowRight', false)).toEqual({ dx: 1, dy: 0, dw: 0, dh: 0 });
    expect(nudgeOf('ArrowDown', true)).toEqual({ dx: 0, dy: 0, dw: 0, dh: 1 });
    expect(nudgeOf('Enter', false)).toBeNull();
    const widgets = [widget('a', 0, 0, 6, 3), widget('b', 6, 0, 6, 3)];
    expect(nudge(widgets, 'b', nudgeOf('ArrowRight', false)!)[1]).toMatchObject({ x: 6, w: 6 });
    expect(nudge(widgets, 'a', nudgeOf('ArrowRight', true)!)[0]).toMatchObject({ x: 0, w: 7 });
    expect(nudge(widgets, 'a', nudgeOf('ArrowLeft', false)!)[0]).toMatchObject({ x: 0 });
    expect(nudge(widgets, 'a', nudgeOf('ArrowUp', true)!)[0]).toMatchObject({ h: 2 });
    expect(nudge(widgets, 'a', nudgeOf('ArrowDown', false)!)[1]).toBe(widgets[1]);
  });

  it('allows at most 30 widgets', () => {
    expect(canAddWidget(Array(29))).toBe(true);
    expect(canAddWidget(Array(30))).toBe(false);
  });
});

describe('slideshow', () => {
  it('reads the stored choice leniently', () => {
    expect(parseSlides(null)).toEqual({ ids: [], cycle: 10 });
    expect(parseSlides('not json')).toEqual({ ids: [], cycle: 10 });
    expect(parseSlides('{"ids":[3,3,"x",-1,5],"cycle":60}')).toEqual({ ids: [3, 5], cycle: 60 });
    expect(parseSlides('{"ids":[1],"cycle":7}')).toEqual({ ids: [1], cycle: 10 });
  });

  it('shows the chosen dashboards that exist, in the list order', () => {
    expect(slideIds([9, 2, 4], [{ id: 2 }, { id: 3 }, { id: 4 }])).toEqual([2, 4]);
  });

  it('changes slide once per cycle, round and round', () => {
    expect(slideAt(0, 5, 3)).toBe(0);
    expect(slideAt(4999, 5, 3)).toBe(0);
    expect(slideAt(5000, 5, 3)).toBe(1);
    expect(slideAt(15_000, 5, 3)).toBe(0);
    expect(slideAt(60_000, 60, 2)).toBe(1);
    expect(slideAt(1000, 5, 0)).toBe(-1);
  });

  it('steps forward and back with wrap-around', () => {
    expect(nextSlide(0, 3)).toBe(1);
    expect(nextSlide(2, 3)).toBe(0);
    expect(nextSlide(0, 3, -1)).toBe(2);
    expect(nextSlide(0, 1)).toBe(0);
  });
});

describe('paths', () => {
  it('reads a dashboard id from a path or a home path', () => {
    expect(dashboardIdOf('/dashboard/12')).toBe(12);
    expect(dashboardIdOf('/dashboard/slides')).toBeNull();
    expect(homeDashboardId('/dashboard/7')).toBe(7);
    expect(homeDashboardId('/dashboard/7?x=1')).toBe(7);
    expect(homeDashboardId('/notice')).toBeNull();
    expect(homeDashboardId(null)).toBeNull();
  });
});
