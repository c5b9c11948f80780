import {
  ApartmentOutlined,
  AppstoreOutlined,
  BlockOutlined,
  BuildOutlined,
  CarOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileTextOutlined,
  FolderOutlined,
  InboxOutlined,
  LineChartOutlined,
  NotificationOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { type Locale, menuAncestry } from '@eqms/contract';
import { Menu, type MenuProps } from 'antd';
import { type ComponentType, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { dashboardIdOf, useDashboardMenu } from '../../features/dashboard/components/DashboardMenu.tsx';
import type { SideMenuItem } from '../navigation.ts';
import { useAppStore } from '../store.ts';

// The side menu (SPEC §2 desktop shell), built from the filtered menu tree; labels in the current language.

const ICONS: Record<string, ComponentType> = {
  dashboard: DashboardOutlined,
  notification: NotificationOutlined,
  database: DatabaseOutlined,
  inbox: InboxOutlined,
  build: BuildOutlined,
  shopping: ShoppingOutlined,
  car: CarOutlined,
  safety: SafetyOutlined,
  lineChart: LineChartOutlined,
  fileText: FileTextOutlined,
  apartment: ApartmentOutlined,
  tool: ToolOutlined,
  block: BlockOutlined,
  experiment: ExperimentOutlined,
  folder: FolderOutlined,
  setting: SettingOutlined,
};

type MenuItem = Required<MenuProps>['items'][number];

/** The dashboard entry's extras: the user's dashboards as children and its dots menu. */
type DashboardEntry = { dashboards: { id: number; name: string }[]; more: ReactNode };

function toItems(items: readonly SideMenuItem[], locale: Locale, depth = 0, dash?: DashboardEntry): MenuItem[] {
  return items.map((item) => {
    const Icon = item.icon ? ICONS[item.icon] : depth === 0 ? AppstoreOutlined : null;
    if (item.name === 'dashboard' && dash) return dashboardItem(item, locale, Icon, dash);
    const label = (
      <span key="label" data-testid={`menu-${item.name}`}>
        {item.label[locale]}
      </span>
    );
    const icon = Icon ? <Icon key="icon" /> : undefined;
    return item.children
      ? { key: `group:${item.name}`, icon, label, children: toItems(item.children, locale, depth + 1, dash) }
      : { key: item.path, icon, label, title: item.label[locale] };
  });
}

/** SPEC §2: the dashboard entry lists the user's dashboards; its dots menu sits on the entry's line. */
function dashboardItem(item: SideMenuItem, locale: Locale, Icon: ComponentType | null, dash: DashboardEntry): MenuItem {
  const label = (
    <span key="label" style={{ display: 'inline-flex', alignItems: 'center', width: '100%', gap: 4 }}>
      <span data-testid="menu-dashboard">{item.label[locale]}</span>
      {dash.more}
    </span>
  );
  const icon = Icon ? <Icon key="icon" /> : undefined;
  if (dash.dashboards.length === 0) return { key: item.path, icon, label, title: item.label[locale] };
  return {
    key: 'group:dashboard',
    icon,
    label,
    children: dash.dashboards.map((d) => ({
      key: `/dashboard/${d.id}`,
      label: <span data-testid={`menu-dashboard-${d.id}`}>{d.name}</span>,
      title: d.name,
    })),
  };
}

export function SideMenu({
  items,
  current,
  collapsed,
}: {
  items: SideMenuItem[];
  current: string | null;
  collapsed: boolean;
}) {
  const locale = useAppStore((s) => s.locale);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hasDashboard = useMemo(() => items.some((i) => i.name === 'dashboard'), [items]);
  const { dashboards, more } = useDashboardMenu(hasDashboard);
  const menuItems = useMemo(() => toItems(items, locale, 0, { dashboards, more }), [items, locale, dashboards, more]);
  const selectedPath = useMemo(
    () => (dashboardIdOf(pathname) !== null ? pathname : findPath(items, current)),
    [items, current, pathname],
  );
  const ancestors = useMemo(
    () =>
      current
        ? menuAncestry(current)
            .slice(1)
            .map((n) => `group:${n}`)
            .concat(current === 'dashboard' ? ['group:dashboard'] : [])
        : [],
    [current],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(ancestors);
  // Opening another page keeps the groups the user opened and adds the new page's group.
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...ancestors])]);
  }, [ancestors]);
  return (
    <Menu
      mode="inline"
      items={menuItems}
      selectedKeys={selectedPath ? [selectedPath] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        if (!key.startsWith('group:')) navigate(key);
      }}
      style={{ borderInlineEnd: 'none' }}
      data-testid="side-menu"
    />
  );
}

function findPath(items: readonly SideMenuItem[], name: string | null): string | null {
  if (!name) return null;
  for (const item of items) {
    if (item.name === name && !item.children) return item.path;
    const inner = item.children ? findPath(item.children, name) : null;
    if (inner) return inner;
  }
  return null;
}
