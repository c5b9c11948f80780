import { CONDITION_TITLE_MAX, conditionEndpoints, ruleMessage, translateMessage } from '@eqms/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { call } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';
import { FormDialog } from './FormDialog.tsx';
import { showSaveError } from './formErrors.ts';
import { conditionKeys, type SearchCond } from './SavedSearchMenu.tsx';

/** Saves the list page's current search under a title (SavedSearchMenu loads it on first use). */
export default function SaveSearchDialog({
  open,
  menu,
  testId,
  onClose,
}: {
  open: boolean;
  menu: string;
  testId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['kit', 'common']);
  const locale = useAppStore((s) => s.locale);
  const location = useLocation();
  const qc = useQueryClient();
  const required = translateMessage(ruleMessage('conditionTitle'), locale);
  return (
    <FormDialog<{ title: string }>
      open={open}
      title={t('kit:saveSearch')}
      testId={`${testId}-dialog`}
      width={420}
      onClose={onClose}
      onSubmit={async (values, form) => {
        const searchCond = JSON.stringify({ search: location.search } satisfies SearchCond);
        try {
          await call(conditionEndpoints.create, {
            body: { title: values.title.trim(), menu, searchCond },
            silent: true,
          });
        } catch (err) {
          showSaveError(form, err);
          throw err;
        }
        useAppStore.getState().notify(t('kit:searchSaved'), 'success');
        await qc.invalidateQueries({ queryKey: conditionKeys.ofMenu(menu) });
      }}
    >
      <Form.Item
        name="title"
        label={t('kit:searchTitle')}
        rules={[
          { required: true, whitespace: true, message: required },
          {
            max: CONDITION_TITLE_MAX,
            message: translateMessage(ruleMessage('maxLength', { max: CONDITION_TITLE_MAX }), locale),
          },
        ]}
      >
        <Input data-testid={`${testId}-title`} autoFocus maxLength={CONDITION_TITLE_MAX} />
      </Form.Item>
    </FormDialog>
  );
}
