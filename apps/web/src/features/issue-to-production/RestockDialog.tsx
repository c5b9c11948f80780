import { Col, Form, Input, Row, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZodType } from 'zod';
import type { ApiError } from '../../api/http.ts';
import { useCodeLabel } from '../../app/codes.ts';
import { useAppStore } from '../../app/store.ts';
import { FormDialog } from '../../components/FormDialog.tsx';
import { type showSaveError, zodRule } from '../../components/formErrors.ts';
import { NumberField } from '../../components/inputs/NumberField.tsx';
import { fmtQty } from '../material-stock/stock-rules.ts';
import type { IssueScreen } from './issue-screen.ts';
import { RefusalAlert, refuse } from './refusal.tsx';

type RestockFormValues = { qty?: number | null; reason?: string | null };

/**
 * Return what the line did not use of a released row to where it came from: at most what is at the line. The
 * server's refusals show in the dialog, which stays open (OUT_OF_STOCK on the quantity too). The item kind gives the
 * title, the row's two lines (what, and the plan it was released to), the body's rules and the write.
 */
export function RestockDialog({
  screen,
  row,
  title,
  item,
  plan,
  shape,
  restock,
  onClose,
}: {
  screen: IssueScreen;
  /** The row to restock (null: closed). */
  row: { qty: number; unit: string } | null;
  title: string;
  /** "code · name" of what was released. */
  item: ReactNode;
  /** The plan's product and line (and where the row came from). */
  plan: ReactNode;
  shape: { qty: ZodType; reason: ZodType };
  restock: (v: { qty: number; reason: string | null }) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation([screen.ns, 'common']);
  const p = screen.testPrefix;
  const unitLabel = useCodeLabel('UNIT');
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!row) setRefusal(null);
  }, [row]);

  const submit = async (v: RestockFormValues, form: Parameters<typeof showSaveError>[0]) => {
    if (!row) return;
    setRefusal(null);
    try {
      await restock({ qty: v.qty!, reason: v.reason || null });
      useAppStore.getState().notify(t('messages.restocked'), 'success');
    } catch (e) {
      refuse(e, form, setRefusal);
    }
  };

  return (
    <FormDialog<RestockFormValues>
      open={row !== null}
      title={title}
      testId={`${p}-restock`}
      okText={t('actions.restock')}
      onSubmit={submit}
      onClose={onClose}
    >
      {row && (
        <Typography.Paragraph type="secondary" data-testid={`${p}-restock-info`}>
          {item} — {t('hints.atLine', { qty: fmtQty(row.qty), unit: unitLabel(row.unit) })}
          <br />
          {plan}
        </Typography.Paragraph>
      )}
      <RefusalAlert refusal={refusal} testId={`${p}-restock-refusal`} />
      <Row gutter={12}>
        <Col xs={24} sm={12}>
          <Form.Item name="qty" label={t('fields.restockQty')} required rules={[zodRule(shape.qty)]}>
            <NumberField
              testId={`${p}-restock-qty`}
              min={0}
              suffix={row ? unitLabel(row.unit) : undefined}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="reason" label={t('fields.reason')} rules={[zodRule(shape.reason)]}>
            <Input data-testid={`${p}-restock-reason`} maxLength={200} autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
    </FormDialog>
  );
}
