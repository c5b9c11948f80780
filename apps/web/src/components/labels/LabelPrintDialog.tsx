import {
  type Endpoint,
  type FILE,
  LABEL_A4_PER_SHEET,
  LABEL_COPIES_MAX,
  LABEL_FORMATS,
  LABEL_LAYOUTS,
  type LabelFormat,
  type LabelLayout,
  type labelQuery,
} from '@eqms/contract';
import { Alert, Form, Radio, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/http.ts';
import { registerLocales } from '../../i18n/index.ts';
import { FormDialog } from '../FormDialog.tsx';
import { NumberField } from '../inputs/NumberField.tsx';
import en from '../locales/labels.en.json';
import kr from '../locales/labels.kr.json';

registerLocales('labels', { kr, en });

/** A label endpoint of the contract: GET, a file answer, the shared `labelQuery` (ids, format, layout, copies). */
export type LabelEndpoint = Endpoint<'GET', undefined, typeof labelQuery, undefined, typeof FILE>;
/** A row whose label is printed: its id (what the endpoint takes) and the code its label carries (shown). */
export type LabelPrintItem = { id: number; code: string };

export type LabelPrintDialogProps = {
  /** Which labels: `materialStockEndpoints.labels` (stock packages), `lotLabelEndpoints.lotLabels` (lots). */
  endpoint: LabelEndpoint;
  /** The rows to print, in order; each printed once (with its copies). */
  items: readonly LabelPrintItem[];
  open: boolean;
  onClose: () => void;
  /** The dialog's title; "Print labels (N)" when not given. */
  title?: ReactNode;
  /** data-testid prefix: `<testId>-form`, `-submit`, `-format`, `-layout`, `-copies`, `-items`, `-summary`. */
  testId?: string;
};

type LabelFormValues = { format: LabelFormat; layout: LabelLayout; copies: number };

const DEFAULTS: LabelFormValues = { format: 'pdf', layout: '100x50', copies: 1 };
/** Codes listed in the dialog before "+N more". */
const ITEMS_SHOWN = 5;

/**
 * Print the labels of some rows through a label endpoint: PDF of 100 × 50 mm labels or A4 sheets of 3 × 8, or ZPL for
 * a Zebra printer, with copies of each. The file is downloaded under the server's name. One dialog for every label
 * the factory prints (material stock packages, product stock lots).
 */
export function LabelPrintDialog({ endpoint, items, open, onClose, title, testId = 'labels' }: LabelPrintDialogProps) {
  const { t } = useTranslation('labels');
  const ids = items.map((i) => i.id);

  const submit = async (v: LabelFormValues) => {
    await download(endpoint, `labels.${v.format}`, {
      query: { ids, format: v.format, layout: v.layout, copies: v.copies },
    });
  };

  const shown = items.slice(0, ITEMS_SHOWN).map((i) => i.code);
  const more = items.length - shown.length;

  return (
    <FormDialog<LabelFormValues>
      open={open}
      title={title ?? t('title', { count: items.length })}
      testId={testId}
      width={520}
      initialValues={DEFAULTS}
      okText={t('download')}
      onSubmit={submit}
      onClose={onClose}
    >
      {items.length > 0 && (
        <Form.Item label={t('items')}>
          <Typography.Text data-testid={`${testId}-items`} style={{ overflowWrap: 'anywhere' }}>
            {shown.join(', ')}
            {more > 0 && ` ${t('more', { count: more })}`}
          </Typography.Text>
        </Form.Item>
      )}
      <Form.Item name="format" label={t('format')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={LABEL_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))}
          data-testid={`${testId}-format`}
        />
      </Form.Item>
      <Form.Item name="layout" label={t('layout')} rules={[{ required: true }]}>
        <Radio.Group
          options={LABEL_LAYOUTS.map((l) => ({ value: l, label: t(`layouts.${l}`) }))}
          data-testid={`${testId}-layout`}
        />
      </Form.Item>
      <Form.Item
        name="copies"
        label={t('copies')}
        extra={t('copiesHint', { max: LABEL_COPIES_MAX })}
        rules={[{ required: true }]}
      >
        <NumberField integer min={1} max={LABEL_COPIES_MAX} style={{ width: 120 }} testId={`${testId}-copies`} />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => {
          const copies = Number(getFieldValue('copies')) || 1;
          const total = items.length * copies;
          const format = getFieldValue('format') as LabelFormat;
          const layout = getFieldValue('layout') as LabelLayout;
          const pages = format === 'pdf' && layout === 'a4-3x8' ? Math.ceil(total / LABEL_A4_PER_SHEET) : null;
          return (
            <>
              <Typography.Paragraph data-testid={`${testId}-summary`}>
                {pages === null ? t('summary', { count: total }) : t('summarySheets', { count: total, pages })}
              </Typography.Paragraph>
              {format === 'zpl' && <Alert type="info" showIcon title={t('zplFont')} />}
            </>
          );
        }}
      </Form.Item>
    </FormDialog>
  );
}
