import type { KioskWorks, ProductionResult } from '@eqms/contract';
import { Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtQty } from '../../production-plan/plan-rules.ts';
import { achievementRate, fmtRate } from '../kiosk-rules.ts';
import { KIOSK_NS } from '../kiosk.locales.ts';
import { KioskDialog } from './KioskDialog.tsx';
import { ChoiceButton } from './parts.tsx';
import { SaveError } from './SaveError.tsx';

// The start dialog (a worker picker, for a work without a worker), the end confirmation, and the message a refused
// direct start shows. Each keeps a refusal on screen until the operator closes it.

/** Runs a save, keeping the dialog open with the refusal when it fails. */
function useSubmit(run: () => Promise<void>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await run();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, submit };
}

function WorkLine({ work }: { work: ProductionResult }) {
  const { t } = useTranslation(KIOSK_NS);
  return (
    <Typography.Text style={{ fontSize: 20 }} data-testid="kiosk-dialog-work">
      <strong>{work.productCode}</strong> {work.productName} · {t('fields.operation')} {work.seq}/{work.lastSeq}{' '}
      {work.operationName}
    </Typography.Text>
  );
}

export function StartDialog({
  work,
  workers,
  onSubmit,
  onClose,
}: {
  work: ProductionResult;
  workers: KioskWorks['workers'];
  onSubmit: (workerId: number | null) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(KIOSK_NS);
  const [workerId, setWorkerId] = useState<number | null>(
    work.workerId ?? (workers.length === 1 ? workers[0].id : null),
  );
  const { busy, error, submit } = useSubmit(() => onSubmit(workerId));
  return (
    <KioskDialog
      open
      title={t('start.title')}
      width={760}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('start.submit')}
      okDisabled={workers.length > 0 && workerId === null}
      busy={busy}
      testId="kiosk-start"
    >
      <Flex vertical gap={16}>
        <WorkLine work={work} />
        <SaveError error={error} />
        {workers.length ? (
          <>
            <Typography.Text strong style={{ fontSize: 20 }}>
              {t('start.pickWorker')}
            </Typography.Text>
            <Flex gap={10} wrap data-testid="kiosk-start-workers">
              {workers.map((w) => (
                <ChoiceButton
                  key={w.id}
                  selected={workerId === w.id}
                  onClick={() => setWorkerId(w.id)}
                  testId={`kiosk-start-worker-${w.id}`}
                  minWidth={180}
                >
                  {w.username}
                </ChoiceButton>
              ))}
            </Flex>
          </>
        ) : (
          <Typography.Text type="warning" style={{ fontSize: 20 }} data-testid="kiosk-start-no-workers">
            {t('start.noWorkers')}
          </Typography.Text>
        )}
      </Flex>
    </KioskDialog>
  );
}

export function EndDialog({
  work,
  onSubmit,
  onClose,
}: {
  work: ProductionResult;
  onSubmit: () => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(KIOSK_NS);
  const { busy, error, submit } = useSubmit(onSubmit);
  const big = (label: string, value: string, testId: string): ReactNode => (
    <Flex vertical align="center" style={{ minWidth: 110 }}>
      <Typography.Text type="secondary" style={{ fontSize: 18 }}>
        {label}
      </Typography.Text>
      <span data-testid={testId} style={{ fontSize: 36, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </span>
    </Flex>
  );
  return (
    <KioskDialog
      open
      title={t('end.title')}
      width={720}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('end.submit')}
      busy={busy}
      testId="kiosk-end"
    >
      <Flex vertical gap={16}>
        <WorkLine work={work} />
        <Flex gap={16} wrap justify="space-around">
          {big(t('fields.target'), fmtQty(work.targetQty), 'kiosk-end-target')}
          {big(t('fields.good'), fmtQty(work.goodQty), 'kiosk-end-good')}
          {big(t('fields.bad'), fmtQty(work.badQty), 'kiosk-end-bad')}
          {big(t('fields.rate'), fmtRate(achievementRate(work.goodQty, work.targetQty)), 'kiosk-end-rate')}
        </Flex>
        <Typography.Text style={{ fontSize: 20 }}>{t('end.text')}</Typography.Text>
        <SaveError error={error} />
      </Flex>
    </KioskDialog>
  );
}

/** A refused save that had no dialog of its own (a start with the worker already chosen). */
export function ErrorDialog({ title, error, onClose }: { title: string; error: unknown; onClose: () => void }) {
  const { t } = useTranslation(KIOSK_NS);
  return (
    <KioskDialog
      open
      title={title}
      width={760}
      onCancel={onClose}
      onOk={onClose}
      okText={t('actions.ok')}
      cancelText={null}
      testId="kiosk-error"
    >
      <SaveError error={error} />
    </KioskDialog>
  );
}
