import type { Operation } from '@eqms/contract';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useOperations } from '../../operation/operation.queries.ts';

/** Picks operations not yet in the list; they are added in the order picked. */
export function AddOpersDialog({
  open,
  title,
  exclude,
  onClose,
  onAdd,
  testId,
}: {
  open: boolean;
  title: string;
  exclude: number[];
  onClose: () => void;
  onAdd: (operationIds: number[]) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation('route');
  const operations = useOperations();
  const taken = new Set(exclude);
  const options = (operations.data ?? [])
    .filter((o: Operation) => !taken.has(o.id))
    .map((o) => ({ value: o.id, label: `${o.code} · ${o.name}` }));
  return (
    <FormDialog<{ operationIds: number[] }>
      open={open}
      title={title}
      initialValues={{ operationIds: [] }}
      testId={testId}
      onClose={onClose}
      okText={t('common:actions.add')}
      onSubmit={async (values) => {
        await onAdd(values.operationIds);
        useAppStore.getState().notify(t('common:messages.saved'), 'success');
      }}
    >
      <Form.Item
        name="operationIds"
        label={t('fields.operations')}
        required
        rules={[{ required: true, type: 'array', min: 1, message: t('messages.pickOperation') }]}
      >
        <Select
          data-testid={`${testId}-select`}
          mode="multiple"
          loading={operations.isLoading}
          options={options}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('messages.pickOperation')}
        />
      </Form.Item>
    </FormDialog>
  );
}
