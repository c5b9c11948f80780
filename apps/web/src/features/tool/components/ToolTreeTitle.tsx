import { ToolOutlined } from '@ant-design/icons';
import type { ToolTreeNode } from '@eqms/contract';
import { Badge, Typography } from 'antd';
import { LOCATION_TYPE_STYLE, useLocationTypeLabel } from '../../../components/LocationTreeSelect.tsx';

/** A node of the tool tree (tools screen, parameter screen): icon, name, type or code, and a count badge. */
export function TreeTitle({ node, count }: { node: ToolTreeNode; count?: number }) {
  const typeLabel = useLocationTypeLabel();
  const icon = node.kind === 'tool' ? <ToolOutlined /> : LOCATION_TYPE_STYLE[node.locationType!]?.icon;
  return (
    <span data-testid="tool-tree-node" data-kind={node.kind} data-name={node.name} data-key={node.key}>
      <span style={{ opacity: 0.65, marginInlineEnd: 6 }}>{icon}</span>
      {node.name}
      {node.kind === 'tool' ? (
        <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
          {node.code}
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
          {typeLabel(node.locationType!)}
        </Typography.Text>
      )}
      {count !== undefined && count > 0 && (
        <Badge count={count} color="#8c8c8c" size="small" style={{ marginInlineStart: 6 }} overflowCount={999} />
      )}
    </span>
  );
}
