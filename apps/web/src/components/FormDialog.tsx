import { Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../app/store.ts';

export type FormDialogProps<V> = {
  open: boolean;
  title: ReactNode;
  initialValues?: Partial<V>;
  /** Throwing keeps the dialog open (the caller has shown the error); resolving closes it. */
  onSubmit: (values: V, form: FormInstance<V>) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  width?: number;
  okText?: ReactNode;
};

/**
 * A dialog around an antd form. Keyboard: Enter in a field submits (the OK button is the form's submit button
 * through the form attribute, so the browser's implicit submission applies), Esc closes. Each opening starts
 * from `initialValues` because the form is destroyed when hidden.
 */
export function FormDialog<V>({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
  children,
  testId = 'form-dialog',
  width = 560,
  okText,
}: FormDialogProps<V>) {
  const { t } = useTranslation('common');
  const formId = `form-${useId().replace(/:/g, '')}`;
  const formRef = useRef<FormInstance<V>>(null);
  const [saving, setSaving] = useState(false);

  const finish = async (values: V) => {
    if (!formRef.current || saving) return;
    setSaving(true);
    try {
      await onSubmit(values, formRef.current);
      onClose();
    } catch {
      // Stay open: the field errors or the snackbar say what to fix.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      keyboard
      mask={{ closable: false }}
      okText={okText ?? t('actions.save')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ htmlType: 'submit', form: formId, loading: saving, 'data-testid': `${testId}-submit` }}
      cancelButtonProps={{ 'data-testid': `${testId}-cancel` }}
      data-testid={testId}
    >
      <Form<V>
        id={formId}
        ref={formRef}
        layout="vertical"
        initialValues={initialValues}
        onFinish={finish}
        onFinishFailed={() => useAppStore.getState().notify(t('messages.invalidForm'), 'warning')}
        requiredMark
        scrollToFirstError
        data-testid={`${testId}-form`}
      >
        {children}
      </Form>
    </Modal>
  );
}
