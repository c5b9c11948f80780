import { CheckCircleOutlined, EditOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { ProductionResult } from '@eqms/contract';
import { Button, Flex, Progress, Typography, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtQty } from '../../production-plan/plan-rules.ts';
import { achievementRate, fmtRate, statFontSize } from '../kiosk-rules.ts';
import { KIOSK_NS } from '../kiosk.locales.ts';
import { KioskStatusTag } from './parts.tsx';

// One work of the line (a daily plan): product, operation (seq / last), tool, worker, status, and four numbers read
// from a metre away — target, good, bad, achievement — with the three actions always in the same place: start
// (a planned work), enter result and end (a work in progress). An action that does not apply is disabled, not hidden.

export type WorkAction = 'start' | 'enter' | 'end';

export function WorkCard({
  work,
  today,
  canModify,
  onAction,
}: {
  work: ProductionResult;
  /** The factory's today: an earlier day is a work still running since then. */
  today: string;
  canModify: boolean;
  onAction: (action: WorkAction, work: ProductionResult) => void;
}) {
  const { t } = useTranslation(KIOSK_NS);
  const { token } = theme.useToken();
  const rate = achievementRate(work.goodQty, work.targetQty);
  const planned = work.status === 'PLAN_COMPLETED';
  const working = work.status === 'WORKING';

  const stat = (label: string, value: string, testId: string, color?: string) => (
    <Flex vertical align="center" style={{ minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 18 }}>
        {label}
      </Typography.Text>
      <span
        data-testid={testId}
        style={{
          fontSize: statFontSize(value),
          fontWeight: 700,
          lineHeight: 1.2,
          fontVariantNumeric: 'tabular-nums',
          whiteSpace: 'nowrap',
          color,
        }}
      >
        {value}
      </span>
    </Flex>
  );
  const button: CSSProperties = { height: 64, fontSize: 20, flex: '1 1 0', minWidth: 0, paddingInline: 8 };
  const border = working ? token.colorWarning : planned ? token.colorPrimary : token.colorSuccess;

  return (
    <section
      data-testid="kiosk-work"
      data-id={work.id}
      data-status={work.status}
      data-code={work.productCode}
      data-seq={work.seq}
      aria-label={`${work.productCode} ${work.operationName}`}
      style={{
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        padding: 18,
        borderRadius: token.borderRadiusLG * 1.5,
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderInlineStart: `8px solid ${border}`,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <KioskStatusTag status={work.status} />
        <Typography.Text style={{ fontSize: 20, fontWeight: 600 }} data-testid="kiosk-work-operation">
          {t('fields.operation')} {work.seq}/{work.lastSeq} · {work.operationName}
        </Typography.Text>
      </Flex>
      <div style={{ minWidth: 0 }}>
        <Typography.Text
          strong
          style={{ fontSize: 26, display: 'block', lineHeight: 1.25 }}
          data-testid="kiosk-work-product"
        >
          {work.productCode}
        </Typography.Text>
        <Typography.Text style={{ fontSize: 20, display: 'block' }}>{work.productName}</Typography.Text>
        {work.day !== today && (
          <Typography.Text type="warning" strong style={{ fontSize: 18 }} data-testid="kiosk-work-carried">
            {t('fields.carriedOver', { day: work.day })}
          </Typography.Text>
        )}
      </div>
      <Flex gap={16} wrap style={{ fontSize: 18 }}>
        <span>
          <Typography.Text type="secondary" style={{ fontSize: 18 }}>
            {t('fields.tool')}
          </Typography.Text>{' '}
          <span data-testid="kiosk-work-tool">{work.toolName ?? '–'}</span>
        </span>
        <span>
          <Typography.Text type="secondary" style={{ fontSize: 18 }}>
            {t('fields.worker')}
          </Typography.Text>{' '}
          <strong data-testid="kiosk-work-worker">{work.workerName ?? t('fields.noWorker')}</strong>
        </span>
      </Flex>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, minmax(0, 1fr))', gap: 4 }}>
        {stat(t('fields.target'), fmtQty(work.targetQty), 'kiosk-work-target')}
        {stat(t('fields.good'), fmtQty(work.goodQty), 'kiosk-work-good', token.colorSuccessText)}
        {stat(
          t('fields.bad'),
          fmtQty(work.badQty),
          'kiosk-work-bad',
          work.badQty > 0 ? token.colorErrorText : undefined,
        )}
        {stat(t('fields.rate'), fmtRate(rate), 'kiosk-work-rate')}
      </div>
      <Progress
        percent={Math.min(rate ?? 0, 100)}
        showInfo={false}
        size={{ height: 12 }}
        strokeColor={rate !== null && rate >= 100 ? token.colorSuccess : token.colorPrimary}
        aria-label={`${t('fields.rate')} ${fmtRate(rate)}`}
      />
      <Flex gap={10}>
        <Button
          size="large"
          type={planned ? 'primary' : 'default'}
          icon={<PlayCircleOutlined />}
          style={button}
          disabled={!canModify || !planned}
          onClick={() => onAction('start', work)}
          data-testid="kiosk-start-button"
        >
          {t('actions.start')}
        </Button>
        <Button
          size="large"
          type={working ? 'primary' : 'default'}
          icon={<EditOutlined />}
          style={button}
          disabled={!canModify || !working}
          onClick={() => onAction('enter', work)}
          data-testid="kiosk-enter-button"
        >
          {t('actions.enter')}
        </Button>
        <Button
          size="large"
          icon={<CheckCircleOutlined />}
          style={button}
          disabled={!canModify || !working}
          onClick={() => onAction('end', work)}
          data-testid="kiosk-end-button"
        >
          {t('actions.end')}
        </Button>
      </Flex>
    </section>
  );
}
