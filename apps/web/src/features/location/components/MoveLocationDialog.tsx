import { canPlaceLocation, type LocationTreeNode } from '@eqms/contract';
import { Empty, Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { checkRule } from '../../../components/formErrors.ts';
import { LOCATION_TYPE_STYLE, useLocationTypeLabel } from '../../../components/LocationTreeSelect.tsx';
import { allowedParents, reportLocationError, useLocationApi } from '../location.queries.ts';

type Option = { value: number; title: string; disabled: boolean; children: Option[]; type: LocationTreeNode['type'] };

/** Choose a new parent; only the parents the placement rules allow can be picked (the node's own subtree never). */
export function MoveLocationDialog({
  tree,
  node,
  onClose,
}: {
  tree: LocationTreeNode[];
  node: LocationTreeNode | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['location', 'common']);
  const typeLabel = useLocationTypeLabel();
  const locationApi = useLocationApi();
  const options = (nodes: LocationTreeNode[]): Option[] =>
    nodes
      .filter((n) => n.id !== node?.id)
      .map((n) => ({
        value: n.id,
        title: n.name,
        type: n.type,
        disabled: !node || !canPlaceLocation(node.type, n.type) || n.id === node.parentId,
        children: options(n.children ?? []),
      }));
  const any = node ? allowedParents(tree, node).some((p) => p.id !== node.parentId) : false;

  return (
    <FormDialog<{ parentId: number }>
      open={!!node}
      title={t('titles.move', { name: node?.name ?? '' })}
      testId="location-move"
      okText={t('actions.move')}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!node) return;
        try {
          await locationApi.move(node, values.parentId);
          useAppStore.getState().notify(t('messages.moved'), 'success');
        } catch (err) {
          reportLocationError(err);
          throw err;
        }
      }}
    >
      {any ? (
        <Form.Item
          name="parentId"
          label={t('fields.parent')}
          required
          rules={[checkRule((v) => typeof v === 'number', 'required')]}
        >
          <TreeSelect<number, Option>
            data-testid="location-move-parent"
            treeData={options(tree)}
            treeDefaultExpandAll
            treeLine
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeTitleRender={(o) => (
              <span>
                <span style={{ opacity: 0.6, marginInlineEnd: 6 }}>{LOCATION_TYPE_STYLE[o.type]?.icon}</span>
                {o.title}
                <span style={{ opacity: 0.55, marginInlineStart: 6, fontSize: 12 }}>{typeLabel(o.type)}</span>
              </span>
            )}
            treeNodeLabelProp="title"
          />
        </Form.Item>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noParents')} />
      )}
    </FormDialog>
  );
}
