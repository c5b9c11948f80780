import { type Disposition, lotDispositionBody, type QualityHold } from '@eqms/contract';
import { Alert, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import { useQualityApi } from '../quality.queries.ts';
import { SIDE, type Side } from '../quality-side.ts';
import { holdSubject } from './cells.tsx';

type Values = { disposition: Disposition; reason: string };

/**
 * Decide a held package or lot: ACCEPT (concession), RETURN / SCRAP (the package's whole remaining quantity leaves
 * stock), SCRAP (the lot's stock is discarded), REWORK (the lot stays held until a passing re-inspection). A reason is
 * required, and a confirmation says what happens to the stock before anything is written.
 */
export function DispositionDialog({
  side,
  hold,
  onClose,
}: {
  side: Side;
  hold: QualityHold | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([QUALITY_NS, 'common']);
  const api = useQualityApi(side);
  const unitLabel = useCodeLabel('UNIT');
  const effect = (d: Disposition) =>
    hold
      ? t(`effect.${side}.${d}`, {
          subject: holdSubject(hold).id,
          qty: `${fmtQty(hold.stockQty)} ${unitLabel(hold.unit)}`,
        })
      : '';

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    if (!hold) return;
    const ok = await useAppStore.getState().askConfirm({
      title: t('titles.confirmDisposition', { disposition: t(`disposition.${v.disposition}`) }),
      text: effect(v.disposition),
      danger: v.disposition !== 'ACCEPT',
    });
    if (!ok) throw new Error('not confirmed');
    try {
      await api.dispose(hold.id, v);
      useAppStore.getState().notify(t('messages.disposed', { no: hold.holdNo }), 'success');
    } catch (e) {
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={hold !== null}
      title={hold ? t('titles.dispose', { no: hold.holdNo, subject: holdSubject(hold).id }) : ''}
      testId="q-dispose"
      okText={t('actions.dispose')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="disposition"
        label={t('fields.disposition')}
        required
        rules={[{ required: true, message: t('hints.chooseDisposition') }]}
      >
        <Radio.Group
          data-testid="q-dispose-choice"
          optionType="button"
          buttonStyle="solid"
          options={SIDE[side].dispositions.map((d) => ({ value: d, label: t(`disposition.${d}`) }))}
        />
      </Form.Item>
      <Form.Item noStyle dependencies={['disposition']}>
        {({ getFieldValue }) => {
          const d = getFieldValue('disposition') as Disposition | undefined;
          return d ? (
            <Alert
              type={d === 'ACCEPT' ? 'info' : 'warning'}
              showIcon
              style={{ marginBottom: 16 }}
              data-testid="q-dispose-effect"
              title={effect(d)}
            />
          ) : null;
        }}
      </Form.Item>
      <Form.Item name="reason" label={t('fields.reason')} required rules={[zodRule(lotDispositionBody.shape.reason)]}>
        <Input.TextArea data-testid="q-dispose-reason" maxLength={500} rows={3} />
      </Form.Item>
    </FormDialog>
  );
}
