import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { QualityHold, QualityResultDetail, QualityResultItem } from '@eqms/contract';
import { Button, Descriptions, Drawer, Flex, Spin, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, reportError } from '../../../api/http.ts';
import { useAppStore } from '../../../app/store.ts';
import { SpcDrawer } from '../../spc/components/SpcDrawer.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import { useQualityApi, useResult } from '../quality.queries.ts';
import type { Side } from '../quality-side.ts';
import { JudgementTag } from './cells.tsx';
import { HoldPanel, when } from './HoldPanel.tsx';
import { MinutesField, minutesProblem, minutesText } from './MinutesField.tsx';
import { limitsText } from './StandardsScreen.tsx';

/**
 * The inspection time of a recorded result, and (with modify) its edit in place: the one field a result may change
 * afterwards (server quality README "Time").
 */
function MinutesCell({ side, r, canEdit }: { side: Side; r: QualityResultDetail; canEdit: boolean }) {
  const { t } = useTranslation([QUALITY_NS, 'common']);
  const locale = useAppStore((s) => s.locale);
  const api = useQualityApi(side);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState<number | null>(r.inspectionMinutes);
  const [refusal, setRefusal] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  if (!editing)
    return (
      <Flex gap={8} align="center">
        <span data-testid="q-detail-minutes">
          {r.inspectionMinutes == null
            ? t('hints.noMinutes')
            : `${minutesText(r.inspectionMinutes)} ${t('units.minutes')}`}
        </span>
        {canEdit && (
          <Button
            size="small"
            data-testid="q-detail-minutes-edit"
            onClick={() => {
              setValue(r.inspectionMinutes);
              setRefusal(undefined);
              setEditing(true);
            }}
          >
            {t('common:actions.edit')}
          </Button>
        )}
      </Flex>
    );
  const error = minutesProblem(value, locale) ?? refusal;
  const save = async () => {
    if (minutesProblem(value, locale)) return;
    setSaving(true);
    try {
      await api.setTime(r.id, value);
      useAppStore.getState().notify(t('messages.minutesSaved'), 'success');
      setEditing(false);
    } catch (e) {
      const field = e instanceof ApiError ? e.extraData?.fields?.find((f) => f.field === 'inspectionMinutes') : null;
      if (field) setRefusal(field.message);
      else if (e instanceof ApiError) reportError(e);
      else throw e;
    } finally {
      setSaving(false);
    }
  };
  return (
    <Flex gap={6} align="start">
      <MinutesField
        testId="q-detail-minutes-input"
        value={value}
        onChange={(v) => {
          setValue(v);
          setRefusal(undefined);
        }}
        error={error}
        autoFocus
      />
      {/* Icons: the drawer's cell is narrow, and two worded buttons beside the field wrap under it. */}
      <Button
        type="primary"
        icon={<CheckOutlined />}
        loading={saving}
        onClick={() => void save()}
        title={t('common:actions.save')}
        aria-label={t('common:actions.save')}
        data-testid="q-detail-minutes-save"
      />
      <Button
        icon={<CloseOutlined />}
        onClick={() => setEditing(false)}
        title={t('common:actions.cancel')}
        aria-label={t('common:actions.cancel')}
        data-testid="q-detail-minutes-cancel"
      />
    </Flex>
  );
}

/**
 * One inspection beside the list: its subject, who inspected when, the judgement (computed, and the override with who,
 * when and why), every item as inspected with its samples (red outside the limits), and the hold it opened.
 */
