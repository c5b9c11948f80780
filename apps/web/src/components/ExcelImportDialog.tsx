import { DownloadOutlined, InboxOutlined, WarningFilled } from '@ant-design/icons';
import {
  type ExcelCheckedRow,
  type ExcelColumnInfo,
  type ExcelImportEndpoints,
  type ExcelInvalidRow,
  ruleMessage,
  translateMessage,
} from '@eqms/contract';
import {
  Alert,
  Button,
  Flex,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
  theme,
  Upload,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type KeyboardEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call, download, reportError } from '../api/http.ts';
import { useAppStore } from '../app/store.ts';
import { registerLocales } from '../i18n/index.ts';
import en from './locales/excel-import.en.json';
import kr from './locales/excel-import.kr.json';

registerLocales('excelImport', { kr, en });

// The Excel import popup of SPEC §2/§4 (max width 1000 px, table 500 px high) over the server mechanism of
// interfaces.md A: the server checks every cell with the form's rules; the user fixes invalid cells here or in the
// file; saving is all-or-nothing on the server, which checks again and may mark rows anew.
type CheckedRow = ExcelCheckedRow;
type Column = ExcelColumnInfo;

export type ExcelImportDialogProps = {
  open: boolean;
  /** The group's Excel endpoints (contract `excelEndpoints`). */
  endpoints: ExcelImportEndpoints;
  title: ReactNode;
  onClose(): void;
  onSaved(count: number): void;
};

/** SPEC §4: empty → processing → rows loaded → saved or closed ('saving' is the save request in flight). */
export type ImportPhase = 'empty' | 'processing' | 'loaded' | 'saving';

const TABLE_HEIGHT = 500;
const ROW_NUMBER_WIDTH = 64;
const CELL_WIDTH = 150;
const ERRORS_WIDTH = 260;
/** Longer files render virtually. */
const VIRTUAL_FROM = 50;

type Editing = { rowNumber: number; key: string };

/** A row after one cell changed: that cell's errors, and errors not tied to a known column, are cleared. */
export function editCell(row: CheckedRow, key: string, value: string, columnKeys: string[]): CheckedRow {
  return {
    ...row,
    values: { ...row.values, [key]: value },
    errors: row.errors.filter((e) => e.column !== key && columnKeys.includes(e.column)),
  };
}

/** The server's row errors of a refused save, put on the rows (rows it does not name are valid). */
export function applyRowErrors(rows: CheckedRow[], serverRows: ExcelInvalidRow[]): CheckedRow[] {
  const byRow = new Map(serverRows.map((r) => [r.rowNumber, r.errors]));
  return rows.map((r) => ({ ...r, errors: byRow.get(r.rowNumber) ?? [] }));
}

