import {
  BankOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  InboxOutlined,
  NodeIndexOutlined,
} from '@ant-design/icons';
import { type LocationTreeNode, type LocationType, locationEndpoints } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag, TreeSelect } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../api/http.ts';

// Location pickers everywhere (user form, profile, notices, stock) share one cached tree per depth.
export const LOCATION_TYPE_STYLE: Record<LocationType, { color: string; icon: ReactNode }> = {
  SITE: { color: 'purple', icon: <EnvironmentOutlined /> },
  FACTORY: { color: 'blue', icon: <BankOutlined /> },
  LINE: { color: 'green', icon: <NodeIndexOutlined /> },
  WAREHOUSE: { color: 'orange', icon: <InboxOutlined /> },
  SHELF: { color: 'gold', icon: <DatabaseOutlined /> },
};

/** The type's name in the current language (glossary: site, factory, line, warehouse, shelf). */
export function useLocationTypeLabel() {
  const { t } = useTranslation('glossary');
  return (type: LocationType) => t(type.toLowerCase());
}

export function LocationTypeTag({ type }: { type: LocationType }) {
  const label = useLocationTypeLabel();
  const s = LOCATION_TYPE_STYLE[type];
  return (
    <Tag color={s.color} icon={s.icon} data-testid={`location-type-${type}`} style={{ marginInlineEnd: 0 }}>
      {label(type)}
    </Tag>
  );
}

/** GET /api/location/tree, optionally only down to the deepest of `typeUntils` (e.g. LINE for profiles). */
export function useLocationTree(typeUntils?: LocationType[]) {
  return useQuery({
    queryKey: ['location', 'tree', typeUntils ?? []],
    queryFn: ({ signal }) => call(locationEndpoints.tree, { query: { typeUntils }, signal }),
    staleTime: 60_000,
  });
}

/** A tree option: `title` is what the list shows (icon, name, type); `name` is searched and shown when chosen. */
export type LocationOption = {
  value: number;
  name: string;
  title: ReactNode;
  disabled?: boolean;
  children: LocationOption[];
};

export function LocationOptionTitle({ node }: { node: Pick<LocationTreeNode, 'name' | 'type'> }) {
  const label = useLocationTypeLabel();
  return (
    <span>
      <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{LOCATION_TYPE_STYLE[node.type]?.icon}</span>
      {node.name}
      <span style={{ opacity: 0.55, marginInlineStart: 6, fontSize: 12 }}>{label(node.type)}</span>
    </span>
  );
}

/** TreeSelect options over a location tree; `disabledFor` greys out nodes that cannot be chosen. */
export function toLocationOptions(
  nodes: LocationTreeNode[],
  disabledFor?: (n: LocationTreeNode) => boolean,
): LocationOption[] {
  return nodes.map((n) => ({
    value: n.id,
    name: n.name,
    title: <LocationOptionTitle node={n} />,
    disabled: disabledFor?.(n),
    children: toLocationOptions(n.children ?? [], disabledFor),
  }));
}

export type LocationTreeSelectProps = {
  value?: number | null;
  onChange?: (id: number | null) => void;
  typeUntils?: LocationType[];
  allowClear?: boolean;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  /** Given by Form.Item, so its label names and focuses the select. */
  id?: string;
  /** The accessible name where no form label names the select (a filter bar): defaults to the placeholder. */
  'aria-label'?: string;
  /** Only nodes of these types can be chosen (e.g. SHELF where stock is placed); the others stay as the path. */
  selectableTypes?: LocationType[];
};

export function LocationTreeSelect({
  value,
  onChange,
  typeUntils,
  allowClear = true,
  placeholder,
  disabled,
  testId,
  id,
  'aria-label': ariaLabel,
  selectableTypes,
}: LocationTreeSelectProps) {
  const { t } = useTranslation('glossary');
  const tree = useLocationTree(typeUntils);
  const selectableKey = selectableTypes?.join(',');
  const options = useMemo(() => {
    if (!tree.data) return [];
    const only = selectableKey ? new Set(selectableKey.split(',')) : null;
    return toLocationOptions(tree.data, only ? (n) => !only.has(n.type) : undefined);
  }, [tree.data, selectableKey]);
  return (
    <TreeSelect<number | undefined, LocationOption>
      data-testid={testId ?? 'location-tree-select'}
      id={id}
      aria-label={ariaLabel ?? (id ? undefined : (placeholder ?? t('location')))}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={options}
      loading={tree.isLoading}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder ?? t('location')}
      showSearch={{ treeNodeFilterProp: 'name' }}
      treeDefaultExpandAll
      treeLine
      treeNodeLabelProp="name"
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
