import {
  LABEL_A4_PER_SHEET,
  LABEL_COPIES_MAX,
  LABEL_FORMATS,
  LABEL_LAYOUTS,
  type LabelFormat,
  type LabelLayout,
  materialStockEndpoints,
} from '@eqms/contract';
import { Alert, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { download } from '../../../api/http.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { NumberField } from '../../../components/inputs/NumberField.tsx';

type LabelFormValues = { format: LabelFormat; layout: LabelLayout; copies: number };

const DEFAULTS: LabelFormValues = { format: 'pdf', layout: '100x50', copies: 1 };

/**
 * Print labels of the selected stock rows (GET /material-stock/labels): PDF of 100 × 50 mm labels or A4 sheets of
 * 3 × 8, or ZPL for a Zebra printer, with copies of each. The file is downloaded under the server's name.
 */
export function LabelPrintDialog({ ids, open, onClose }: { ids: number[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['materialStock', 'common']);

  const submit = async (v: LabelFormValues) => {
    await download(materialStockEndpoints.labels, `labels.${v.format}`, {
      query: { ids, format: v.format, layout: v.layout, copies: v.copies },
    });
  };

  return (
    <FormDialog<LabelFormValues>
      open={open}
      title={t('labels.title', { count: ids.length })}
      testId="stock-labels"
      width={520}
      initialValues={DEFAULTS}
      okText={t('labels.download')}
      onSubmit={submit}
      onClose={onClose}
    >
      <Form.Item name="format" label={t('labels.format')} rules={[{ required: true }]}>
        <Radio.Group
          optionType="button"
          options={LABEL_FORMATS.map((f) => ({ value: f, label: t(`labels.formats.${f}`) }))}
          data-testid="stock-labels-format"
        />
      </Form.Item>
      <Form.Item name="layout" label={t('labels.layout')} rules={[{ required: true }]}>
        <Radio.Group
          options={LABEL_LAYOUTS.map((l) => ({ value: l, label: t(`labels.layouts.${l}`) }))}
          data-testid="stock-labels-layout"
        />
      </Form.Item>
      <Form.Item
        name="copies"
        label={t('labels.copies')}
        extra={t('labels.copiesHint', { max: LABEL_COPIES_MAX })}
        rules={[{ required: true }]}
      >
        <NumberField integer min={1} max={LABEL_COPIES_MAX} style={{ width: 120 }} testId="stock-labels-copies" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate>
        {({ getFieldValue }) => {
          const copies = Number(getFieldValue('copies')) || 1;
          const total = ids.length * copies;
          const format = getFieldValue('format') as LabelFormat;
          const layout = getFieldValue('layout') as LabelLayout;
          const pages = format === 'pdf' && layout === 'a4-3x8' ? Math.ceil(total / LABEL_A4_PER_SHEET) : null;
          return (
            <>
              <Typography.Paragraph data-testid="stock-labels-summary">
                {pages === null
                  ? t('labels.summary', { count: total })
                  : t('labels.summarySheets', { count: total, pages })}
              </Typography.Paragraph>
              {format === 'zpl' && <Alert type="info" showIcon title={t('labels.zplFont')} />}
            </>
          );
        }}
      </Form.Item>
    </FormDialog>
  );
}
