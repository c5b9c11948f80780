import { DeleteOutlined, DownloadOutlined, MinusCircleOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  RECORD_FILE_MAX_BYTES,
  RECORD_TYPES,
  type RecordSheet,
  type RecordTreeNode,
  type RecordType,
  recordFieldsSchema,
} from '@eqms/contract';
import {
  Alert,
  Button,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  List,
  Row,
  Select,
  TreeSelect,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { confirmRemove } from '../../../components/confirm-remove.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { dateItemProps } from '../../material-stock/components/stock-inputs.tsx';
import { today } from '../../material-stock/stock-rules.ts';
import { RECORD_NS } from '../record.locales.ts';
import { downloadRecordFile, useRecord, useRecordApi, useRecordTree } from '../record.queries.ts';

const shape = recordFieldsSchema.shape;
const MB = RECORD_FILE_MAX_BYTES / 1024 / 1024;

type Values = {
  type?: RecordType;
  parentId?: number | null;
  title?: string;
  recordDt?: string | null;
  author?: string | null;
  fields?: { key?: string; value?: string }[];
};

/** What the dialog edits: a new folder or sheet (with its type and parent proposed), or a saved one. */
export type RecordTarget =
  | { mode: 'new'; isFolder: boolean; type: RecordType; parentId: number | null }
  | { mode: 'edit'; row: RecordSheet };

type FolderOption = { value: number; title: string; children?: FolderOption[] };
function folderOptions(nodes: RecordTreeNode[], exceptId?: number): FolderOption[] {
  return nodes
    .filter((n) => n.kind === 'FOLDER' && n.id !== exceptId)
    .map((n) => {
      const children = folderOptions(n.children, exceptId);
      return { value: n.id!, title: n.title, children: children.length ? children : undefined };
    });
}

/** A saved sheet's files: list, download, delete (confirmed) and attach (checked again by the server). */
function SheetFiles({ id }: { id: number }) {
  const { t } = useTranslation([RECORD_NS, 'common']);
  const record = useRecord(id);
  const api = useRecordApi();
  const files = record.data?.files ?? [];
  const choose = (file: File) => {
    if (file.size > RECORD_FILE_MAX_BYTES) {
      useAppStore.getState().notify(t('messages.fileTooLarge', { mb: MB }), 'warning');
      return Upload.LIST_IGNORE;
    }
    void api
      .addFile(id, file)
      .then(() => useAppStore.getState().notify(t('messages.fileAdded'), 'success'))
      .catch(() => undefined);
    return false;
  };
  return (
    <Flex vertical gap={8} data-testid="record-files">
      <Flex gap={8} align="center">
        <Upload multiple={false} showUploadList={false} beforeUpload={choose}>
          <Button icon={<UploadOutlined />} data-testid="record-file-upload">
            {t('actions.upload')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('hints.file', { mb: MB })}
        </Typography.Text>
      </Flex>
      {files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('hints.noFiles')} />
      ) : (
        <List
          size="small"
          bordered
          dataSource={files}
          renderItem={(f) => (
            <List.Item
              data-testid="record-file-row"
              actions={[
                <Button
                  key="dl"
                  size="small"
                  type="text"
                  icon={<DownloadOutlined />}
                  aria-label={t('actions.download')}
                  title={t('actions.download')}
                  data-testid={`record-file-download-${f.id}`}
                  onClick={() => void downloadRecordFile(f.id, f.name)}
                />,
                <Button
                  key="rm"
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('actions.removeFile')}
                  title={t('actions.removeFile')}
                  data-testid={`record-file-delete-${f.id}`}
                  onClick={() =>
                    void confirmRemove(t('messages.confirmDeleteFile', { name: f.name }), async () => {
                      await api.removeFile(f.id);
                      useAppStore.getState().notify(t('messages.fileRemoved'), 'success');
                    })
                  }
                />,
              ]}
            >
              <span>{f.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12, marginInlineStart: 8 }}>
                {(f.size / 1024).toFixed(1)} KB
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}

/**
 * Create or edit a folder or a record sheet (POST / PUT /record): type, parent folder (of the same type), title; a
 * sheet also has a date, an author and free fields (key/value), and once saved its files.
 */
export function RecordDialog({ target, onClose }: { target: RecordTarget | null; onClose: () => void }) {
  const { t } = useTranslation([RECORD_NS, 'common']);
  const api = useRecordApi();
  const locale = useAppStore((s) => s.locale);
  const tree = useRecordTree();
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [savedId, setSavedId] = useState<number | null>(null);
  // Set by a new sheet's save before the form dialog asks to close: the files dialog opens instead.
  const created = useRef(false);
  useEffect(() => {
    if (!target) {
      setRefusal(null);
      setSavedId(null);
      created.current = false;
    }
  }, [target]);
  const row = target?.mode === 'edit' ? target.row : null;
  const isFolder = target?.mode === 'edit' ? target.row.isFolder : (target?.isFolder ?? false);
  const [type, setType] = useState<RecordType | undefined>(undefined);
  useEffect(() => {
    setType(target ? (target.mode === 'edit' ? target.row.type : target.type) : undefined);
  }, [target]);
  const folders = useMemo(() => {
    const typeNode = tree.data?.find((n) => n.type === type);
    return folderOptions(typeNode?.children ?? [], row?.isFolder ? row.id : undefined);
  }, [tree.data, type, row]);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    const body = {
      type: v.type!,
      parentId: v.parentId ?? null,
      isFolder,
      title: v.title ?? '',
      recordDt: isFolder ? null : (v.recordDt ?? null),
      author: isFolder ? null : v.author || null,
      fields: isFolder ? [] : (v.fields ?? []).map((f) => ({ key: f.key ?? '', value: f.value ?? '' })),
    };
    try {
      const saved = row ? await api.update({ id: row.id, ...body }) : await api.create(body);
      useAppStore.getState().notify(t(row ? 'messages.saved' : 'messages.created'), 'success');
      // A new sheet stays open once, so its files can be attached.
      if (!row && !isFolder) {
        created.current = true;
        setSavedId(saved.id);
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      showSaveError(form, e);
      throw e;
    }
  };

  const titleKey = isFolder
    ? row
      ? 'titles.editFolder'
      : 'titles.createFolder'
    : row
      ? 'titles.editSheet'
      : 'titles.createSheet';
  const filesOf = row && !row.isFolder ? row.id : savedId;
  return (
    <>
      <FormDialog<Values>
        open={target !== null && savedId === null}
        title={t(titleKey)}
        testId="record-dialog"
        width={760}
        initialValues={
          row
            ? {
                type: row.type,
                parentId: row.parentId,
                title: row.title,
                recordDt: row.recordDt,
                author: row.author,
                fields: row.fields,
              }
            : target?.mode === 'new'
              ? { type: target.type, parentId: target.parentId, recordDt: today(), fields: [] }
              : {}
        }
        onSubmit={submit}
        onClose={() => {
          if (!created.current) onClose();
        }}
      >
        {refusal && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 12 }}
            data-testid="record-refusal"
            title={errorText(refusal, locale)}
          />
        )}
        <Row gutter={12}>
          <Col xs={24} sm={8}>
            <Form.Item name="type" label={t('fields.type')} required rules={[zodRule(shape.type)]}>
              <Select<RecordType>
                data-testid="record-type"
                options={RECORD_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
                onChange={(v) => setType(v)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={16}>
            <Form.Item name="parentId" label={t('fields.parent')}>
              <TreeSelect
                data-testid="record-parent"
                allowClear
                treeDefaultExpandAll
                placeholder={t('hints.root')}
                treeData={folders}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={isFolder ? 24 : 12}>
            <Form.Item name="title" label={t('fields.title')} required rules={[zodRule(shape.title)]}>
              <Input data-testid="record-title" maxLength={200} autoFocus />
            </Form.Item>
          </Col>
          {!isFolder && (
            <>
              <Col xs={24} sm={6}>
                <Form.Item name="recordDt" label={t('fields.recordDt')} required {...dateItemProps}>
                  <DatePicker data-testid="record-date" style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={6}>
                <Form.Item
                  name="author"
                  label={t('fields.author')}
                  extra={t('hints.author')}
                  rules={[zodRule(shape.author)]}
                >
                  <Input data-testid="record-author" maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Typography.Text strong>{t('fields.fields')}</Typography.Text>
                <Form.List name="fields">
                  {(items, { add, remove }) => (
                    <div style={{ marginTop: 8 }}>
                      {items.map((item, i) => (
                        <Flex key={item.key} gap={8} align="baseline">
                          <Form.Item
                            name={[item.name, 'key']}
                            rules={[zodRule(shape.title)]}
                            style={{ flex: '0 0 35%' }}
                          >
                            <Input
                              placeholder={t('fields.fieldKey')}
                              data-testid={`record-field-key-${i}`}
                              maxLength={100}
                            />
                          </Form.Item>
                          <Form.Item name={[item.name, 'value']} style={{ flex: 1 }}>
                            <Input
                              placeholder={t('fields.fieldValue')}
                              data-testid={`record-field-value-${i}`}
                              maxLength={2000}
                            />
                          </Form.Item>
                          <Button
                            type="text"
                            icon={<MinusCircleOutlined />}
                            aria-label={t('common:actions.delete')}
                            data-testid={`record-field-remove-${i}`}
                            onClick={() => remove(item.name)}
                          />
                        </Flex>
                      ))}
                      <Button
                        type="dashed"
                        icon={<PlusOutlined />}
                        data-testid="record-field-add"
                        onClick={() => add({ key: '', value: '' })}
                      >
                        {t('actions.addField')}
                      </Button>
                    </div>
                  )}
                </Form.List>
              </Col>
              <Col xs={24} style={{ marginTop: 16 }}>
                <Typography.Text strong>{t('fields.files')}</Typography.Text>
                <div style={{ marginTop: 8 }}>
                  {filesOf ? (
                    <SheetFiles id={filesOf} />
                  ) : (
                    <Typography.Text type="secondary">{t('hints.filesAfterSave')}</Typography.Text>
                  )}
                </div>
              </Col>
            </>
          )}
        </Row>
      </FormDialog>
      {savedId !== null && <FilesAfterCreate id={savedId} onClose={onClose} />}
    </>
  );
}

/** Right after a new sheet is saved: its files dialog, so the files go with it in one go. */
function FilesAfterCreate({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation([RECORD_NS, 'common']);
  return (
    <FormDialog<Record<string, never>>
      open
      title={t('fields.files')}
      testId="record-files-dialog"
      width={640}
      okText={t('common:actions.close')}
      onSubmit={async () => undefined}
      onClose={onClose}
    >
      <SheetFiles id={id} />
    </FormDialog>
  );
}
