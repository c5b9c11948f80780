import {
  JUDGEMENTS,
  type Judgement,
  type QualityInspectionForm,
  type QualityStandard,
  translateMessage,
} from '@eqms/contract';
import {
  Alert,
  Button,
  Descriptions,
  Flex,
  Input,
  Modal,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/error-text.ts';
import { ApiError, reportError } from '../../../api/http.ts';
import { useCodeLabel } from '../../../app/codes.ts';
import { useAppStore } from '../../../app/store.ts';
import { NumberField } from '../../../components/inputs/NumberField.tsx';
import { fmtQty } from '../../material-stock/stock-rules.ts';
import {
  type Cell,
  cellOk,
  emptyGrid,
  type Grid,
  itemLive,
  itemsBody,
  overallLive,
  placeErrors,
} from '../inspection-grid.ts';
import { QUALITY_NS } from '../quality.locales.ts';
import { type Subject, useQualityApi } from '../quality.queries.ts';
import type { Side } from '../quality-side.ts';
import { HoldStatusTag, JudgementTag } from './cells.tsx';
import { MinutesField, minutesProblem } from './MinutesField.tsx';
import { limitsText } from './StandardsScreen.tsx';
import { SubjectPicker } from './SubjectPicker.tsx';

type Errors = ReturnType<typeof placeErrors>;
const NO_ERRORS: Errors = { cells: {}, rows: {}, other: {} };
const OK_BORDER = { borderColor: 'var(--ant-color-success)' };

/**
 * A new inspection: scan the subject, the form endpoint gives its items and sample counts, type the samples into the
 * grid (Tab or Enter to the next cell; pass/fail as two buttons) and watch the judgement per cell, item and whole as
 * the server will compute it; override it only with a reason. A FAIL of a package or lot holds it on the server.
 */
export function InspectionDialog({
  side,
  open,
  onClose,
  onSaved,
}: {
  side: Side;
  open: boolean;
  onClose: () => void;
  onSaved: (resultId: number) => void;
}) {
  const { t } = useTranslation([QUALITY_NS, 'common']);
  const locale = useAppStore((s) => s.locale);
  const unitLabel = useCodeLabel('UNIT');
  const api = useQualityApi(side);
  const [subject, setSubject] = useState<Subject | null>(null);
  const [form, setForm] = useState<QualityInspectionForm | null>(null);
  const [grid, setGrid] = useState<Grid>({});
  const [override, setOverride] = useState(false);
  const [reason, setReason] = useState('');
  const [description, setDescription] = useState('');
  const [minutes, setMinutes] = useState<number | null>(null);
  const [errors, setErrors] = useState<Errors>(NO_ERRORS);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [saving, setSaving] = useState(false);
  const gridRef = useRef<HTMLDivElement>(null);

  const reset = () => {
    setSubject(null);
    setForm(null);
    setGrid({});
    setOverride(false);
    setReason('');
    setDescription('');
    setMinutes(null);
    setErrors(NO_ERRORS);
    setRefusal(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const pick = async (s: Subject) => {
    try {
      const f = await api.form(s);
      setSubject(s);
      setForm(f);
      setGrid(emptyGrid(f.items));
      setErrors(NO_ERRORS);
      setRefusal(null);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) {
        const code = 'packageId' in s ? s.packageId : 'lotId' in s ? s.lotId : String(s.dailyPlanId);
        useAppStore.getState().notify(`${t('common:errors.barcodeNotFound')} [${code}]`, 'warning');
      } else if (e instanceof ApiError) reportError(e);
      else throw e;
    }
  };

  const items = form?.items ?? [];
  const overall = overallLive(items, grid);
  const computed: Judgement | null = overall === 'PENDING' ? null : overall;
  const overriddenTo: Judgement | null = computed && JUDGEMENTS.find((j) => j !== computed)!;
  const shown = override && overriddenTo ? overriddenTo : overall;

  const setCell = (id: number, j: number, patch: Partial<Cell>) => {
    setGrid((g) => ({ ...g, [id]: g[id].map((c, k) => (k === j ? { ...c, ...patch } : c)) }));
    setErrors((e) => {
      const key = `${id}.${j}`;
      if (!(key in e.cells)) return e;
      const { [key]: _, ...cells } = e.cells;
      return { ...e, cells };
    });
  };

  /** Enter moves on like Tab (a scanner or a gauge ends its value with Enter); on a button it also presses it. */
  const onCellKey = (index: number) => (e: KeyboardEvent<HTMLElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const target = e.target as HTMLElement;
    if (target.tagName === 'BUTTON') target.click();
    const next = gridRef.current?.querySelector<HTMLElement>(
      `[data-cell="${index + 1}"] input, [data-cell="${index + 1}"] button`,
    );
    (next ?? document.querySelector<HTMLElement>('[data-testid=q-inspect-save]'))?.focus();
  };

  const save = async () => {
    if (!form || !subject) return;
    if (override && !reason.trim()) {
      setErrors({ ...errors, other: { ...errors.other, 'override.reason': 'required' } });
      return;
    }
    // Shown under the field already (checked as typed).
    if (minutesProblem(minutes, locale)) return;
    setSaving(true);
    setRefusal(null);
    try {
      const saved = await api.inspect({
        ...subject,
        items: itemsBody(items, grid),
        override: override && overriddenTo ? { judgement: overriddenTo, reason: reason.trim() } : undefined,
        inspectionMinutes: minutes,
        description: description.trim() || null,
      });
      useAppStore
        .getState()
        .notify(
          t(saved.judgement === 'FAIL' && saved.holdId ? 'messages.savedHeld' : 'messages.inspected'),
          saved.judgement === 'FAIL' ? 'warning' : 'success',
        );
      close();
      onSaved(saved.id);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'VALIDATION_ERROR' && e.extraData?.fields?.length) {
        setErrors(placeErrors(items, e.extraData.fields));
        useAppStore.getState().notify(t('common:messages.invalidForm'), 'warning');
      } else if (e instanceof ApiError && e.status === 409) setRefusal(e);
      else if (e instanceof ApiError) reportError(e);
      else throw e;
    } finally {
      setSaving(false);
    }
  };

  let cellIndex = 0;
  const indexOf: Record<string, number> = {};
  for (const i of items) for (let j = 0; j < i.sampleSize; j++) indexOf[`${i.id}.${j}`] = cellIndex++;
  const msg = (key: string | undefined) => (key ? translateMessage(key, locale) : undefined);

  const columns: TableColumnsType<QualityStandard> = [
    {
      title: t('fields.itemName'),
      width: 160,
      render: (_, i) => (
        <Flex vertical>
          <Typography.Text strong>{i.name}</Typography.Text>
          {i.method && <Typography.Text type="secondary">{i.method}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('fields.spec'),
      width: 130,
      render: (_, i) => (i.kind === 'PASS_FAIL' ? t('kind.PASS_FAIL') : limitsText(i)),
    },
    {
      title: t('fields.samples'),
      render: (_, i) => (
        <Flex vertical gap={4}>
          <Flex gap={6} wrap data-testid={`q-inspect-row-${i.name}`}>
            {(grid[i.id] ?? []).map((c, j) => {
              const key = `${i.id}.${j}`;
              const ok = cellOk(i, c);
              const label = t('hints.sampleLabel', { item: i.name, n: j + 1 });
              const err = msg(errors.cells[key]);
              return (
                <span
                  key={key}
                  data-cell={indexOf[key]}
                  data-testid="q-inspect-cell"
                  data-ok={ok === null ? 'empty' : String(ok)}
                  onKeyDown={onCellKey(indexOf[key])}
                  title={err}
                >
                  {i.kind === 'NUMBER' ? (
                    <NumberField
                      aria-label={label}
                      testId={`q-inspect-value-${i.name}-${j + 1}`}
                      value={c.value}
                      onChange={(value) => setCell(i.id, j, { value })}
                      status={ok === false || err ? 'error' : undefined}
                      style={{ width: 96, ...(ok === true ? OK_BORDER : {}) }}
                    />
                  ) : (
                    <Flex gap={0} role="group" aria-label={label}>
                      <Button
                        size="middle"
                        type={c.passed === true ? 'primary' : 'default'}
                        data-testid={`q-inspect-pass-${i.name}-${j + 1}`}
                        aria-pressed={c.passed === true}
                        onClick={() => setCell(i.id, j, { passed: true })}
                        style={c.passed === true ? { background: 'var(--ant-color-success)' } : undefined}
                      >
                        {t('sample.pass')}
                      </Button>
                      <Button
                        size="middle"
                        danger={c.passed === false}
                        type={c.passed === false ? 'primary' : 'default'}
                        data-testid={`q-inspect-fail-${i.name}-${j + 1}`}
                        aria-pressed={c.passed === false}
                        onClick={() => setCell(i.id, j, { passed: false })}
                      >
                        {t('sample.fail')}
                      </Button>
                    </Flex>
                  )}
                </span>
              );
            })}
          </Flex>
          {Object.entries(errors.cells)
            .filter(([k]) => k.startsWith(`${i.id}.`))
            .slice(0, 1)
            .concat(errors.rows[i.id] ? [[String(i.id), errors.rows[i.id]]] : [])
            .map(([k, m]) => (
              <Typography.Text key={k} type="danger" data-testid="q-inspect-cell-error">
                {msg(m)}
              </Typography.Text>
            ))}
        </Flex>
      ),
    },
    {
      title: t('fields.judgement'),
      width: 100,
      render: (_, i) => <JudgementTag value={itemLive(i, grid[i.id] ?? [])} testId={`q-inspect-item-${i.name}`} />,
    },
  ];

  const otherErrors = Object.entries(errors.other).filter(
    ([k]) => k !== 'override.reason' && k !== 'inspectionMinutes',
  );
  // The form's own check while typing; the server's message once it answered (the same rule either way).
  const minutesError = minutesProblem(minutes, locale) ?? msg(errors.other.inspectionMinutes);
  return (
    <Modal
      open={open}
      onCancel={close}
      width={900}
      destroyOnHidden
      mask={{ closable: false }}
      title={t('titles.inspect')}
      data-testid="q-inspect"
      footer={
        <Flex justify="space-between" gap={8} wrap>
          <Button onClick={reset} disabled={!form} data-testid="q-inspect-other">
            {t('actions.otherSubject')}
          </Button>
          <Flex gap={8}>
            <Button onClick={close} data-testid="q-inspect-cancel">
              {t('common:actions.cancel')}
            </Button>
            <Button
              type="primary"
              loading={saving}
              disabled={!form || items.length === 0}
              onClick={() => void save()}
              data-testid="q-inspect-save"
            >
              {t('common:actions.save')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      {!form ? (
        <Flex vertical gap={8}>
          <Typography.Text type="secondary">{t(`hints.subject.${side}`)}</Typography.Text>
          <SubjectPicker side={side} onPick={(s) => void pick(s)} />
        </Flex>
      ) : (
        <Flex vertical gap={12} ref={gridRef}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            data-testid="q-inspect-subject"
            items={[
              {
                key: 'subject',
                label: t('fields.subjectId'),
                children: form.packageId ?? form.lotId ?? `${form.operationName} (#${form.dailyPlanId})`,
              },
              { key: 'stage', label: t('fields.stage'), children: t(`stage.${form.stage}`) },
              { key: 'item', label: t('fields.item'), children: `${form.itemCode} ${form.itemName}` },
              { key: 'qty', label: t('fields.stockQty'), children: `${fmtQty(form.qty)} ${unitLabel(form.unit)}` },
            ]}
          />
          {form.hold && (
            <Alert
              type="warning"
              showIcon
              data-testid="q-inspect-held"
              title={
                <Flex gap={8} align="center" wrap>
                  {t('hints.alreadyHeld', { no: form.hold.holdNo })}
                  <HoldStatusTag status={form.hold.status} />
                </Flex>
              }
            />
          )}
          {refusal && (
            <Alert type="error" showIcon data-testid="q-inspect-refusal" title={errorText(refusal, locale)} />
          )}
          {otherErrors.map(([k, m]) => (
            <Alert key={k} type="error" showIcon title={msg(m)} data-testid="q-inspect-error" />
          ))}
          {items.length === 0 ? (
            <Alert type="warning" showIcon data-testid="q-inspect-no-items" title={t('hints.noStandard')} />
          ) : (
            <Table<QualityStandard>
              size="small"
              rowKey="id"
              columns={columns}
              dataSource={items}
              pagination={false}
              scroll={{ x: 640 }}
              data-testid="q-inspect-grid"
            />
          )}
          <Flex gap={12} align="center" wrap>
            <Typography.Text strong>{t('fields.judgement')}</Typography.Text>
            <span style={{ fontSize: 16 }}>
              <JudgementTag value={shown} testId="q-inspect-overall" />
            </span>
            {override && computed && (
              <Typography.Text type="secondary" data-testid="q-inspect-computed">
                {t('hints.computedWas', { judgement: t(`judgement.${computed}`) })}
              </Typography.Text>
            )}
            <Flex gap={6} align="center" style={{ marginInlineStart: 'auto' }}>
              <Switch
                checked={override}
                disabled={!computed}
                onChange={setOverride}
                data-testid="q-inspect-override"
                aria-label={t('fields.override')}
              />
              <Typography.Text>{t('fields.override')}</Typography.Text>
            </Flex>
          </Flex>
          {override && (
            <Flex vertical gap={2}>
              <Typography.Text>
                <Typography.Text type="danger">* </Typography.Text>
                {t('fields.overrideReason')}
              </Typography.Text>
              <Input.TextArea
                data-testid="q-inspect-override-reason"
                aria-label={t('fields.overrideReason')}
                value={reason}
                maxLength={500}
                rows={2}
                status={errors.other['override.reason'] ? 'error' : undefined}
                onChange={(e) => setReason(e.target.value)}
              />
              {errors.other['override.reason'] && (
                <Typography.Text type="danger" data-testid="q-inspect-reason-error">
                  {msg(errors.other['override.reason'])}
                </Typography.Text>
              )}
            </Flex>
          )}
          <Flex gap={12} align="baseline" wrap>
            <Typography.Text>{t('fields.inspectionMinutes')}</Typography.Text>
            <MinutesField
              testId="q-inspect-minutes"
              value={minutes}
              onChange={(v) => {
                setMinutes(v);
                setErrors((e) => {
                  const { inspectionMinutes: _, ...other } = e.other;
                  return { ...e, other };
                });
              }}
              error={minutesError}
            />
            <Typography.Text type="secondary">{t('hints.minutes')}</Typography.Text>
          </Flex>
          <Input.TextArea
            data-testid="q-inspect-description"
            aria-label={t('fields.description')}
            placeholder={t('fields.description')}
            value={description}
            maxLength={500}
            rows={2}
            onChange={(e) => setDescription(e.target.value)}
          />
        </Flex>
      )}
    </Modal>
  );
}
