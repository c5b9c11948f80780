import { type ProductStock, productStockAdjustBody, productStockNoteBody, rules } from '@eqms/contract';
import { Alert, Descriptions, Form, Input, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { PROD_STOCK_NS } from '../product-stock.locales.ts';
import { useProdStockApi } from '../product-stock.queries.ts';
import { DisposedTag, LotExpiryCell } from './stock-cells.tsx';

// The row actions' dialogs: adjust the quantity (the counted one and why), discard (a confirmation with the reason)
// and the note. A refusal by a rule (409, e.g. a row discarded meanwhile) shows in the dialog, which stays open.

/** The row the dialog acts on, as the top of the dialog shows it. */
function RowSummary({ row }: { row: ProductStock }) {
  const { t } = useTranslation(PROD_STOCK_NS);
  const unitLabel = useCodeLabel('UNIT');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      style={{ marginBottom: 16 }}
      items={[
        { key: 'product', label: t('fields.product'), children: `${row.productCode} · ${row.productName}` },
        {
          key: 'qty',
          label: t('fields.currentQty'),
          children: (
            <span data-testid="prod-dialog-current-qty">
              {fmtQty(row.qty)} {unitLabel(row.unit)} <DisposedTag row={row} />
            </span>
          ),
        },
        { key: 'place', label: t('fields.location'), children: row.placePath },
        { key: 'expiry', label: t('fields.expiryDate'), children: <LotExpiryCell row={row} /> },
      ]}
    />
  );
}

function useRefusal(row: ProductStock | null) {
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  useEffect(() => {
    if (!row) setRefusal(null);
  }, [row]);
  return [refusal, setRefusal] as const;
}

function Refusal({ refusal, testId }: { refusal: ApiError | null; testId: string }) {
  const locale = useAppStore((s) => s.locale);
  if (!refusal) return null;
  return (
    <Alert type="error" showIcon style={{ marginBottom: 12 }} data-testid={testId} title={errorText(refusal, locale)} />
  );
}

type AdjustValues = { adjustedQty: number; description: string };

/** PUT /productstock/stock/{id}/qty: the counted quantity and a required reason; the difference is recorded. */
export function AdjustDialog({ row, onClose }: { row: ProductStock | null; onClose: () => void }) {
  const { t } = useTranslation([PROD_STOCK_NS, 'common']);
  const api = useProdStockApi();
  const unitLabel = useCodeLabel('UNIT');
  const [refusal, setRefusal] = useRefusal(row);
  const shape = productStockAdjustBody.shape;
  const submit = async (v: AdjustValues, form: Parameters<typeof showSaveError>[0]) => {
    if (!row) return;
    setRefusal(null);
    try {
      await api.adjust(row.id, v.adjustedQty, v.description.trim());
      useAppStore.getState().notify(t('messages.adjusted'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      else showSaveError(form, e);
      throw e;
    }
  };
  return (
    <FormDialog<AdjustValues>
      open={row !== null}
      title={t('titles.adjust', { lotId: row?.lotId ?? '' })}
      testId="prod-adjust"
      width={620}
      okText={t('actions.adjust')}
      initialValues={row ? { adjustedQty: row.qty } : undefined}
      onSubmit={submit}
      onClose={onClose}
    >
      {row && <RowSummary row={row} />}
      <Refusal refusal={refusal} testId="prod-adjust-refusal" />
      <Typography.Paragraph type="secondary">{t('hints.adjust')}</Typography.Paragraph>
      <Form.Item name="adjustedQty" label={t('fields.countedQty')} required rules={[zodRule(shape.adjustedQty)]}>
        <NumberField
          testId="prod-adjust-qty"
          min={0}
          suffix={row ? unitLabel(row.unit) : undefined}
          style={{ width: '100%' }}
          autoFocus
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.reason')} required rules={[zodRule(shape.description)]}>
        <Input data-testid="prod-adjust-reason" maxLength={500} autoComplete="off" />
      </Form.Item>
    </FormDialog>
  );
}

type DisposeValues = { reason?: string | null };

/** PUT /productstock/dispose/{id}: a confirmation naming what leaves stock, with an optional reason. */
export function DisposeDialog({ row, onClose }: { row: ProductStock | null; onClose: () => void }) {
  const { t } = useTranslation([PROD_STOCK_NS, 'common']);
  const api = useProdStockApi();
  const unitLabel = useCodeLabel('UNIT');
  const [refusal, setRefusal] = useRefusal(row);
  const submit = async (v: DisposeValues, form: Parameters<typeof showSaveError>[0]) => {
    if (!row) return;
    setRefusal(null);
    try {
      await api.dispose(row.id, v.reason?.trim() || null);
      useAppStore.getState().notify(t('messages.disposed'), 'success');
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      else showSaveError(form, e);
      throw e;
    }
  };
  return (
    <FormDialog<DisposeValues>
      open={row !== null}
      title={t('titles.dispose', { lotId: row?.lotId ?? '' })}
      testId="prod-dispose"
      width={620}
      okText={t('actions.dispose')}
      onSubmit={submit}
      onClose={onClose}
    >
      {row && <RowSummary row={row} />}
      <Refusal refusal={refusal} testId="prod-dispose-refusal" />
      {row && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="prod-dispose-warning"
          title={t('hints.dispose', { qty: `${fmtQty(row.qty)} ${unitLabel(row.unit)}` })}
        />
      )}
      <Form.Item name="reason" label={t('fields.reason')} rules={[zodRule(rules.optionalText(200))]}>
        <Input
          data-testid="prod-dispose-reason"
          maxLength={200}
          autoComplete="off"
          placeholder={t('hints.reasonOptional')}
          autoFocus
        />
      </Form.Item>
    </FormDialog>
  );
}

type NoteValues = { description?: string | null };

/** PUT /productstock/stock: the row's note only. */
export function NoteDialog({ row, onClose }: { row: ProductStock | null; onClose: () => void }) {
  const { t } = useTranslation([PROD_STOCK_NS, 'common']);
  const api = useProdStockApi();
  const submit = async (v: NoteValues, form: Parameters<typeof showSaveError>[0]) => {
    if (!row) return;
    try {
      await api.note(row.id, v.description?.trim() || null);
      useAppStore.getState().notify(t('messages.saved'), 'success');
    } catch (e) {
      showSaveError(form, e);
      throw e;
    }
  };
  return (
    <FormDialog<NoteValues>
      open={row !== null}
      title={t('titles.note', { lotId: row?.lotId ?? '' })}
      testId="prod-note"
      initialValues={row ? { description: row.description } : undefined}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item
        name="description"
        label={t('fields.description')}
        rules={[zodRule(productStockNoteBody.shape.description)]}
      >
        <Input.TextArea data-testid="prod-note-description" maxLength={500} rows={3} autoFocus />
      </Form.Item>
    </FormDialog>
  );
}
