import type { KioskWorks, ProductionResult } from '@eqms/contract';
import { Flex, Select, Typography, theme } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fmtQty } from '../../production-plan/plan-rules.ts';
import {
  addedBad,
  emptyEntry,
  entryChanges,
  fmtRate,
  isLastOperation,
  keyOfKeyboard,
  type KeypadKey,
  pressKey,
  qtyOf,
  type ResultEntry,
  totalsAfter,
} from '../kiosk-rules.ts';
import { KIOSK_NS } from '../kiosk.locales.ts';
import { Keypad } from './Keypad.tsx';
import { KioskDialog, typingInField } from './KioskDialog.tsx';
import { ChoiceButton } from './parts.tsx';
import { SaveError } from './SaveError.tsx';

// "Enter result" at the kiosk: the operator adds good quantity, bad quantity by defect type (a chip per DEFECT_TYPE
// code; one plain bad field when none is set up), picks the worker and, on the last operation, the shelf the good
// quantity goes to. Quantities are typed on the keypad (or the keyboard's digits) into the field last tapped; the
// dialog shows the totals after saving. What it sends (totals = now + added) is kiosk-rules resultBody.

export type DefectType = { code: string; label: string };

/** The field the keypad types into: good, a defect type's bad, or the plain bad field. */
type Field = { kind: 'good' } | { kind: 'defect'; code: string } | { kind: 'bad' };

const textOf = (entry: ResultEntry, f: Field) =>
  f.kind === 'good' ? entry.good : f.kind === 'bad' ? entry.bad : (entry.defects[f.code] ?? '');

function withText(entry: ResultEntry, f: Field, text: string): ResultEntry {
  if (f.kind === 'good') return { ...entry, good: text };
  if (f.kind === 'bad') return { ...entry, bad: text };
  return { ...entry, defects: { ...entry.defects, [f.code]: text } };
}

const sameField = (a: Field, b: Field) =>
  a.kind === b.kind && (a.kind !== 'defect' || a.code === (b as { code: string }).code);

export type ResultDialogProps = {
  work: ProductionResult;
  workers: KioskWorks['workers'];
  shelves: KioskWorks['shelves'];
  defectTypes: DefectType[];
  onSubmit: (entry: ResultEntry) => Promise<void>;
  onClose: () => void;
};

