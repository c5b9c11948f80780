import {
  BankOutlined,
  DatabaseOutlined,
  EnvironmentOutlined,
  InboxOutlined,
  NodeIndexOutlined,
} from '@ant-design/icons';
import type { LocationTreeNode, LocationType } from '@eqms/contract';
import { useQuery } from '@tanstack/react-query';
import { Tag, TreeSelect } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/http.ts';

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
    queryFn: ({ signal }) => api.get<LocationTreeNode[]>('/location/tree', { query: { typeUntils }, signal }),
    staleTime: 60_000,
  });
}

type Option = { value: number; title: string; type: LocationType; children: Option[] };
const toOptions = (nodes: LocationTreeNode[]): Option[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, type: n.type, children: toOptions(n.children ?? []) }));

export type LocationTreeSelectProps = {
  value?: number | null;
  onChange?: (id: number | null) => void;
  typeUntils?: LocationType[];
  allowClear?: boolean;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
};

export function LocationTreeSelect({
  value,
  onChange,
  typeUntils,
  allowClear = true,
  placeholder,
  disabled,
  testId,
}: LocationTreeSelectProps) {
  const { t } = useTranslation('glossary');
  const label = useLocationTypeLabel();
  const tree = useLocationTree(typeUntils);
  return (
    <TreeSelect<number | undefined, Option>
      data-testid={testId ?? 'location-tree-select'}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={tree.data ? toOptions(tree.data) : []}
      loading={tree.isLoading}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder ?? t('location')}
      showSearch={{ treeNodeFilterProp: 'title' }}
      treeDefaultExpandAll
      treeLine
      treeTitleRender={(node) => (
        <span>
          <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{LOCATION_TYPE_STYLE[node.type]?.icon}</span>
          {node.title}
          <span style={{ opacity: 0.55, marginInlineStart: 6, fontSize: 12 }}>{label(node.type)}</span>
        </span>
      )}
      treeNodeLabelProp="title"
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
