import { formatFileSize } from '../../../components/file-size.ts';
import { DeleteOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Modal, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTICE_ATTACHMENT_MAX_BYTES,
  NOTICE_TITLE_MAX,
  type Notice,
  noticeCreateForm,
  ruleMessage,
  translateMessage,
  issueMessage,
} from '@eqms/contract';
import { useAppStore } from '../../../app/store.ts';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { showSaveError } from '../../../components/formErrors.ts';
import { DateRangeField, dateRangeRule, formatDateRange, parseDateRange } from '../../../components/inputs/index.ts';
import { useSaveNotice } from '../notice.queries.ts';
import { NOTICE_NS } from '../notice.locales.ts';
import { AttachmentLine } from './AttachmentLine.tsx';
import { RichTextEditor } from './RichTextEditor.tsx';

type FormFields = {
  title: string;
  locationId: number | null;
  /** `yyyy-MM-dd ~ yyyy-MM-dd` (DateRangeField). */
  period: string | null;
  contents: string;
};

/** The server's field names → this form's (the period is one picker for startDt and endDt). */
const FIELD_NAMES = { startDt: 'period', endDt: 'period' };

/**
 * Create or edit a notice (SPEC §3 Notice form): title, target location (empty = all), period, HTML contents and one
 * attachment. Saves as multipart (noticeEndpoints.create/update); the contract's rules check the fields before sending.
 */
export function NoticeForm({ open, notice, onClose }: { open: boolean; notice: Notice | null; onClose: () => void }) {
  const { t } = useTranslation(NOTICE_NS);
  const locale = useAppStore((s) => s.locale);
  const [form] = Form.useForm<FormFields>();
  const save = useSaveNotice();
  const [file, setFile] = useState<File | null>(null);
  const [removeFile, setRemoveFile] = useState(false);
  const msg = (key: Parameters<typeof ruleMessage>[0], params?: Record<string, string | number>) =>
    translateMessage(ruleMessage(key, params), locale);

  useEffect(() => {
    if (!open) return;
    setFile(null);
    setRemoveFile(false);
    form.setFieldsValue(
      notice
        ? {
            title: notice.title,
            locationId: notice.locationId,
            period: formatDateRange(notice.startDt, notice.endDt),
            contents: notice.contents,
          }
        : {
            title: '',
            locationId: null,
            period: formatDateRange(dayjs(), dayjs().add(7, 'day')),
            contents: '',
          },
    );
  }, [open, notice, form]);

  const submit = async () => {
    let values: FormFields;
    try {
      values = await form.validateFields();
    } catch {
      useAppStore.getState().notify(t('common:messages.invalidForm'), 'warning');
      return;
    }
    const [start, end] = parseDateRange(values.period) ?? ['', ''];
    const payload = {
      title: values.title.trim(),
      contents: values.contents ?? '',
      locationId: values.locationId ?? null,
      startDt: start,
      endDt: end,
    };
    // The contract's own rules, so the form refuses exactly what the server would.
    const checked = noticeCreateForm.safeParse(payload);
    if (!checked.success) {
      form.setFields(
        checked.error.issues.map((i) => {
          const field = String(i.path[0] ?? 'title');
          const name = ((FIELD_NAMES as Record<string, string>)[field] ?? field) as keyof FormFields;
          return { name, errors: [translateMessage(issueMessage(i), locale)] };
        }),
      );
      useAppStore.getState().notify(t('common:messages.invalidForm'), 'warning');
      return;
    }
    try {
      await save.mutateAsync({ ...payload, id: notice?.id, file, removeFile: removeFile && !file });
      useAppStore.getState().notify(t('common:messages.saved'), 'success');
      onClose();
    } catch (err) {
      showSaveError(form, err, { fieldNames: FIELD_NAMES });
    }
  };

  const existing = notice?.attachFileName && !removeFile && !file ? notice : null;

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={860}
      destroyOnHidden
      maskClosable={false}
      title={notice ? t('edit') : t('create')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      onOk={submit}
      confirmLoading={save.isPending}
      okButtonProps={{ 'data-testid': 'notice-form-save' }}
      cancelButtonProps={{ 'data-testid': 'notice-form-cancel' }}
    >
      <Form<FormFields> form={form} layout="vertical" data-testid="notice-form" requiredMark>
        <Form.Item
          name="title"
          label={t('fields.title')}
          rules={[
            { required: true, whitespace: true, message: msg('required') },
            { max: NOTICE_TITLE_MAX, message: msg('maxLength', { max: NOTICE_TITLE_MAX }) },
          ]}
        >
          <Input data-testid="notice-form-title" maxLength={NOTICE_TITLE_MAX} showCount />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item name="locationId" label={t('fields.location')} style={{ flex: '1 1 260px', minWidth: 0 }}>
            <LocationTreeSelect allowClear placeholder={t('locationPlaceholder')} testId="notice-form-location" />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('fields.period')}
            style={{ flex: '1 1 300px', minWidth: 0 }}
            rules={[dateRangeRule({ required: true })]}
          >
            <DateRangeField allowClear={false} testId="notice-form-period" />
          </Form.Item>
        </Flex>
        <Form.Item name="contents" label={t('fields.contents')}>
          <RichTextEditor testId="notice-form-editor" />
        </Form.Item>
        <Form.Item
          label={t('fields.attachment')}
          extra={t('fileTooLarge', { size: formatFileSize(NOTICE_ATTACHMENT_MAX_BYTES) })}
          style={{ marginBottom: 0 }}
        >
          <Flex vertical gap={8}>
            {file && (
              <AttachmentLine
                name={file.name}
                mimeType={file.type || null}
                size={file.size}
                testId="notice-form-attachment"
                action={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('removeFile')}
                    onClick={() => setFile(null)}
                    data-testid="notice-form-remove-file"
                  />
                }
              />
            )}
            {existing && (
              <AttachmentLine
                name={existing.attachFileName ?? ''}
                mimeType={existing.attachFileMimeType}
                size={existing.attachFileSize}
                testId="notice-form-attachment"
                action={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('removeFile')}
                    onClick={() => setRemoveFile(true)}
                    data-testid="notice-form-remove-file"
                  />
                }
              />
            )}
            {!file && !existing && (
              <Typography.Text type="secondary" data-testid="notice-form-no-attachment">
                {t('noAttachment')}
              </Typography.Text>
            )}
            <Upload
              maxCount={1}
              showUploadList={false}
              beforeUpload={(f) => {
                if (f.size > NOTICE_ATTACHMENT_MAX_BYTES) {
                  useAppStore
                    .getState()
                    .notify(t('fileTooLarge', { size: formatFileSize(NOTICE_ATTACHMENT_MAX_BYTES) }), 'warning');
                  return Upload.LIST_IGNORE;
                }
                setFile(f);
                // Kept in state and sent with the form, never uploaded on its own.
                return false;
              }}
            >
              <Button icon={<PaperClipOutlined />} data-testid="notice-form-file">
                {t('attach')}
              </Button>
            </Upload>
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
