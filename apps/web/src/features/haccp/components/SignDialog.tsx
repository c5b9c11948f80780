import { type CcpMonitoring, signBody } from '@eqms/contract';
import { Alert, Descriptions, Form, Input } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { HACCP_NS } from '../haccp.locales.ts';
import { useHaccpApi } from '../haccp.queries.ts';
import { valueText } from './record-text.ts';

/**
 * The signature dialog of any HACCP record: the record in short (`details`: label and value pairs, null while no record is
 * chosen), what the signature means, and the user's password (checked by the server). `testId` prefixes the test ids
 * (`<testId>-sign-dialog`, `-sign-password`, …).
 */
export function SignatureDialog({
  kind,
  details,
  testId,
  onSign,
  onClose,
}: {
  kind: 'sign' | 'review' | null;
  details: [label: string, value: ReactNode][] | null;
  testId: string;
  onSign: (kind: 'sign' | 'review', password: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation([HACCP_NS, 'common']);
  const locale = useAppStore((s) => s.locale);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const open = kind !== null && details !== null;
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);

  const submit = async (v: { password?: string }, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    try {
      await onSign(kind!, v.password ?? '');
      useAppStore.getState().notify(t(kind === 'review' ? 'messages.reviewed' : 'messages.signed'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<{ password?: string }>
      open={open}
      title={t(kind === 'review' ? 'titles.review' : 'titles.sign')}
      testId={`${testId}-sign-dialog`}
      okText={t(kind === 'review' ? 'actions.review' : 'actions.sign')}
      onSubmit={submit}
      onClose={onClose}
    >
      {details && (
        <Descriptions size="small" column={1} bordered style={{ marginBottom: 12 }}>
          {details.map(([label, value]) => (
            <Descriptions.Item key={label} label={label}>
              {value}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={t(kind === 'review' ? 'hints.reviewMeaning' : 'hints.signMeaning')}
      />
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid={`${testId}-sign-refusal`}
          title={errorText(refusal, locale)}
        />
      )}
      <Form.Item name="password" label={t('fields.password')} required rules={[zodRule(signBody.shape.password)]}>
        <Input.Password data-testid={`${testId}-sign-password`} autoComplete="current-password" />
      </Form.Item>
    </FormDialog>
  );
}

/** The signature dialog of a CCP check. */
export function SignDialog({
  kind,
  row,
  onClose,
}: {
  kind: 'sign' | 'review' | null;
  row: CcpMonitoring | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([HACCP_NS, 'common']);
  const api = useHaccpApi();
  return (
    <SignatureDialog
      kind={kind}
      testId="ccp"
      onClose={onClose}
      onSign={(k, password) => (k === 'review' ? api.review(row!.id, password) : api.sign(row!.id, password))}
      details={
        row && [
          [t('fields.ccp'), row.ccpName],
          [t('fields.checkedAt'), row.checkedAt],
          [t('fields.value'), valueText(row, t)],
          [t('fields.operator'), row.operatorName],
        ]
      }
    />
  );
}
