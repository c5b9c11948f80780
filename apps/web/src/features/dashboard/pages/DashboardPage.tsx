import { DeleteOutlined, EditOutlined, FormOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { DASHBOARD_WIDGETS_MAX, type WidgetType } from '@eqms/contract';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useBlocker, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useCan } from '../../../app/permissions.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { PageContainer } from '../../../components/PageContainer.tsx';
import { WIDGET_KINDS } from '../widgets/registry.ts';
import { WIDGET_NS } from '../widgets/widget.locales.ts';
import type { WidgetFormValues } from '../components/WidgetDialog.tsx';
import {
  applyLayout,
  canAddWidget,
  layoutChanged,
  newWidgetId,
  nudge,
  placeNew,
  type Widget,
  widgetsBody,
} from '../dashboard-layout.ts';
import { DASHBOARD_NS } from '../dashboard.locales.ts';
import { useDashboard, useDashboardApi, useDashboards } from '../dashboard.queries.ts';

// The grid (react-grid-layout, the cards) loads when a dashboard has widgets, the dialogs (antd's Form) when opened:
// the dashboard is most users' first page after sign-in, and an empty one needs neither.
const DashboardGrid = lazy(() => import('../components/DashboardGrid.tsx').then((m) => ({ default: m.DashboardGrid })));
const NameDialog = lazy(() => import('../components/NameDialog.tsx').then((m) => ({ default: m.NameDialog })));
const WidgetDialog = lazy(() => import('../components/WidgetDialog.tsx').then((m) => ({ default: m.WidgetDialog })));

/** `?create=1` (the side menu's "new dashboard") opens the name dialog on arrival. */
export const CREATE_PARAM = 'create';

/**
 * /dashboard/:id? (SPEC §2, §3 Dashboard; issue 17): one of the user's dashboards on the 12-column grid. Without an
 * id the first one opens (an empty state offers to create one). Edit mode (modify) moves, resizes, adds, sets and
 * removes widgets and saves the layout as a whole; create, rename and delete need their rights.
 */
