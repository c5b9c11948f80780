import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { Button, message, Modal, theme } from 'antd';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Alert, useAppStore } from '../app/store.ts';

// The store-driven dialogs of SPEC §1: snackbar, confirm, alert and the related-data dialog. Loaded apart from
// the entry so the first page stays small; GlobalUi mounts them on first use or shortly after start.

const RelatedDataDialog = lazy(() => import('./RelatedDataDialog.tsx').then((m) => ({ default: m.RelatedDataDialog })));

export function GlobalDialogs() {
  const relationData = useAppStore((s) => s.relationData);
  return (
    <>
      <Snackbar />
      <ConfirmDialog />
      <AlertDialog />
      {relationData && (
        <Suspense fallback={null}>
          <RelatedDataDialog />
        </Suspense>
      )}
    </>
  );
}

function Snackbar() {
  const snackbar = useAppStore((s) => s.snackbar);
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => {
    if (!snackbar.show || !snackbar.text) return;
    const key = `snackbar-${snackbar.key}`;
    void api.open({
      key,
      type: snackbar.type,
      content: (
        <span data-testid="snackbar" data-type={snackbar.type}>
          {snackbar.text}
        </span>
      ),
      duration: snackbar.timeout / 1000,
      onClose: () => {
        if (useAppStore.getState().snackbar.key === snackbar.key) useAppStore.getState().closeSnackbar();
      },
    });
  }, [snackbar, api]);
  return holder;
}

function ConfirmDialog() {
  const { t } = useTranslation();
  const confirm = useAppStore((s) => s.confirm);
  const close = useAppStore((s) => s.closeConfirm);
  return (
    <Modal
      open={confirm.show}
      title={confirm.title || t('confirm.title')}
      onOk={() => close(true)}
      onCancel={() => close(false)}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: confirm.danger, 'data-testid': 'confirm-ok' }}
      cancelButtonProps={{ 'data-testid': 'confirm-cancel' }}
      width={420}
      zIndex={2000}
      data-testid="confirm-dialog"
    >
      <div style={{ whiteSpace: 'pre-wrap' }}>{confirm.text}</div>
    </Modal>
  );
}

const ALERT_ICONS: Record<NonNullable<Alert['icon']>, typeof InfoCircleFilled> = {
  info: InfoCircleFilled,
  success: CheckCircleFilled,
  warning: ExclamationCircleFilled,
  error: CloseCircleFilled,
};

function AlertDialog() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const alert = useAppStore((s) => s.alert);
  const close = useAppStore((s) => s.closeAlert);
  const Icon = alert.icon ? ALERT_ICONS[alert.icon] : null;
  const color =
    alert.icon === 'error'
      ? token.colorError
      : alert.icon === 'warning'
        ? token.colorWarning
        : alert.icon === 'success'
          ? token.colorSuccess
          : token.colorInfo;
  return (
    <Modal
      open={alert.show}
      title={
        <span>
          {Icon && <Icon style={{ color, marginInlineEnd: 8 }} />}
          {alert.title}
        </span>
      }
      onCancel={close}
      width={alert.maxWidth}
      zIndex={2100}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={close} data-testid="alert-ok" autoFocus>
          {t('actions.ok')}
        </Button>
      }
    >
      <div style={{ whiteSpace: 'pre-wrap' }} data-testid="alert-text">
        {alert.text}
      </div>
    </Modal>
  );
}
