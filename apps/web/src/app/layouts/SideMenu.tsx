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
import { type ComponentType, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
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

function toItems(items: readonly SideMenuItem[], locale: Locale, depth = 0): MenuItem[] {
  return items.map((item) => {
    const Icon = item.icon ? ICONS[item.icon] : depth === 0 ? AppstoreOutlined : null;
    const label = (
      <span key="label" data-testid={`menu-${item.name}`}>
        {item.label[locale]}
      </span>
    );
    const icon = Icon ? <Icon key="icon" /> : undefined;
    return item.children
      ? { key: `group:${item.name}`, icon, label, children: toItems(item.children, locale, depth + 1) }
      : { key: item.path, icon, label, title: item.label[locale] };
  });
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
  const menuItems = useMemo(() => toItems(items, locale), [items, locale]);
  const selectedPath = useMemo(() => findPath(items, current), [items, current]);
  const ancestors = useMemo(
    () =>
      current
        ? menuAncestry(current)
            .slice(1)
            .map((n) => `group:${n}`)
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
