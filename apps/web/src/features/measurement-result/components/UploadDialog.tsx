import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  MEASUREMENT_COLUMNS,
  MEASUREMENT_MAX_BYTES,
  MEASUREMENT_MAX_ROWS,
  type MeasurementPreview,
  type MeasurementPreviewRow,
  translateMessage,
} from '@eqms/contract';
import {
  Alert,
  Button,
  Col,
  Flex,
  Input,
  Modal,
  Row,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { JudgementTag } from '../../quality/components/cells.tsx';
import { limitsText } from '../../quality/components/StandardsScreen.tsx';
import { ProductPickSelect } from '../../shipment/components/pickers.tsx';
import { MEASUREMENT_NS } from '../measurement-result.locales.ts';
import { downloadTemplate, previewFile, useMeasurementApi } from '../measurement-result.queries.ts';

type RowErrors = { rowNumber: number; errors: { column: string; message: string }[] };

/** The server's row errors of a refused save, put on the preview's rows (rows it does not name are valid). */
export function applyRowErrors(rows: MeasurementPreviewRow[], marked: RowErrors[]): MeasurementPreviewRow[] {
  const byRow = new Map(marked.map((r) => [r.rowNumber, r.errors]));
  return rows.map((r) => {
    const errors = byRow.get(r.rowNumber) ?? [];
    return { ...r, errors, judgement: errors.length ? null : r.judgement };
  });
}

/**
 * Upload a measurement file: product (and optionally a LOT ID), the file; the column layout and templates are shown
 * here; the server's preview lists every row with its errors (red) and judgement, and Save stays off while any row
 * has an error (the save is all or none on the server, which checks again).
 */
export function UploadDialog({
  open,
  onClose,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation([MEASUREMENT_NS, 'quality', 'common']);
  const locale = useAppStore((s) => s.locale);
  const { token } = theme.useToken();
  const api = useMeasurementApi();
  const [productId, setProductId] = useState<number | null>(null);
  const [lotId, setLotId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<MeasurementPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'save' | null>(null);
  const abort = useRef<AbortController | null>(null);

  const reset = () => {
    abort.current?.abort();
    setProductId(null);
    setLotId('');
    setFile(null);
    setPreview(null);
    setProblem(null);
    setBusy(null);
  };
  const close = () => {
    if (busy === 'save') return;
    reset();
    onClose();
  };

  /** An error of the whole upload (a field, the file, no standard) as one line in the user's language. */
  const explain = (err: unknown) => {
    if (!(err instanceof ApiError)) return null;
    const field = err.extraData?.fields?.[0];
    if (err.code === 'VALIDATION_ERROR' && field) {
      const label = ['productId', 'lotId'].includes(field.field) ? `${t(`fields.${field.field}`)}: ` : '';
      return `${label}${translateMessage(field.message, locale)}`;
    }
    const key = err.extraData?.messageKey;
    if (typeof key === 'string') return translateMessage(key, locale);
    if (err.status === 413) return t('common:errors.PAYLOAD_TOO_LARGE');
    if (err.status === 415) return t('common:errors.UNSUPPORTED_MEDIA_TYPE');
    if (err.status !== 401) reportError(err);
    return null;
  };

  // The preview follows the form: a new product, LOT ID (after typing) or file asks the server again.
  const settledLot = useSettledText(lotId);
  // biome-ignore lint/correctness/useExhaustiveDependencies: explain reads the locale only; a new locale need not ask again.
  useEffect(() => {
    if (!open || productId == null || !file) {
      setPreview(null);
      setBusy(null);
      return;
    }
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setBusy('preview');
    setProblem(null);
    previewFile({ productId, lotId: settledLot.trim() || null, file }, ctrl.signal)
      .then((p) => {
        if (!ctrl.signal.aborted) setPreview(p);
      })
      .catch((err) => {
        if (ctrl.signal.aborted) return;
        setPreview(null);
        setProblem(explain(err));
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setBusy(null);
      });
    return () => ctrl.abort();
  }, [open, productId, settledLot, file]);

  const invalid = preview?.invalidCount ?? 0;
  const canSave = !!preview && invalid === 0 && busy === null && productId != null && !!file;

  const save = async () => {
    if (!canSave || productId == null || !file) return;
    setBusy('save');
    try {
      const saved = await api.save({ productId, lotId: lotId.trim() || null, file });
      useAppStore.getState().notify(t('messages.saved', { count: saved.valueCount }), 'success');
      reset();
      onClose();
      onSaved(saved.id);
    } catch (err) {
      setBusy(null);
      const rows = err instanceof ApiError ? err.extraData?.rows : null;
      if (err instanceof ApiError && err.code === 'VALIDATION_ERROR' && Array.isArray(rows) && preview) {
        const marked = rows as RowErrors[];
        setPreview({ ...preview, rows: applyRowErrors(preview.rows, marked), invalidCount: marked.length });
      } else setProblem(explain(err));
    }
  };

  const template = (format: 'csv' | 'xlsx') =>
    void downloadTemplate(format, productId, `${t('titles.template')}.${format}`).catch(() => undefined);

  const errorOf = (r: MeasurementPreviewRow, column: string) =>
    r.errors.filter((e) => e.column === column).map((e) => e.message);
  const cell = (column: 'item' | 'sample' | 'value' | 'measuredAt') => (_: unknown, r: MeasurementPreviewRow) => {
    const bad = errorOf(r, column).length > 0;
    return (
      <span style={bad ? { color: token.colorError, fontWeight: 600 } : undefined}>
        {r[column] || (bad ? '∅' : '')}
      </span>
    );
  };
  const columns: TableColumnsType<MeasurementPreviewRow> = [
    { title: t('fields.row'), dataIndex: 'rowNumber', width: 56 },
    { title: t('fields.item'), width: 120, render: cell('item') },
    { title: t('fields.sample'), width: 80, render: cell('sample') },
    { title: t('fields.value'), width: 90, render: cell('value') },
    { title: t('fields.measuredAt'), width: 140, render: cell('measuredAt') },
    {
      title: t('fields.spec'),
      width: 120,
      render: (_, r) =>
        r.kind === 'PASS_FAIL' ? t('quality:kind.PASS_FAIL') : r.kind ? limitsText({ ...r, kind: r.kind }) : '',
    },
    {
      title: t('fields.judgement'),
      width: 110,
      render: (_, r) =>
        r.judgement && <JudgementTag value={r.judgement} testId={`mr-preview-judgement-${r.rowNumber}`} />,
    },
    {
      title: t('fields.errors'),
      render: (_, r) =>
        r.errors.length > 0 && (
          <Typography.Text type="danger" data-testid={`mr-preview-error-${r.rowNumber}`}>
            {r.errors.map((e) => e.message).join(' · ')}
          </Typography.Text>
        ),
    },
  ];

  return (
    <Modal
      open={open}
      onCancel={close}
      width={1000}
      title={t('titles.upload')}
      destroyOnHidden
      maskClosable={false}
      data-testid="mr-upload-dialog"
      footer={
        <Space>
          <Button onClick={close} disabled={busy === 'save'} data-testid="mr-upload-cancel">
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="primary"
            disabled={!canSave}
            loading={busy === 'save'}
            onClick={() => void save()}
            data-testid="mr-upload-save"
          >
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      <Flex vertical gap={12}>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Typography.Text strong>{t('fields.productId')}</Typography.Text>
            <ProductPickSelect
              testId="mr-upload-product"
              value={productId}
              onChange={setProductId}
              style={{ width: '100%' }}
            />
          </Col>
          <Col xs={24} sm={12}>
            <Typography.Text strong>{t('fields.lotIdOptional')}</Typography.Text>
            <Input
              data-testid="mr-upload-lot"
              aria-label={t('fields.lotId')}
              value={lotId}
              maxLength={100}
              allowClear
              placeholder={t('hints.lotOptional')}
              onChange={(e) => setLotId(e.target.value)}
            />
          </Col>
        </Row>
        <LayoutHelp onTemplate={template} />
        <Upload.Dragger
          accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            setFile(f);
            return false;
          }}
          data-testid="mr-upload-file"
        >
          <Flex gap={12} align="center" justify="center" style={{ padding: '0 12px' }}>
            <InboxOutlined style={{ fontSize: 28, color: token.colorPrimary }} />
            <Flex vertical align="start">
              <Typography.Text strong>{file ? file.name : t('hints.drop')}</Typography.Text>
              <Typography.Text type="secondary">
                {t('hints.fileRules', { mb: MEASUREMENT_MAX_BYTES / 1024 / 1024, rows: MEASUREMENT_MAX_ROWS })}
              </Typography.Text>
            </Flex>
          </Flex>
        </Upload.Dragger>
        {problem && <Alert type="error" showIcon message={problem} data-testid="mr-upload-problem" />}
        {busy === 'preview' && (
          <Flex justify="center">
            <Spin />
          </Flex>
        )}
        {preview && (
          <>
            <Flex gap={12} align="center" wrap data-testid="mr-preview-summary">
              <Typography.Text>
                {t('hints.previewSummary', {
                  rows: preview.rows.length,
                  items: preview.itemCount,
                  ng: preview.ngCount,
                  format: preview.encoding ? `CSV · ${preview.encoding.toUpperCase()}` : 'xlsx',
                })}
              </Typography.Text>
              {preview.judgement && <JudgementTag value={preview.judgement} testId="mr-preview-judgement" />}
              {invalid > 0 && (
                <Tag color="error" data-testid="mr-preview-invalid">
                  {t('hints.invalidRows', { count: invalid })}
                </Tag>
              )}
            </Flex>
            <Table<MeasurementPreviewRow>
              size="small"
              rowKey="rowNumber"
              columns={columns}
              dataSource={preview.rows}
              pagination={false}
              scroll={{ y: 320, x: 860 }}
              virtual={preview.rows.length > 100}
              onRow={(r) => (r.errors.length ? { style: { background: token.colorErrorBg } } : {})}
              data-testid="mr-preview"
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}

/** The one column layout, as the README says it (a column per file column, * = required), with the templates. */
function LayoutHelp({ onTemplate }: { onTemplate: (format: 'csv' | 'xlsx') => void }) {
  const { t } = useTranslation(MEASUREMENT_NS);
  return (
    <Alert
      type="info"
      data-testid="mr-layout"
      message={t('layout.title')}
      description={
        <Flex vertical gap={6}>
          <Table
            size="small"
            pagination={false}
            bordered
            rowKey="row"
            dataSource={[{ row: 'content' }]}
            columns={MEASUREMENT_COLUMNS.map((c) => ({
              key: c.key,
              title: <code>{`${c.kr} | ${c.en}${c.required ? ' *' : ''}`}</code>,
              render: () => t(`layout.${c.key}`),
            }))}
          />
          <Flex gap={8} align="center" wrap justify="space-between">
            <Typography.Text type="secondary">{t('layout.notes')}</Typography.Text>
            <Space wrap>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => onTemplate('xlsx')}
                data-testid="mr-template-xlsx"
              >
                {t('actions.templateXlsx')}
              </Button>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                onClick={() => onTemplate('csv')}
                data-testid="mr-template-csv"
              >
                {t('actions.templateCsv')}
              </Button>
            </Space>
          </Flex>
        </Flex>
      }
    />
  );
}

/** The text once typing paused (the preview is asked again then, not per key). */
function useSettledText(text: string, ms = 400) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const id = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(id);
  }, [text, ms]);
  return settled;
}
