import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Widget } from '../dashboard-layout.ts';
import { WidgetCard } from './WidgetCard.tsx';

// A saved widget whose type the web does not offer (WIDGET_KINDS without it) is a small "not available" card that
// edit mode can still remove; an offered one shows its view.
vi.mock('../widgets/registry.ts', async () => {
  const { lazy } = await import('react');
  return {
    WIDGET_KINDS: {
      'today-prod-status': {
        type: 'today-prod-status',
        size: { w: 6, h: 3 },
        View: lazy(async () => ({ default: () => <p>view of today</p> })),
        SettingsFields: null,
      },
    },
  };
});

const widget = (type: Widget['type']): Widget => ({
  id: 'w1',
  type,
  x: 0,
  y: 0,
  w: 6,
  h: 3,
  settings: {},
  refreshMinutes: 5,
});

afterEach(cleanup);

describe('WidgetCard', () => {
  it('shows an unoffered type as not available, removable in edit mode', () => {
    const onRemove = vi.fn();
    render(<WidgetCard widget={widget('scale-status')} editing onRemove={onRemove} />);
    expect(screen.getByTestId('widget-not-available')).toBeTruthy();
    expect(screen.queryByTestId('widget-settings')).toBeNull();
    fireEvent.click(screen.getByTestId('widget-remove'));
    expect(onRemove).toHaveBeenCalledOnce();
  });

  it("shows an offered type's view with its title, without edit buttons outside edit mode", async () => {
    render(<WidgetCard widget={widget('today-prod-status')} editing={false} />);
    expect(await screen.findByText('view of today')).toBeTruthy();
    expect(screen.getByText('금일 생산 현황')).toBeTruthy();
    expect(screen.queryByTestId('widget-remove')).toBeNull();
  });
});
