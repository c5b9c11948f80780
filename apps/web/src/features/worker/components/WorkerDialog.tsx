import { type Worker, workerSaveBody } from '@eqms/contract';
import { Form, Input, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../app/store.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { showSaveError, zodRule } from '../../../components/formErrors.ts';
import { LocationTreeSelect } from '../../../components/LocationTreeSelect.tsx';
import { WORKER_NS } from '../worker.locales.ts';
import { useAllWorkers, useUserPicks, useWorkerApi } from '../worker.queries.ts';

type Values = { userId?: number | null; lineId?: number | null; description?: string | null };

const shape = workerSaveBody.shape;

/**
 * Assign a worker (worker === null): a user from the pick-list (one already a worker moves to the line) and a line,
 * or none (unassigned); or change the line and note of a worker (the user fixed). Both are PUT /worker.
 */
export function WorkerDialog({
  open,
  worker,
  lineId,
  onClose,
}: {
  open: boolean;
  worker: Worker | null;
  /** The line chosen in the tree, proposed for a new worker. */
  lineId?: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation([WORKER_NS, 'common']);
  const api = useWorkerApi();
  const creating = worker === null;
  const picks = useUserPicks(open && creating);
  const workers = useAllWorkers(open && creating);
  const options = useMemo(() => {
    const current = new Map((workers.data ?? []).map((w) => [w.user.id, w]));
    return (picks.data ?? []).map((u) => {
      const w = current.get(u.id);
      const now = w ? (w.lineName ? t('hints.currentLine', { line: w.lineName }) : t('hints.currentUnassigned')) : null;
      return {
        value: u.id,
        search: `${u.username} ${u.userId}`,
        label: (
          <span data-testid="worker-form-user-option" data-user-id={u.userId}>
            {u.username}
            <Typography.Text type="secondary" style={{ marginInlineStart: 6 }}>
              {u.userId}
            </Typography.Text>
            {now && (
              <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
                · {now}
              </Typography.Text>
            )}
          </span>
        ),
      };
    });
  }, [picks.data, workers.data, t]);

  const submit = async (v: Values, form: Parameters<typeof showSaveError>[0]) => {
    const userId = creating ? (v.userId as number) : worker.user.id;
    try {
      const saved = await api.save({
        userId,
        lineId: v.lineId ?? null,
        description: v.description?.trim() || null,
      });
      const name = saved.user.username;
      useAppStore
        .getState()
        .notify(
          saved.lineName ? t('messages.assigned', { name, line: saved.lineName }) : t('messages.unassigned', { name }),
          'success',
        );
    } catch (e) {
      showSaveError(form, e);
      throw e;
    }
  };

  return (
    <FormDialog<Values>
      open={open}
      title={creating ? t('titles.assign') : t('titles.change', { name: worker.user.username })}
      testId="worker-form"
      initialValues={
        creating
          ? { userId: null, lineId: lineId ?? null, description: null }
          : { lineId: worker.lineId, description: worker.description }
      }
      onSubmit={submit}
      onClose={onClose}
    >
      {creating ? (
        <Form.Item
          name="userId"
          label={t('fields.user')}
          required
          rules={[zodRule(shape.userId)]}
          extra={t('hints.user')}
        >
          <Select
            data-testid="worker-form-user"
            showSearch={{ optionFilterProp: 'search' }}
            loading={picks.isLoading}
            placeholder={t('placeholders.user')}
            options={options}
            notFoundContent={picks.isLoading ? undefined : t('common:messages.noData')}
          />
        </Form.Item>
      ) : (
        <Form.Item label={t('fields.user')} htmlFor="worker-form-user-fixed">
          <Input
            id="worker-form-user-fixed"
            data-testid="worker-form-user"
            value={`${worker.user.username} (${worker.user.userId})`}
            disabled
          />
        </Form.Item>
      )}
      <Form.Item name="lineId" label={t('fields.line')} extra={t('hints.line')}>
        <LocationTreeSelect
          testId="worker-form-line"
          typeUntils={['LINE']}
          selectableTypes={['LINE']}
          placeholder={t('placeholders.line')}
        />
      </Form.Item>
      <Form.Item name="description" label={t('fields.description')} rules={[zodRule(shape.description)]}>
        <Input.TextArea data-testid="worker-form-description" rows={2} maxLength={500} />
      </Form.Item>
    </FormDialog>
  );
}
