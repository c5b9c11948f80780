import { Button, Flex, Grid, type InputRef, Modal, Typography } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_TOKEN_NS } from './api-token.locales.ts';
import { ApiTokenCreateForm, type CreatedApiToken } from './components/ApiTokenCreateForm.tsx';
import { ApiTokenSecret } from './components/ApiTokenSecret.tsx';
import { ApiTokenTable } from './components/ApiTokenTable.tsx';

// Issue 17: the signed-in user's API tokens for an MCP assistant (server: modules/mcp/README.md). Opened from the
// profile dialog (desktop) and the phone's settings; a chunk of its own, loaded on opening.

/** The just-created token lives in this dialog's state only: closing it forgets the token for good. */
export default function ApiTokensDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation([API_TOKEN_NS, 'common']);
  const [made, setMade] = useState<CreatedApiToken | null>(null);
  const nameRef = useRef<InputRef>(null);
  const phone = !Grid.useBreakpoint().sm;
  const close = () => {
    setMade(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      onCancel={close}
      title={t('title')}
      width={880}
      destroyOnHidden
      // Ready to type a name once open (the dialog takes the focus as it opens, so autoFocus would lose it); not on a
      // phone, where the keyboard would cover the list.
      afterOpenChange={(isOpen) => {
        if (isOpen && !phone) nameRef.current?.focus();
      }}
      footer={
        <Button onClick={close} data-testid="api-tokens-close">
          {t('common:actions.close')}
        </Button>
      }
      data-testid="api-tokens-dialog"
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
        <ApiTokenCreateForm onCreated={setMade} nameRef={nameRef} />
        {made && <ApiTokenSecret made={made} onDone={() => setMade(null)} />}
        <ApiTokenTable />
      </Flex>
    </Modal>
  );
}
