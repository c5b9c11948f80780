import { type SanitationCheckList, sanitationCheckListCreateBody, signBody } from '@eqms/contract';
import { Alert, DatePicker, Form, Input, Radio, Select, Table, theme, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { HACCP_NS } from '../haccp.locales.ts';
import { SANITATION_NS } from '../sanitation.locales.ts';
import { useSanitationAreas, useSanitationApi } from '../sanitation.queries.ts';

const DATE = 'YYYY-MM-DD';
const shape = sanitationCheckListCreateBody.shape;

/** Step 1: the day and the area; the server copies the area's check items in use. */
export function CreateCheckListDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (row: SanitationCheckList) => void;
}) {
  const { t } = useTranslation([SANITATION_NS, HACCP_NS, 'common']);
  const api = useSanitationApi();
  const { areas } = useSanitationAreas();
  const choices = areas.filter((a) => a.enabled > 0);
  const submit = async (v: { checkDate?: string; locationId?: number }, form: Parameters<typeof showSaveError>[0]) => {
    try {
      const row = await api.create({ checkDate: v.checkDate ?? '', locationId: v.locationId!, note: null });
      useAppStore.getState().notify(t('messages.created'), 'success');
      onCreated(row);
    } catch (e) {
      showSaveError(form, e);
      throw e;
    }
  };
  return (
    <FormDialog<{ checkDate?: string; locationId?: number }>
      open={open}
      title={t('titles.create')}
      testId="sanitation-create-dialog"
      okText={t('actions.next')}
      initialValues={{ checkDate: dayjs().format(DATE) }}
      onSubmit={submit}
      onClose={onClose}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title={choices.length ? t('hints.createFromTemplate') : t('hints.noAreas')}
      />
      <Form.Item
        name="checkDate"
        label={t('fields.checkDate')}
        required
        rules={[zodRule(shape.checkDate)]}
        getValueProps={(v: string | null | undefined) => ({ value: v ? dayjs(v, DATE) : null })}
        normalize={(d: Dayjs | null) => (d ? d.format(DATE) : null)}
      >
        <DatePicker data-testid="sanitation-check-date" format={DATE} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="locationId" label={t('fields.area')} required rules={[zodRule(shape.locationId)]}>
        <Select<number>
          data-testid="sanitation-area"
          showSearch={{ optionFilterProp: 'label' }}
          options={choices.map((a) => ({ value: a.id, label: a.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}

type ItemValue = { id: number; passed: boolean | null; note: string | null };
type Values = { items?: ItemValue[]; note?: string | null; reason?: string; password?: string };

/**
 * Step 2, or a correction: each item pass/fail with its note (keyboard: Tab between items, arrows choose pass/fail).
 * In `amend` mode it corrects a signed check list: the reason and the password sign the amendment.
 */
export function CheckListDialog({
  mode,
  row,
  onClose,
}: {
  mode: 'edit' | 'amend' | null;
  row: SanitationCheckList | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([SANITATION_NS, HACCP_NS, 'common']);
  const { token } = theme.useToken();
  const api = useSanitationApi();
  const locale = useAppStore((s) => s.locale);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const open = mode !== null && row !== null;
  useEffect(() => {
    if (!open) setRefusal(null);
  }, [open]);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    setRefusal(null);
    const items = (v.items ?? []).map((i) => ({ id: i.id, passed: i.passed ?? null, note: i.note || null }));
    try {
      if (mode === 'amend') {
        await api.amend(row!.id, { items, note: v.note || null, reason: v.reason ?? '', password: v.password ?? '' });
        useAppStore.getState().notify(t('messages.amended'), 'success');
      } else {
        await api.update({ id: row!.id, items, note: v.note || null });
        useAppStore.getState().notify(t('messages.saved'), 'success');
      }
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) setRefusal(e);
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={
        row
          ? `${t(mode === 'amend' ? 'titles.amend' : 'titles.edit')} — ${row.checkDate} ${row.locationName}`
          : t('titles.edit')
      }
      testId="sanitation-dialog"
      width={820}
      initialValues={
        row
          ? { items: row.items.map((i) => ({ id: i.id, passed: i.passed, note: i.note })), note: row.note }
          : undefined
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="sanitation-refusal"
          title={errorText(refusal, locale)}
        />
      )}
      {mode === 'amend' && row && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${t(`${HACCP_NS}:hints.amendsOf`, { id: row.id })} — ${t(`${HACCP_NS}:hints.amendMeaning`)}`}
        />
      )}
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={row?.items ?? []}
        scroll={{ x: 600 }}
        columns={[
          { key: 'name', title: t('fields.item'), dataIndex: 'name', width: 200 },
          {
            key: 'passed',
            title: t('fields.result'),
            width: 170,
            render: (_, item, i) => (
              <>
                <Form.Item name={['items', i, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={['items', i, 'passed']} noStyle>
                  <Radio.Group
                    data-testid={`sanitation-item-${i}-passed`}
                    aria-label={`${item.name} ${t('fields.result')}`}
                    options={[
                      { value: true, label: t('values.pass') },
                      { value: false, label: t('values.fail') },
                    ]}
                  />
                </Form.Item>
              </>
            ),
          },
          {
            key: 'note',
            title: t('fields.itemNote'),
            render: (_, item, i) => (
              <Form.Item
                noStyle
                dependencies={[
                  ['items', i, 'passed'],
                  ['items', i, 'note'],
                ]}
              >
                {(f) => {
                  const missing =
                    f.getFieldValue(['items', i, 'passed']) === false && !f.getFieldValue(['items', i, 'note']);
                  return (
                    <>
                      <Form.Item name={['items', i, 'note']} noStyle>
                        <Input
                          data-testid={`sanitation-item-${i}-note`}
                          aria-label={`${item.name} ${t('fields.itemNote')}`}
                          maxLength={1000}
                          status={missing ? 'warning' : undefined}
                        />
                      </Form.Item>
                      {missing && (
                        <Typography.Text style={{ color: token.colorWarningText, fontSize: 12 }}>
                          {t('hints.failNeedsNote')}
                        </Typography.Text>
                      )}
                    </>
                  );
                }}
              </Form.Item>
            ),
          },
        ]}
      />
      <Form.Item name="note" label={t('fields.note')} style={{ marginTop: 12 }}>
        <Input data-testid="sanitation-note" maxLength={1000} />
      </Form.Item>
      {mode === 'amend' && (
        <>
          <Form.Item name="reason" label={t('fields.reason')} required>
            <Input data-testid="sanitation-amend-reason" maxLength={500} />
          </Form.Item>
          <Form.Item
            name="password"
            label={t(`${HACCP_NS}:fields.password`)}
            required
            rules={[zodRule(signBody.shape.password)]}
          >
            <Input.Password data-testid="sanitation-amend-password" autoComplete="current-password" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