export function ResultDialog({ work, workers, shelves, defectTypes, onSubmit, onClose }: ResultDialogProps) {
  const { t } = useTranslation(KIOSK_NS);
  const { token } = theme.useToken();
  const last = isLastOperation(work);
  const [entry, setEntry] = useState<ResultEntry>(() => emptyEntry(work, last ? (shelves[0]?.id ?? null) : null));
  const [field, setField] = useState<Field>({ kind: 'good' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const press = (key: KeypadKey) => {
    setError(null);
    setEntry((e) => withText(e, field, pressKey(textOf(e, field), key)));
  };
  // The keyboard's digits type into the keypad too (a kiosk with a keyboard, or a tablet's).
  const pressRef = useRef(press);
  pressRef.current = press;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typingInField(e.target)) return;
      const key = keyOfKeyboard(e.key);
      if (!key) return;
      e.preventDefault();
      pressRef.current(key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A refusal shows at the top of the dialog: brought into view, as the body may be scrolled down to the keypad.
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [error]);

  const after = totalsAfter(work, entry);
  const changes = entryChanges(work, entry);
  const submit = async () => {
    if (!changes || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onSubmit(entry);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const fieldLabel = (f: Field) =>
    f.kind === 'good'
      ? t('result.addGood')
      : f.kind === 'bad'
        ? t('result.addBad')
        : `${t('result.addBad')} · ${defectTypes.find((d) => d.code === f.code)?.label ?? f.code}`;

  const fieldBox = (f: Field, label: ReactNode, testId: string, tone?: 'bad') => {
    const active = sameField(field, f);
    const text = textOf(entry, f);
    const box: CSSProperties = {
      width: '100%',
      minHeight: 72,
      padding: '6px 16px',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 12,
      cursor: 'pointer',
      borderRadius: token.borderRadiusLG,
      border: `${active ? 3 : 1}px solid ${active ? token.colorPrimary : token.colorBorder}`,
      background: active ? token.colorPrimaryBg : token.colorBgContainer,
      color: token.colorText,
      font: 'inherit',
    };
    return (
      <button type="button" style={box} onClick={() => setField(f)} aria-pressed={active} data-testid={testId}>
        <span style={{ fontSize: 20, fontWeight: 600 }}>{label}</span>
        <span
          data-testid={`${testId}-value`}
          style={{
            fontSize: 36,
            fontWeight: 700,
            fontVariantNumeric: 'tabular-nums',
            color: tone === 'bad' && qtyOf(text) > 0 ? token.colorErrorText : undefined,
          }}
        >
          +{text || '0'}
        </span>
      </button>
    );
  };

  const afterTotals = (
    <Flex gap={18} wrap align="baseline" data-testid="kiosk-result-after">
      <Typography.Text strong style={{ fontSize: 20 }}>
        {t('result.after')}
      </Typography.Text>
      <AfterNumber label={t('fields.good')} value={fmtQty(after.goodQty)} testId="kiosk-result-after-good" />
      <AfterNumber label={t('fields.bad')} value={fmtQty(after.badQty)} testId="kiosk-result-after-bad" />
      <AfterNumber label={t('fields.rate')} value={fmtRate(after.rate)} testId="kiosk-result-after-rate" />
    </Flex>
  );

  return (
    <KioskDialog
      open
      title={`${t('result.title')} · ${work.productCode}`}
      width={1000}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('actions.save')}
      footerExtra={afterTotals}
      okDisabled={!changes}
      busy={busy}
      testId="kiosk-result"
    >
      <Flex vertical gap={12}>
        <Typography.Text style={{ fontSize: 18 }} data-testid="kiosk-result-work">
          {work.productName} · {t('fields.operation')} {work.seq}/{work.lastSeq} {work.operationName} —{' '}
          {t('result.now')} {t('fields.good')} {fmtQty(work.goodQty)} · {t('fields.bad')} {fmtQty(work.badQty)} /{' '}
          {t('fields.target')} {fmtQty(work.targetQty)} {work.unit}
        </Typography.Text>
        {error ? (
          <div ref={errorRef}>
            <SaveError error={error} />
          </div>
        ) : null}
        <Flex gap={20} wrap align="flex-start">
          <Flex vertical gap={14} style={{ flex: '1 1 380px', minWidth: 0 }}>
            {fieldBox({ kind: 'good' }, t('result.addGood'), 'kiosk-result-good')}

            <Flex vertical gap={8}>
              <Flex justify="space-between" align="baseline" wrap gap={8}>
                <Typography.Text strong style={{ fontSize: 20 }}>
                  {t('result.addBad')}
                </Typography.Text>
                <Typography.Text style={{ fontSize: 18 }} data-testid="kiosk-result-bad-total">
                  {t('result.badTotal', { qty: fmtQty(addedBad(entry)) })}
                </Typography.Text>
              </Flex>
              {defectTypes.length ? (
                <>
                  <Typography.Text type="secondary" style={{ fontSize: 16 }}>
                    {t('result.defectHint')}
                  </Typography.Text>
                  <div
                    style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))', gap: 8 }}
                  >
                    {defectTypes.map((d) => {
                      const f: Field = { kind: 'defect', code: d.code };
                      const active = sameField(field, f);
                      const qty = entry.defects[d.code];
                      return (
                        <button
                          key={d.code}
                          type="button"
                          onClick={() => setField(f)}
                          aria-pressed={active}
                          data-testid={`kiosk-defect-${d.code}`}
                          style={{
                            minHeight: 64,
                            padding: '6px 12px',
                            display: 'flex',
                            alignItems: 'center',
                            justifyContent: 'space-between',
                            gap: 8,
                            cursor: 'pointer',
                            font: 'inherit',
                            fontSize: 18,
                            textAlign: 'start',
                            color: token.colorText,
                            borderRadius: token.borderRadiusLG,
                            border: `${active ? 3 : 1}px solid ${active ? token.colorError : token.colorBorder}`,
                            background: active ? token.colorErrorBg : token.colorBgContainer,
                          }}
                        >
                          <span>{d.label}</span>
                          <span
                            data-testid={`kiosk-defect-${d.code}-value`}
                            style={{ fontSize: 26, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
                          >
                            {qty ? `+${qty}` : ''}
                          </span>
                        </button>
                      );
                    })}
                  </div>
                </>
              ) : (
                fieldBox({ kind: 'bad' }, t('result.addBad'), 'kiosk-result-bad', 'bad')
              )}
            </Flex>

            {workers.length > 0 && (
              <Flex vertical gap={8}>
                <Typography.Text strong style={{ fontSize: 20 }}>
                  {t('result.worker')}
                </Typography.Text>
                <Flex gap={8} wrap>
                  {workers.map((w) => (
                    <ChoiceButton
                      key={w.id}
                      selected={entry.workerId === w.id}
                      onClick={() => setEntry((e) => ({ ...e, workerId: w.id }))}
                      testId={`kiosk-result-worker-${w.id}`}
                    >
                      {w.username}
                    </ChoiceButton>
                  ))}
                </Flex>
              </Flex>
            )}

            {last && (
              <Flex vertical gap={6}>
                <Typography.Text strong style={{ fontSize: 20 }}>
                  {t('result.shelf')}
                </Typography.Text>
                {shelves.length ? (
                  <>
                    <Select
                      size="large"
                      value={entry.locationId ?? undefined}
                      onChange={(v) => setEntry((e) => ({ ...e, locationId: v }))}
                      options={shelves.map((s) => ({ value: s.id, label: s.path }))}
                      style={{ width: '100%', fontSize: 18 }}
                      aria-label={t('result.shelf')}
                      data-testid="kiosk-result-shelf"
                    />
                    <Typography.Text type="secondary" style={{ fontSize: 16 }}>
                      {t('result.shelfHint')}
                    </Typography.Text>
                  </>
                ) : (
                  <Typography.Text type="warning" style={{ fontSize: 18 }} data-testid="kiosk-result-no-shelves">
                    {t('result.noShelves')}
                  </Typography.Text>
                )}
              </Flex>
            )}
          </Flex>

          <Flex vertical gap={10} style={{ flex: '0 1 300px', minWidth: 260, marginInline: 'auto' }}>
            <div
              data-testid="kiosk-result-display"
              style={{
                padding: '8px 14px',
                borderRadius: token.borderRadiusLG,
                background: token.colorFillTertiary,
                textAlign: 'end',
              }}
            >
              <Typography.Text type="secondary" style={{ fontSize: 16, display: 'block', textAlign: 'start' }}>
                {t('result.typing', { field: fieldLabel(field) })}
              </Typography.Text>
              <span style={{ fontSize: 40, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
                {textOf(entry, field) || '0'}
              </span>
            </div>
            <Keypad onKey={press} disabled={busy} />
          </Flex>
        </Flex>

        {!changes && (
          <Typography.Text type="secondary" style={{ fontSize: 16 }}>
            {t('result.nothing')}
          </Typography.Text>
        )}
      </Flex>
    </KioskDialog>
  );
}

function AfterNumber({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <span style={{ fontSize: 20 }}>
      {label}{' '}
      <strong data-testid={testId} style={{ fontSize: 32, fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </strong>
    </span>
  );
}
