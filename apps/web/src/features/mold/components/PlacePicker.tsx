import type { MoldPlaceOption } from '@eqms/contract';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { usePlaceOptions } from '../mold.queries.ts';

/** What may be picked: any place a mold may stand (a SHELF or a tool), only tools (mount), or only shelves (return). */
export type PlaceAllow = 'any' | 'tool' | 'shelf';
export type PlaceValue = { locationId: number | null; toolId: number | null };

const keyOf = (v: PlaceValue | null | undefined) =>
  v?.toolId != null ? `T${v.toolId}` : v?.locationId != null ? `L${v.locationId}` : undefined;
const placeOfKey = (key: string | undefined): PlaceValue | null => {
  const m = key ? /^([LT])(\d+)$/.exec(key) : null;
  if (!m) return null;
  return m[1] === 'T' ? { locationId: null, toolId: Number(m[2]) } : { locationId: Number(m[2]), toolId: null };
};

type TreeNode = { value: string; title: string; selectable: boolean; children?: TreeNode[] };

function toTree(nodes: MoldPlaceOption[], allow: PlaceAllow): TreeNode[] {
  const ok = (n: MoldPlaceOption) =>
    n.selectable && (allow === 'any' || (allow === 'tool' ? n.kind === 'TOOL' : n.kind === 'LOCATION'));
  const out: TreeNode[] = [];
  for (const n of nodes) {
    const children = n.children ? toTree(n.children, allow) : [];
    if (!ok(n) && children.length === 0) continue;
    out.push({ value: n.value, title: n.label, selectable: ok(n), children: children.length ? children : undefined });
  }
  return out;
}

/**
 * The place of a mold from GET /mold/cascader: the location tree with tools under their line or warehouse; only a
 * SHELF or a tool can be picked (SPEC §5), narrowed to tools (mount) or shelves (return). A form item: its value is
 * `{ locationId, toolId }`.
 */
export function PlacePicker({
  value,
  onChange,
  allow = 'any',
  testId,
  id,
  disabled,
}: {
  value?: PlaceValue | null;
  onChange?: (v: PlaceValue | null) => void;
  allow?: PlaceAllow;
  testId: string;
  id?: string;
  disabled?: boolean;
}) {
  const options = usePlaceOptions(true);
  const tree = useMemo(() => toTree(options.data ?? [], allow), [options.data, allow]);
  return (
    <TreeSelect
      id={id}
      data-testid={testId}
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      loading={options.isLoading}
      disabled={disabled}
      allowClear
      value={keyOf(value)}
      onChange={(key: string | undefined) => onChange?.(placeOfKey(key))}
      treeData={tree}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
    />
  );
}
