import { resetPasswordBody, type User } from '@eqms/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { useUserApi } from '../user.queries.ts';
import { passwordConfirmRule } from './passwordRules.ts';

/** An administrator sets a new password for a user (PUT /api/user/{id}/password). */
export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t } = useTranslation('user');
  const userApi = useUserApi();
  return (
    <FormDialog<{ password: string; passwordConfirm: string }>
      open={!!user}
      title={t('titles.resetPassword', { userId: user?.userId ?? '' })}
      testId="reset-password"
      width={440}
      onClose={onClose}
      onSubmit={async (values, form) => {
        if (!user) return;
        try {
          await userApi.resetPassword(user.id, values.password);
          useAppStore.getState().notify(t('messages.passwordReset'), 'success');
        } catch (err) {
          showSaveError(form, err);
          throw err;
        }
      }}
    >
      <Form.Item
        name="password"
        label={t('fields.password')}
        required
        rules={[zodRule(resetPasswordBody.shape.password)]}
      >
        <Input.Password data-testid="reset-password-password" autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="passwordConfirm"
        label={t('fields.passwordConfirm')}
        required
        dependencies={['password']}
        rules={passwordConfirmRule}
      >
        <Input.Password data-testid="reset-password-confirm" autoComplete="new-password" />
      </Form.Item>
    </FormDialog>
  );
}
