import { CheckCircleFilled } from '@ant-design/icons';
import { Button, Card, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PROD_NS } from '../../production-material.locales.ts';

// The phone's release and restock steps: a titled card per step and the chosen thing with a "change" button.

export function Step({
  title,
  ok,
  children,
  testId,
}: {
  title: string;
  ok?: boolean;
  children?: ReactNode;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card
      size="small"
      data-testid={testId}
      title={<Typography.Text strong>{title}</Typography.Text>}
      styles={{ body: { padding: 12 }, header: { minHeight: 40 } }}
      style={{ borderColor: ok ? token.colorSuccessBorder : undefined }}
    >
      {children}
    </Card>
  );
}

export function Chosen({
  main,
  sub,
  extra,
  onChange,
  testId,
}: {
  main: string;
  sub?: ReactNode;
  extra?: ReactNode;
  onChange?: () => void;
  testId: string;
}) {
  const { t } = useTranslation(PROD_NS);
  return (
    <Flex align="center" gap={8} data-testid={testId}>
      <CheckCircleFilled style={{ color: 'var(--ant-color-success)', fontSize: 18 }} />
      <Flex vertical style={{ flex: 1, minWidth: 0 }}>
        <Typography.Text strong>{main}</Typography.Text>
        {sub && <Typography.Text type="secondary">{sub}</Typography.Text>}
        {extra}
      </Flex>
      {onChange && (
        <Button onClick={onChange} style={{ minHeight: 44 }} data-testid={`${testId}-change`}>
          {t('m.change')}
        </Button>
      )}
    </Flex>
  );
}

/** A big choice button of a list (a plan, a released package): the whole card is the target. */
export function ChoiceButton({
  onClick,
  children,
  testId,
  data,
}: {
  onClick: () => void;
  children: ReactNode;
  testId: string;
  data?: Record<string, string>;
}) {
  return (
    <Button
      block
      onClick={onClick}
      data-testid={testId}
      {...data}
      style={{ height: 'auto', minHeight: 56, padding: '8px 12px', textAlign: 'start', whiteSpace: 'normal' }}
    >
      <Flex vertical style={{ width: '100%' }}>
        {children}
      </Flex>
    </Button>
  );
}

export function DoneCard({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  testId: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card data-testid={testId} styles={{ body: { padding: 20, textAlign: 'center' } }}>
      <CheckCircleFilled style={{ fontSize: 48, color: token.colorSuccess }} />
      <Typography.Title level={2} style={{ fontSize: 20, marginTop: 8 }}>
        {title}
      </Typography.Title>
      {children}
      <Flex vertical gap={8} style={{ marginTop: 16 }}>
        {actions}
      </Flex>
    </Card>
  );
}
