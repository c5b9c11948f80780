import { ToolOutlined, WarningOutlined } from '@ant-design/icons';
import type { MoldTreeNode } from '@eqms/contract';
import { Badge, Card, Flex, Switch, Tabs, Tooltip, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LOCATION_TYPE_STYLE } from '../../../components/LocationTreeSelect.tsx';
import { branchKeys, ServerTree } from '../../../components/ServerTree.tsx';
import { MOLD_NS } from '../mold.locales.ts';
import { useMoldTree } from '../mold.queries.ts';

export type MoldTreeKind = 'location' | 'mold';

function NodeTitle({ node }: { node: MoldTreeNode }) {
  const { t } = useTranslation(MOLD_NS);
  const { token } = theme.useToken();
  const icon =
    node.kind === 'LOCATION' ? (
      LOCATION_TYPE_STYLE[node.type as keyof typeof LOCATION_TYPE_STYLE]?.icon
    ) : node.kind === 'TOOL' ? (
      <ToolOutlined />
    ) : null;
  const name = node.kind === 'PRODUCT' && node.id == null ? t('tree.noProduct') : node.name;
  return (
    <span data-testid="mold-tree-node" data-key={node.key}>
      {icon && <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{icon}</span>}
      {node.code && node.kind !== 'LOCATION' && (
        <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineEnd: 4 }}>
          {node.code}
        </Typography.Text>
      )}
      {name}
      {node.due && (
        <Tooltip title={t('status.due')}>
          <WarningOutlined
            style={{ color: token.colorWarningText, marginInlineStart: 6 }}
            aria-label={t('status.due')}
          />
        </Tooltip>
      )}
      {node.kind !== 'MOLD' && node.moldCount > 0 && (
        <Badge
          count={node.moldCount}
          color={token.colorTextTertiary}
          overflowCount={9999}
          style={{ marginInlineStart: 6, boxShadow: 'none' }}
        />
      )}
    </span>
  );
}

const moldTitle = (node: MoldTreeNode) => <NodeTitle node={node} />;

function MoldTree({
  kind,
  empty,
  selected,
  onSelect,
}: {
  kind: MoldTreeKind;
  empty: boolean;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
}) {
  const { t } = useTranslation(MOLD_NS);
  const tree = useMoldTree(kind, empty);
  const allKeys = useMemo(() => branchKeys(tree.data ?? []), [tree.data]);
  return (
    <ServerTree
      nodes={tree.data}
      loading={tree.isLoading}
      title={moldTitle}
      emptyText={t('tree.empty')}
      testId={`mold-tree-${kind}`}
      expandedKeys={branchKeys}
      treeKey={`${kind}-${allKeys.join(',')}`}
      selected={selected}
      onSelect={onSelect}
    />
  );
}

/** The left panel: molds by location (with tools) and by product. */
export function MoldTreePanel({
  kind,
  onKind,
  empty,
  onEmpty,
  selected,
  onSelect,
}: {
  kind: MoldTreeKind;
  onKind: (k: MoldTreeKind) => void;
  empty: boolean;
  onEmpty: (z: boolean) => void;
  selected: string | undefined;
  onSelect: (key: string | undefined) => void;
}) {
  const { t } = useTranslation(MOLD_NS);
  return (
    <Card size="small">
      {kind === 'location' && (
        <Flex align="center" justify="flex-end" gap={6}>
          <Switch
            size="small"
            checked={empty}
            onChange={onEmpty}
            data-testid="mold-tree-empty"
            aria-label={t('tree.containEmpty')}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('tree.containEmpty')}
          </Typography.Text>
        </Flex>
      )}
      <Tabs
        activeKey={kind}
        onChange={(k) => onKind(k as MoldTreeKind)}
        data-testid="mold-tree-tabs"
        items={(['location', 'mold'] as const).map((k) => ({
          key: k,
          label: t(`tree.${k}`),
          children: <MoldTree kind={k} empty={empty} selected={selected} onSelect={onSelect} />,
        }))}
      />
    </Card>
  );
}
