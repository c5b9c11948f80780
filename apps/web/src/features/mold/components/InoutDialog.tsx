import { type Mold, type MoldInoutType, moldInoutBody, translateMessage } from '@eqms/contract';
import { Alert, DatePicker, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { dateItemProps } from '../../material-stock/components/stock-inputs.tsx';
import { today } from '../../material-stock/stock-rules.ts';
import { MOLD_NS } from '../mold.locales.ts';
import { useMoldApi } from '../mold.queries.ts';
import { PlacePicker, type PlaceValue } from './PlacePicker.tsx';

type Values = {
  inoutDt?: string | null;
  worker?: string;
  shotCount?: number | null;
  place?: PlaceValue | null;
  note?: string | null;
};

/**
 * Mount a mold on a press (IN: pick a tool) or return it to a shelf (OUT: pick a SHELF), with the date, who and the
 * shot count at that time (POST /mold/inout). The shot count starts at the mold's current one.
 */
export function InoutDialog({ mold, type, onClose }: { mold: Mold | null; type: MoldInoutType; onClose: () => void }) {
  const { t } = useTranslation([MOLD_NS, 'common']);
  const api = useMoldApi();
  const locale = useAppStore((s) => s.locale);
  const user = useAppStore((s) => s.user);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!mold) setRefusal(null);
  }, [mold]);
  const shape = moldInoutBody.in.shape;

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    if (!mold) return;
    setRefusal(null);
    try {
      await api.addInout({
        moldId: mold.id,
        type,
        inoutDt: v.inoutDt ?? '',
        worker: v.worker ?? '',
        shotCount: v.shotCount ?? 0,
        locationId: type === 'OUT' ? (v.place?.locationId ?? null) : null,
        toolId: type === 'IN' ? (v.place?.toolId ?? null) : null,
        note: v.note || null,
      });
      useAppStore.getState().notify(t(type === 'IN' ? 'messages.mounted' : 'messages.returned'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      showSaveError(form, e, { fieldNames: { locationId: 'place', toolId: 'place' } });
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={mold !== null}
      title={mold ? t(type === 'IN' ? 'titles.mount' : 'titles.return', { code: mold.code }) : ''}
      testId="mold-inout-dialog"
      width={560}
      initialValues={{ inoutDt: today(), worker: user?.username ?? '', shotCount: mold?.shotCount ?? 0, place: null }}
      onSubmit={submit}
      onClose={onClose}
    >
      {mold && (
        <Typography.Paragraph type="secondary" data-testid="mold-inout-current">
          {t('hints.current', { place: mold.placePath })}
        </Typography.Paragraph>
      )}
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="mold-inout-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      <Form.Item
        name="place"
        label={t(type === 'IN' ? 'fields.press' : 'fields.shelf')}
        required
        rules={[
          {
            validator: async (_, v: PlaceValue | null) => {
              if (!v) throw new Error(translateMessage('required', locale));
            },
          },
        ]}
      >
        <PlacePicker testId="mold-inout-place" allow={type === 'IN' ? 'tool' : 'shelf'} />
      </Form.Item>
      <Form.Item
        name="inoutDt"
        label={t('fields.inoutDt')}
        required
        rules={[zodRule(shape.inoutDt)]}
        {...dateItemProps}
      >
        <DatePicker data-testid="mold-inout-date" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="worker" label={t('fields.worker')} required rules={[zodRule(shape.worker)]}>
        <Input data-testid="mold-inout-worker" maxLength={100} />
      </Form.Item>
      <Form.Item
        name="shotCount"
        label={t('fields.shotCount')}
        required
        rules={[zodRule(shape.shotCount)]}
        extra={mold ? t('hints.shots', { shots: mold.shotCount.toLocaleString() }) : undefined}
      >
        <NumberField testId="mold-inout-shots" integer min={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="note" label={t('fields.note')} rules={[zodRule(shape.note)]}>
        <Input.TextArea data-testid="mold-inout-note" maxLength={1000} rows={2} />
      </Form.Item>
    </FormDialog>
  );
}