function CellEditor({
  value,
  options,
  secret,
  onCommit,
  onCancel,
}: {
  value: string;
  options?: string[];
  secret?: boolean;
  onCommit: (v: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('excelImport');
  const [text, setText] = useState(value);
  const done = useRef(false);
  const commit = (v: string) => {
    if (done.current) return;
    done.current = true;
    onCommit(v);
  };
  const cancel = () => {
    if (done.current) return;
    done.current = true;
    onCancel();
  };
  // Esc cancels only the cell edit; it must not reach the dialog, which would close.
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      e.nativeEvent.stopImmediatePropagation();
      cancel();
    }
  };
  return (
    <span onKeyDown={onKeyDown} onClick={(e) => e.stopPropagation()} style={{ display: 'block' }}>
      {options ? (
        <Select
          data-testid="excel-cell-editor"
          size="small"
          autoFocus
          defaultOpen
          showSearch
          allowClear
          value={text || undefined}
          options={options.map((o) => ({ value: o, label: o }))}
          onChange={(v) => commit(v ?? '')}
          onBlur={cancel}
          style={{ width: '100%' }}
          popupMatchSelectWidth={false}
        />
      ) : (
        <Input
          data-testid="excel-cell-editor"
          size="small"
          type={secret ? 'password' : 'text'}
          autoFocus
          value={text}
          title={t('editHint')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={() => commit(text)}
          onBlur={() => commit(text)}
        />
      )}
    </span>
  );
}

export function ExcelImportDialog({ open, endpoints, title, onClose, onSaved }: ExcelImportDialogProps) {
  const { t } = useTranslation(['excelImport', 'common']);
  const locale = useAppStore((s) => s.locale);
  const { token } = theme.useToken();
  const [phase, setPhase] = useState<ImportPhase>('empty');
  const [columns, setColumns] = useState<Column[]>([]);
  const [rows, setRows] = useState<CheckedRow[]>([]);
  const [fileName, setFileName] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [onlyInvalid, setOnlyInvalid] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const columnKeys = useMemo(() => columns.map((c) => c.key), [columns]);
  const invalidCount = rows.filter((r) => r.errors.length > 0).length;
  const shown = onlyInvalid ? rows.filter((r) => r.errors.length > 0) : rows;
  const headerOf = (key: string) => columns.find((c) => c.key === key)?.header ?? (key || t('rowError'));
  const message = (m: string) => translateMessage(m, locale);

  const reset = () => {
    abort.current?.abort();
    abort.current = null;
    setPhase('empty');
    setColumns([]);
    setRows([]);
    setFileName(null);
    setFileError(null);
    setEditing(null);
    setOnlyInvalid(false);
  };

  const check = async (file: File) => {
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setPhase('processing');
    setFileName(file.name);
    setFileError(null);
    setEditing(null);
    setOnlyInvalid(false);
    const form = new FormData();
    form.append('file', file);
    try {
      const flags = { silent: true, spinner: false, signal: ctrl.signal };
      const result = await call(endpoints.excelCheck, { body: form, ...flags });
      if (ctrl.signal.aborted) return;
      setColumns(result.columns);
      setRows(result.rows);
      setPhase('loaded');
    } catch (err) {
      if (ctrl.signal.aborted) return;
      setColumns([]);
      setRows([]);
      setPhase('empty');
      if (!(err instanceof ApiError)) return;
      const field = err.extraData?.fields?.find((f) => f.field === 'file') ?? err.extraData?.fields?.[0];
      if (err.code === 'VALIDATION_ERROR' && field) setFileError(message(field.message));
      else if (err.status === 413) setFileError(t('common:errors.PAYLOAD_TOO_LARGE'));
      else if (err.status === 415) setFileError(t('common:errors.UNSUPPORTED_MEDIA_TYPE'));
      else if (err.status !== 401) reportError(err);
    }
  };

  const save = async () => {
    if (phase !== 'loaded' || invalidCount > 0 || rows.length === 0) return;
    setEditing(null);
    setPhase('saving');
    try {
      const body = { rows: rows.map((r) => ({ rowNumber: r.rowNumber, values: r.values })) };
      const res = await call(endpoints.excelSave, { body, silent: true });
      useAppStore.getState().notify(t('saved', { count: res.saved }), 'success');
      reset();
      onSaved(res.saved);
      onClose();
    } catch (err) {
      setPhase('loaded');
      if (!(err instanceof ApiError)) return;
      const serverRows = err.extraData?.rows;
      if (err.code === 'VALIDATION_ERROR' && Array.isArray(serverRows)) {
        const marked = serverRows as ExcelInvalidRow[];
        setRows((current) => applyRowErrors(current, marked));
        useAppStore
          .getState()
          .notify(message(ruleMessage('excelRowsInvalid', { count: marked.length })), 'warning', 6000);
      } else if (err.status !== 401) reportError(err);
    }
  };

  const requestClose = async () => {
    if (phase === 'saving') return;
    if (phase === 'loaded' && rows.length > 0) {
      const ok = await useAppStore
        .getState()
        .askConfirm({ title: t('common:confirm.title'), text: t('discard'), danger: true });
      if (!ok) return;
    }
    reset();
    onClose();
  };

  const downloadTemplate = async () => {
    setDownloading(true);
    try {
      await download(endpoints.excelTemplate, 'template.xlsx');
    } catch {
      // downloadFile has told the user.
    } finally {
      setDownloading(false);
    }
  };

  const commitCell = (rowNumber: number, key: string, value: string) => {
    setRows((current) => current.map((r) => (r.rowNumber === rowNumber ? editCell(r, key, value, columnKeys) : r)));
    setEditing(null);
  };

  const tableColumns: ColumnsType<CheckedRow> = [
    {
      key: '__rowNumber',
      title: t('rowNumber'),
      dataIndex: 'rowNumber',
      width: ROW_NUMBER_WIDTH,
      fixed: 'left',
      onCell: (row) => ({
        style: row.errors.length ? { color: token.colorErrorText, fontWeight: 600 } : undefined,
      }),
    },
    ...columns.map((c): ColumnsType<CheckedRow>[number] => ({
      key: c.key,
      title: (
        <span>
          {c.required && <span style={{ color: token.colorErrorText }}>* </span>}
          {c.header}
        </span>
      ),
      width: CELL_WIDTH,
      onCell: (row) => {
        const bad = row.errors.some((e) => e.column === c.key);
        const editable = phase === 'loaded';
        return {
          style: {
            ...(bad ? { background: token.colorErrorBg, boxShadow: `inset 0 0 0 1px ${token.colorErrorBorder}` } : {}),
            ...(editable ? { cursor: 'text' } : {}),
          },
          onClick: editable ? () => setEditing({ rowNumber: row.rowNumber, key: c.key }) : undefined,
        };
      },
      render: (_: unknown, row) => {
        const value = row.values[c.key] ?? '';
        if (editing?.rowNumber === row.rowNumber && editing.key === c.key)
          return (
            <CellEditor
              value={value}
              options={c.options}
              secret={c.secret}
              onCommit={(v) => commitCell(row.rowNumber, c.key, v)}
              onCancel={() => setEditing(null)}
            />
          );
        const errs = row.errors.filter((e) => e.column === c.key);
        const text =
          value === '' && errs.length ? (
            <Typography.Text type="secondary">{t('empty')}</Typography.Text>
          ) : c.secret && value ? (
            '•'.repeat(8)
          ) : (
            value
          );
        return (
          <span
            data-testid={`excel-cell-${row.rowNumber}-${c.key}`}
            data-error={errs.length ? 'true' : undefined}
            style={{ display: 'block', minHeight: 22, wordBreak: 'break-all' }}
          >
            {errs.length ? (
              <Tooltip title={errs.map((e) => message(e.message)).join('\n')}>
                <WarningFilled style={{ color: token.colorError, marginInlineEnd: 4 }} />
                {text}
              </Tooltip>
            ) : (
              text
            )}
          </span>
        );
      },
    })),
  ];
  // The messages stay in view on the right while the columns scroll; without errors the column is left out.
  if (invalidCount > 0)
    tableColumns.push({
      key: '__errors',
      title: t('errors'),
      width: ERRORS_WIDTH,
      fixed: 'right',
      render: (_: unknown, row) =>
        row.errors.length > 0 && (
          <ul data-testid={`excel-row-errors-${row.rowNumber}`} style={{ margin: 0, paddingInlineStart: 16 }}>
            {row.errors.map((e) => (
              <li key={`${e.column}:${e.message}`} style={{ color: token.colorErrorText }}>
                {t('errorItem', { row: row.rowNumber, column: headerOf(e.column), message: message(e.message) })}
              </li>
            ))}
          </ul>
        ),
    });
  const scrollX = ROW_NUMBER_WIDTH + columns.length * CELL_WIDTH + (invalidCount > 0 ? ERRORS_WIDTH : 0);

  const loaded = phase === 'loaded' || phase === 'saving';

  return (
    <Modal
      open={open}
      title={title}
      width={1000}
      onCancel={requestClose}
      destroyOnHidden
      keyboard
      mask={{ closable: false }}
      data-testid="excel-import"
      footer={[
        <Button key="cancel" data-testid="excel-cancel" onClick={requestClose} disabled={phase === 'saving'}>
          {t('common:actions.close')}
        </Button>,
        <Button
          key="save"
          type="primary"
          data-testid="excel-save"
          disabled={!loaded || invalidCount > 0 || rows.length === 0}
          loading={phase === 'saving'}
          onClick={save}
        >
          {t('common:actions.save')}
        </Button>,
      ]}
    >
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Button
          data-testid="excel-template"
          icon={<DownloadOutlined />}
          loading={downloading}
          onClick={downloadTemplate}
        >
          {t('template')}
        </Button>
        {loaded && (
          <Space wrap>
            <Tag color={invalidCount ? 'error' : 'success'} data-testid="excel-summary" style={{ marginInlineEnd: 0 }}>
              {t('summary', { count: rows.length, invalid: invalidCount })}
            </Tag>
            {invalidCount > 0 && (
              <Space size={4}>
                <Switch
                  size="small"
                  data-testid="excel-only-invalid"
                  checked={onlyInvalid}
                  onChange={setOnlyInvalid}
                  aria-label={t('onlyInvalid')}
                />
                <Typography.Text>{t('onlyInvalid')}</Typography.Text>
              </Space>
            )}
          </Space>
        )}
      </Flex>
      <Upload.Dragger
        data-testid="excel-upload"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        multiple
        maxCount={1}
        showUploadList={false}
        disabled={phase === 'processing' || phase === 'saving'}
        beforeUpload={(file, batch) => {
          // SPEC §5: one file at a time; a batch of several is refused as a whole.
          if (batch.length > 1) {
            if (file === batch[0]) {
              const text = message(ruleMessage('excelOneFile'));
              setFileError(text);
              useAppStore.getState().notify(text, 'warning');
            }
            return Upload.LIST_IGNORE;
          }
          void check(file);
          return false;
        }}
        style={loaded ? { padding: 0 } : undefined}
      >
        {loaded ? (
          <Typography.Text type="secondary">
            <InboxOutlined /> {fileName} · {t('dropAgain')}
          </Typography.Text>
        ) : (
          <>
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('drop')}</p>
            <p className="ant-upload-hint">{t('dropHint')}</p>
          </>
        )}
      </Upload.Dragger>
      {fileError && (
        <Alert
          data-testid="excel-file-error"
          type="error"
          showIcon
          title={fileError}
          style={{ marginTop: 12 }}
          role="alert"
        />
      )}
      {phase === 'processing' && (
        <Flex vertical align="center" justify="center" gap={12} style={{ height: 200 }} data-testid="excel-processing">
          <Spin size="large" />
          <Typography.Text type="secondary">
            {fileName} · {t('processing')}
          </Typography.Text>
        </Flex>
      )}
      {loaded && (
        <>
          <Alert
            type={invalidCount ? 'warning' : 'success'}
            showIcon
            title={invalidCount ? t('fixHint') : t('allValid')}
            style={{ margin: '12px 0' }}
          />
          <Table<CheckedRow>
            data-testid="excel-table"
            rowKey="rowNumber"
            size="small"
            bordered
            columns={tableColumns}
            dataSource={shown}
            pagination={false}
            virtual={shown.length > VIRTUAL_FROM}
            scroll={{ x: scrollX, y: TABLE_HEIGHT }}
          />
        </>
      )}
    </Modal>
  );
}
