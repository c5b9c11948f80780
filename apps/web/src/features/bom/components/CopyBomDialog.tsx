import { Alert, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError } from '../../../components/formErrors.ts';
import { cycleText, useBomApi } from '../bom.queries.ts';
import { PickSelect } from './PickSelect.tsx';

type Source = { id: number; code: string; name: string };

/**
 * Copies the source product's direct lines onto another product. A target that already has a BOM is replaced only
 * after the user confirms (the server answers 409 CONFLICT first).
 */
export function CopyBomDialog({
  source,
  onClose,
  onCopied,
}: {
  source: Source | null;
  onClose: () => void;
  onCopied: (toProductId: number) => void;
}) {
  const { t } = useTranslation(['bom', 'common']);
  const bomApi = useBomApi();
  const [cycle, setCycle] = useState<string | null>(null);
  const close = () => {
    setCycle(null);
    onClose();
  };
  return (
    <FormDialog<{ toProductId: number }>
      open={!!source}
      title={t('titles.copy', { code: source?.code, name: source?.name })}
      testId="bom-copy-form"
      okText={t('actions.copy')}
      onClose={close}
      onSubmit={async (values, form) => {
        if (!source) return;
        setCycle(null);
        const { notify, askConfirm } = useAppStore.getState();
        try {
          try {
            await bomApi.copy(source.id, values.toProductId, false);
          } catch (err) {
            if (!(err instanceof ApiError) || err.code !== 'CONFLICT') throw err;
            const replace = await askConfirm({
              title: t('common:confirm.title'),
              text: t('messages.confirmReplace'),
              danger: true,
            });
            if (!replace) throw err;
            await bomApi.copy(source.id, values.toProductId, true);
          }
          notify(t('messages.copied'), 'success');
          onCopied(values.toProductId);
        } catch (err) {
          const text = cycleText(err);
          if (text) {
            setCycle(text);
            notify(text, 'error');
          } else if (!(err instanceof ApiError && err.code === 'CONFLICT')) {
            showSaveError(form, err);
          }
          throw err;
        }
      }}
    >
      {cycle && (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={cycle} data-testid="bom-cycle-alert" />
      )}
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('hints.copy')} />
      <Form.Item
        name="toProductId"
        label={t('fields.copyTo')}
        required
        rules={[{ required: true, message: t('messages.pick') }]}
      >
        <PickSelect kind="PRODUCT" testId="bom-copy-target" excludeId={source?.id} placeholder={t('hints.pick')} />
      </Form.Item>
    </FormDialog>
  );
}
