import { DeleteOutlined, DragOutlined, SettingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Skeleton, Tooltip } from 'antd';
import { Component, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { WIDGET_KINDS } from '../widgets/registry.ts';
import type { WidgetViewProps } from '../widgets/widget-kit.ts';
import { WIDGET_NS } from '../widgets/widget.locales.ts';
import { nudgeOf, type Widget } from '../dashboard-layout.ts';
import { DASHBOARD_NS } from '../dashboard.locales.ts';

/** The class name of a card's drag handle (its title bar) for the grid. */
export const DRAG_HANDLE = 'dashboard-drag-handle';

/** A widget's view failed (its chunk did not load, or it threw): the card says so, the rest of the board stays. */
class WidgetBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * One widget of a dashboard: its type's title and its lazy view (a skeleton while it loads). A saved widget whose
 * type the web does not offer is a small "not available" card that can still be removed in edit mode.
 */
export function WidgetCard({
  widget,
  editing,
  onSettings,
  onRemove,
  onNudge,
}: {
  widget: Widget;
  editing: boolean;
  onSettings?: () => void;
  onRemove?: () => void;
  /** A keyboard step on the drag handle (arrows move, Shift+arrows resize). */
  onNudge?: (step: NonNullable<ReturnType<typeof nudgeOf>>) => void;
}) {
  const { t } = useTranslation([DASHBOARD_NS, WIDGET_NS]);
  const kind = WIDGET_KINDS[widget.type];
  const title = t(`${WIDGET_NS}:types.${widget.type}`);
  const View = kind?.View as React.ComponentType<WidgetViewProps> | undefined;
  const unavailable = <Alert type="info" showIcon title={t('notAvailable')} data-testid="widget-not-available" />;
  return (
    <Card
      size="small"
      data-testid={`widget-${widget.id}`}
      data-widget-type={widget.type}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, minHeight: 0, overflow: 'auto' }, header: editing ? { cursor: 'move' } : undefined }}
      title={
        <span className={editing ? DRAG_HANDLE : undefined} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          {editing && (
            <Tooltip title={t('keyboardHint')}>
              <Button
                size="small"
                type="text"
                icon={<DragOutlined />}
                aria-label={`${t('actions.dragHandle')}: ${title}. ${t('keyboardHint')}`}
                data-testid="widget-handle"
                onKeyDown={(e) => {
                  const step = nudgeOf(e.key, e.shiftKey);
                  if (!step) return;
                  e.preventDefault();
                  onNudge?.(step);
                }}
              />
            </Tooltip>
          )}
          <span>{title}</span>
        </span>
      }
      extra={
        editing && (
          <span style={{ display: 'inline-flex', gap: 4 }}>
            {kind?.SettingsFields && (
              <Tooltip title={t('actions.editWidget')}>
                <Button
                  size="small"
                  type="text"
                  icon={<SettingOutlined />}
                  aria-label={`${t('actions.editWidget')}: ${title}`}
                  onClick={onSettings}
                  data-testid="widget-settings"
                />
              </Tooltip>
            )}
            <Tooltip title={t('actions.removeWidget')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`${t('actions.removeWidget')}: ${title}`}
                onClick={onRemove}
                data-testid="widget-remove"
              />
            </Tooltip>
          </span>
        )
      }
    >
      {View ? (
        <WidgetBoundary fallback={unavailable}>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
            <View settings={widget.settings as WidgetViewProps['settings']} refreshMinutes={widget.refreshMinutes} />
          </Suspense>
        </WidgetBoundary>
      ) : (
        unavailable
      )}
    </Card>
  );
}
