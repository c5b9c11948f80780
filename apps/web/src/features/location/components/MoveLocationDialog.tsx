import { canPlaceLocation, type LocationTreeNode } from '@eqms/contract';
import { Empty, Form, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { checkRule } from '../../../components/formErrors.ts';
import { type LocationOption, toLocationOptions } from '../../../components/LocationTreeSelect.tsx';
import { allowedParents, reportLocationError, useLocationApi } from '../location.queries.ts';

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
  const locationApi = useLocationApi();
  // The node's own subtree can never be a parent, so it is left out.
  const withoutSelf = (nodes: LocationTreeNode[]): LocationTreeNode[] =>
    nodes.filter((n) => n.id !== node?.id).map((n) => ({ ...n, children: withoutSelf(n.children ?? []) }));
  const options = toLocationOptions(
    withoutSelf(tree),
    (n) => !node || !canPlaceLocation(node.type, n.type) || n.id === node.parentId,
  );
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
          <TreeSelect<number, LocationOption>
            data-testid="location-move-parent"
            treeData={options}
            treeDefaultExpandAll
            treeLine
            showSearch={{ treeNodeFilterProp: 'name' }}
            treeNodeLabelProp="name"
          />
        </Form.Item>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noParents')} />
      )}
    </FormDialog>
  );
}
