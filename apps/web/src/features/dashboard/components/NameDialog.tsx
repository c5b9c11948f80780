import { dashboardCreateBody } from '@eqms/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { DASHBOARD_NS } from '../dashboard.locales.ts';

/** Create a dashboard or rename one: its name (required, at most 50, unique per user — the server answers 409). */
export function NameDialog({
  open,
  name,
  onClose,
  onSubmit,
}: {
  open: boolean;
  /** Null: a new dashboard. */
  name: string | null;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void>;
}) {
  const { t } = useTranslation([DASHBOARD_NS, 'common']);
  return (
    <FormDialog<{ name: string }>
      open={open}
      title={name === null ? t('titles.create') : t('titles.rename')}
      testId="dashboard-name-form"
      initialValues={{ name: name ?? '' }}
      onClose={onClose}
      onSubmit={async (values, form) => {
        try {
          await onSubmit(values.name.trim());
        } catch (err) {
          showSaveError(form, err);
          throw err;
        }
      }}
    >
      <Form.Item name="name" label={t('fields.name')} required rules={[zodRule(dashboardCreateBody.shape.name)]}>
        <Input data-testid="dashboard-name-input" maxLength={50} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