export default function DashboardPage() {
  const { t } = useTranslation([DASHBOARD_NS, 'common']);
  const { id: idParam } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const can = {
    create: useCan('dashboard', 'create'),
    modify: useCan('dashboard', 'modify'),
    delete: useCan('dashboard', 'delete'),
  };
  const list = useDashboards();
  const id = idParam && /^\d+$/.test(idParam) ? Number(idParam) : null;
  const one = useDashboard(id);
  const api = useDashboardApi();
  const [nameDialog, setNameDialog] = useState<'create' | 'rename' | null>(null);
  const [draft, setDraft] = useState<Widget[] | null>(null);
  const [widgetDialog, setWidgetDialog] = useState<{ widget: Widget | null } | null>(null);

  // The side menu's "new dashboard" lands here with ?create=1.
  useEffect(() => {
    if (search.get(CREATE_PARAM) === null) return;
    if (can.create) setNameDialog('create');
    const rest = new URLSearchParams(search);
    rest.delete(CREATE_PARAM);
    setSearch(rest, { replace: true });
  }, [search, setSearch, can.create]);

  // Leaving the page (or for another dashboard) with an unsaved layout asks first.
  const saved = one.data?.widgets;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      draft !== null &&
      saved !== undefined &&
      currentLocation.pathname !== nextLocation.pathname &&
      layoutChanged(saved, draft),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void useAppStore
      .getState()
      .askConfirm({ title: t('common:confirm.title'), text: t('confirm.discard') })
      .then((ok) => (ok ? blocker.proceed() : blocker.reset()));
  }, [blocker, t]);

  // Another dashboard: leave edit mode.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on the id only
  useEffect(() => setDraft(null), [id]);

  const createDialog = nameDialog !== null && (
    <Suspense fallback={null}>
      <NameDialog
        open
        name={nameDialog === 'rename' ? (one.data?.name ?? '') : null}
        onClose={() => setNameDialog(null)}
        onSubmit={async (name) => {
          if (nameDialog === 'rename' && one.data) {
            await api.update({ id: one.data.id, name }, true);
          } else {
            const d = await api.create(name);
            navigate(`/dashboard/${d.id}`);
          }
          useAppStore.getState().notify(t('common:messages.saved'), 'success');
        }}
      />
    </Suspense>
  );
  const createButton = can.create && (
    <Button icon={<PlusOutlined />} onClick={() => setNameDialog('create')} data-testid="dashboard-create">
      {t('actions.create')}
    </Button>
  );

  if (idParam === undefined) {
    if (list.isPending) return <Skeleton active />;
    const first = list.data?.[0];
    if (first) return <Navigate to={`/dashboard/${first.id}${location.search}`} replace />;
    return (
      <PageContainer menuName="dashboard" extra={createButton}>
        <Empty description={t('empty.none')} data-testid="dashboard-empty">
          {createButton}
        </Empty>
        {createDialog}
      </PageContainer>
    );
  }

  const dashboard = one.data;
  if (id === null || one.isError) {
    return (
      <PageContainer menuName="dashboard" extra={createButton}>
        <Empty description={t('empty.notFound')} data-testid="dashboard-not-found" />
        {createDialog}
      </PageContainer>
    );
  }
  if (!dashboard) return <Skeleton active />;

  const editing = draft !== null;
  const widgets = draft ?? dashboard.widgets;
  const widgetTitle = (w: Widget) => t(`${WIDGET_NS}:types.${w.type}`);

  const save = async () => {
    if (!draft) return;
    await api.update({ id: dashboard.id, name: dashboard.name, widgets: widgetsBody(draft) });
    setDraft(null);
    useAppStore.getState().notify(t('common:messages.saved'), 'success');
  };
  const cancel = async () => {
    if (draft && layoutChanged(dashboard.widgets, draft)) {
      const ok = await useAppStore
        .getState()
        .askConfirm({ title: t('common:confirm.title'), text: t('confirm.discard') });
      if (!ok) return;
    }
    setDraft(null);
  };
  const remove = () =>
    confirmRemove(t('confirm.delete', { name: dashboard.name }), async () => {
      await api.remove(dashboard.id);
      useAppStore.getState().notify(t('common:messages.deleted'), 'success');
      navigate('/dashboard', { replace: true });
    });
  const widgetDone = (values: WidgetFormValues) => {
    const current = draft ?? [];
    const editingWidget = widgetDialog?.widget;
    if (editingWidget) {
      setDraft(
        current.map((w) =>
          w.id === editingWidget.id ? { ...w, settings: values.settings, refreshMinutes: values.refreshMinutes } : w,
        ),
      );
    } else {
      const kind = WIDGET_KINDS[values.type as WidgetType];
      setDraft([
        ...current,
        placeNew(current, {
          id: newWidgetId(),
          type: values.type,
          size: kind?.size ?? { w: 4, h: 3 },
          settings: values.settings,
          refreshMinutes: values.refreshMinutes,
        }),
      ]);
    }
  };

  const extra = editing ? (
    <>
      <Button
        icon={<PlusOutlined />}
        disabled={!canAddWidget(widgets)}
        title={canAddWidget(widgets) ? undefined : t('maxWidgets', { max: DASHBOARD_WIDGETS_MAX })}
        onClick={() => setWidgetDialog({ widget: null })}
        data-testid="dashboard-add-widget"
      >
        {t('actions.addWidget')}
      </Button>
      <Button onClick={cancel} data-testid="dashboard-cancel">
        {t('common:actions.cancel')}
      </Button>
      <Button type="primary" icon={<SaveOutlined />} onClick={save} data-testid="dashboard-save">
        {t('actions.saveLayout')}
      </Button>
    </>
  ) : (
    <>
      {can.modify && (
        <Button icon={<EditOutlined />} onClick={() => setDraft(dashboard.widgets)} data-testid="dashboard-edit">
          {t('actions.edit')}
        </Button>
      )}
      {can.modify && (
        <Button icon={<FormOutlined />} onClick={() => setNameDialog('rename')} data-testid="dashboard-rename">
          {t('actions.rename')}
        </Button>
      )}
      {can.delete && (
        <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="dashboard-delete">
          {t('actions.delete')}
        </Button>
      )}
      {createButton}
    </>
  );

  return (
    <PageContainer menuName="dashboard" title={dashboard.name} extra={extra}>
      {editing && <Alert type="info" showIcon title={t('editing')} style={{ marginBottom: 12 }} />}
      {widgets.length === 0 ? (
        <Empty description={t('empty.noWidgets')} data-testid="dashboard-no-widgets">
          {can.modify && !editing && t('empty.noWidgetsHint')}
        </Empty>
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <DashboardGrid
            widgets={widgets}
            editing={editing}
            onLayout={(layout) => setDraft((d) => (d ? applyLayout(d, layout) : d))}
            onSettings={(w) => setWidgetDialog({ widget: w })}
            onNudge={(w, step) => setDraft((d) => (d ? nudge(d, w.id, step) : d))}
            onRemove={(w) =>
              confirmRemove(t('confirm.removeWidget', { name: widgetTitle(w) }), async () =>
                setDraft((d) => (d ? d.filter((x) => x.id !== w.id) : d)),
              )
            }
          />
        </Suspense>
      )}
      {createDialog}
      {widgetDialog && (
        <Suspense fallback={null}>
          <WidgetDialog
            open
            initial={
              widgetDialog.widget
                ? {
                    type: widgetDialog.widget.type,
                    refreshMinutes: widgetDialog.widget.refreshMinutes,
                    settings: widgetDialog.widget.settings,
                  }
                : null
            }
            onClose={() => setWidgetDialog(null)}
            onDone={widgetDone}
          />
        </Suspense>
      )}
    </PageContainer>
  );
}
