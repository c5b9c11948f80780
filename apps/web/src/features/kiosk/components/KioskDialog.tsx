import { Button, Flex, Modal, Typography } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { KIOSK_NS } from '../kiosk.locales.ts';

// A kiosk dialog: near the top of the screen, a large title, a body that scrolls within the window (1,024 × 768 and a
// tablet) and two large buttons at the bottom. Enter presses the main button, Escape cancels.

export type KioskDialogProps = {
  open: boolean;
  title: ReactNode;
  onCancel: () => void;
  onOk: () => void;
  okText: string;
  /** Shown at the start of the footer, always in view (the result dialog's totals after saving). */
  footerExtra?: ReactNode;
  /** The cancel button's text; null: no cancel button (a message with OK only). */
  cancelText?: string | null;
  okDisabled?: boolean;
  okDanger?: boolean;
  busy?: boolean;
  width?: number;
  testId: string;
  children: ReactNode;
};

/** True when a key press belongs to a text box (or a select's search), not to the dialog. */
export const typingInField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !target.readOnly));

export function KioskDialog({
  open,
  title,
  onCancel,
  onOk,
  okText,
  footerExtra,
  cancelText,
  okDisabled,
  okDanger,
  busy,
  width = 640,
  testId,
  children,
}: KioskDialogProps) {
  const { t } = useTranslation(KIOSK_NS);
  // The latest handler, so the key listener is added once per opening.
  const ok = useRef({ onOk, enabled: !okDisabled && !busy });
  ok.current = { onOk, enabled: !okDisabled && !busy };
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Enter' || e.isComposing || typingInField(e.target)) return;
      // Not the focused button's own click as well (the last keypad key would be typed again).
      e.preventDefault();
      if (ok.current.enabled) ok.current.onOk();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  const big = { height: 64, minWidth: 160, fontSize: 22 };
  return (
    <Modal
      open={open}
      onCancel={onCancel}
      destroyOnHidden
      keyboard
      mask={{ closable: false }}
      width={width}
      style={{ top: 12, maxWidth: 'calc(100vw - 24px)' }}
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden' } }}
      closable={false}
      title={
        <Typography.Title level={3} style={{ margin: 0 }} data-testid={`${testId}-title`}>
          {title}
        </Typography.Title>
      }
      footer={
        <Flex gap={12} justify="flex-end" align="center" wrap>
          {footerExtra && <div style={{ marginInlineEnd: 'auto', textAlign: 'start' }}>{footerExtra}</div>}
          {cancelText !== null && (
            <Button size="large" style={big} onClick={onCancel} data-testid={`${testId}-cancel`}>
              {cancelText ?? t('actions.cancel')}
            </Button>
          )}
          <Button
            size="large"
            type="primary"
            danger={okDanger}
            style={{ ...big, minWidth: 220 }}
            onClick={onOk}
            disabled={okDisabled}
            loading={busy}
            data-testid={`${testId}-submit`}
          >
            {okText}
          </Button>
        </Flex>
      }
      data-testid={testId}
    >
      {children}
    </Modal>
  );
}