export function ResultDrawer({
  side,
  id,
  onClose,
  onDispose,
  canEditTime = false,
}: {
  side: Side;
  id: number | null;
  onClose: () => void;
  onDispose?: (h: QualityHold) => void;
  canEditTime?: boolean;
}) {
  const { t } = useTranslation([QUALITY_NS, 'common']);
  const one = useResult(side, id);
  const r = one.data;
  // A measured item's control chart over its past inspections (issue 15 "SPC"), above this drawer.
  const [spcOf, setSpcOf] = useState<number | null>(null);
  const columns: TableColumnsType<QualityResultItem> = [
    { title: t('fields.itemName'), dataIndex: 'name', width: 150 },
    {
      title: t('fields.spec'),
      width: 130,
      render: (_, i) => (i.kind === 'PASS_FAIL' ? t('kind.PASS_FAIL') : limitsText(i)),
    },
    {
      title: t('fields.samples'),
      render: (_, i) => (
        <Flex gap={4} wrap>
          {i.samples.map((s) => (
            <Tag key={s.sampleNo} color={s.ok ? 'success' : 'error'} data-testid="q-detail-sample" data-ok={s.ok}>
              {i.kind === 'PASS_FAIL' ? t(s.passed ? 'sample.pass' : 'sample.fail') : fmtQty(s.value)}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('fields.judgement'),
      width: 100,
      render: (_, i) => <JudgementTag value={i.judgement} testId="q-detail-item-judgement" />,
    },
    {
      title: '',
      width: 70,
      render: (_, i) =>
        i.kind === 'NUMBER' && (
          <Button size="small" data-testid={`q-detail-spc-${i.standardId}`} onClick={() => setSpcOf(i.standardId)}>
            SPC
          </Button>
        ),
    },
  ];
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={r ? t('titles.result', { subject: r.packageId ?? r.lotId ?? r.operationName ?? r.id }) : ''}
      data-testid="q-detail"
    >
      {!r ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            // Values wrap, labels do not: the time editor's input and buttons squeezed "Inspector" to "Inspect/or".
            styles={{ label: { whiteSpace: 'nowrap' } }}
            data-testid="q-detail-info"
            items={[
              { key: 'stage', label: t('fields.stage'), children: t(`stage.${r.stage}`) },
              {
                key: 'subject',
                label: t('fields.subjectId'),
                children: r.packageId ?? r.lotId ?? `${r.operationName ?? ''} (#${r.dailyPlanId})`,
              },
              {
                key: 'item',
                label: t('fields.item'),
                children:
                  side === 'MATERIAL' ? `${r.materialCode} ${r.materialName}` : `${r.productCode} ${r.productName}`,
              },
              ...(r.supplierLot ? [{ key: 'slot', label: t('fields.supplierLot'), children: r.supplierLot }] : []),
              { key: 'at', label: t('fields.inspectedAt'), children: when(r.inspectedAt) },
              { key: 'by', label: t('fields.inspector'), children: `${r.inspectorName} (${r.inspectorUserId})` },
              {
                key: 'minutes',
                label: t('fields.inspectionMinutes'),
                span: 2,
                children: <MinutesCell key={r.id} side={side} r={r} canEdit={canEditTime} />,
              },
              {
                key: 'computed',
                label: t('fields.computedJudgement'),
                children: <JudgementTag value={r.computedJudgement} testId="q-detail-computed" />,
              },
              {
                key: 'judgement',
                label: t('fields.judgement'),
                children: <JudgementTag value={r.judgement} testId="q-detail-judgement" />,
              },
              ...(r.overridden
                ? [
                    {
                      key: 'override',
                      label: t('fields.override'),
                      span: 2,
                      children: (
                        <span data-testid="q-detail-override">
                          {t('hints.overridden', {
                            by: r.overriddenBy ?? '-',
                            at: when(r.overriddenAt),
                            reason: r.overrideReason,
                          })}
                        </span>
                      ),
                    },
                  ]
                : []),
              { key: 'note', label: t('fields.description'), span: 2, children: r.description ?? '-' },
            ]}
          />
          <Table<QualityResultItem>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={r.items}
            pagination={false}
            scroll={{ x: 560 }}
            data-testid="q-detail-items"
          />
          {r.hold ? (
            <HoldPanel hold={r.hold} onDispose={onDispose} />
          ) : (
            <Typography.Text type="secondary">{t('hints.noHold')}</Typography.Text>
          )}
        </Flex>
      )}
      {spcOf !== null && (
        <SpcDrawer subject={{ kind: 'item', standardId: spcOf, side }} open onClose={() => setSpcOf(null)} />
      )}
    </Drawer>
  );
}
