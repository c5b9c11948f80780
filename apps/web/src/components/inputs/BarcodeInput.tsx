import { ScanOutlined, SearchOutlined } from '@ant-design/icons';
import { BARCODE_CLEAR_MS } from '@eqms/contract';
import { Button, Flex, Input, type InputRef, Space, Switch, Typography } from 'antd';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../app/store.ts';
import { INPUTS_NS } from './inputs.locales.ts';
import { ruleText } from './rule-text.ts';

export type BarcodeInputProps = {
  /** A finished scan (Enter from the scanner) or a manual search; always trimmed and non-empty. */
  onScan: (code: string) => void;
  /** The text in the box, for a Form.Item; the box still clears itself in scanner mode. */
  value?: string;
  onChange?: (text: string) => void;
  /** Manual entry on (controlled); leave undefined to let the switch decide. */
  manual?: boolean;
  onManualChange?: (manual: boolean) => void;
  /** Show the manual-entry switch (default on). */
  manualSwitch?: boolean;
  /** Focus the box on mount and after each scan, for phone screens where the scanner types into it. */
  autoFocus?: boolean;
  placeholder?: string;
  disabled?: boolean;
  testId?: string;
  /** Given by Form.Item, so its label focuses the box. */
  id?: string;
  style?: CSSProperties;
};

/**
 * The barcode input of SPEC §1 for keyboard-wedge scanners. Scanner mode: the scanner types the code and Enter;
 * Enter emits onScan, and the box clears 300 ms after the last key input (SPEC §9) so every scan starts clean.
 * Manual entry (the switch): a normal box with a search button; searching with nothing typed warns barcodeEmpty.
 */
export function BarcodeInput({
  onScan,
  value,
  onChange,
  manual: manualProp,
  onManualChange,
  manualSwitch = true,
  autoFocus,
  placeholder,
  disabled,
  testId = 'barcode-input',
  id,
  style,
}: BarcodeInputProps) {
  const { t } = useTranslation(INPUTS_NS);
  const [ownText, setOwnText] = useState('');
  const [ownManual, setOwnManual] = useState(false);
  const text = value ?? ownText;
  const manual = manualProp ?? ownManual;
  const inputRef = useRef<InputRef>(null);
  const clearTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const setText = (next: string) => {
    if (value === undefined) setOwnText(next);
    onChange?.(next);
  };
  const stopTimer = () => {
    if (clearTimer.current) clearTimeout(clearTimer.current);
    clearTimer.current = null;
  };
  // The latest setter for the timer, which fires after renders that may have replaced it.
  const setTextRef = useRef(setText);
  setTextRef.current = setText;
  useEffect(
    () => () => {
      if (clearTimer.current) clearTimeout(clearTimer.current);
    },
    [],
  );

  const type = (next: string) => {
    setText(next);
    stopTimer();
    if (!manual) clearTimer.current = setTimeout(() => setTextRef.current(''), BARCODE_CLEAR_MS);
  };

  const submit = () => {
    const code = text.trim();
    if (manual) {
      if (!code) {
        useAppStore.getState().notify(ruleText('barcodeEmpty'), 'warning');
        inputRef.current?.focus();
        return;
      }
      onScan(code);
      return;
    }
    stopTimer();
    setText('');
    if (code) onScan(code);
    if (autoFocus) inputRef.current?.focus();
  };

  const switchManual = (next: boolean) => {
    stopTimer();
    setText('');
    if (manualProp === undefined) setOwnManual(next);
    onManualChange?.(next);
    inputRef.current?.focus();
  };

  const input = (
    <Input
      ref={inputRef}
      id={id}
      data-testid={testId}
      data-mode={manual ? 'manual' : 'scanner'}
      value={text}
      onChange={(e) => type(e.target.value)}
      onPressEnter={(e) => {
        e.preventDefault();
        submit();
      }}
      prefix={manual ? undefined : <ScanOutlined />}
      placeholder={placeholder ?? (manual ? t('barcode.manualPlaceholder') : t('barcode.placeholder'))}
      autoFocus={autoFocus}
      autoComplete="off"
      disabled={disabled}
      // Scanners send the code as keys; a phone keyboard would only get in the way until manual entry is on.
      inputMode={manual ? 'text' : 'none'}
      allowClear={manual}
    />
  );

  return (
    <Flex gap={8} align="center" wrap style={style} data-testid={`${testId}-root`}>
      <div style={{ flex: '1 1 140px', minWidth: 0 }}>
        {manual ? (
          <Space.Compact style={{ width: '100%' }}>
            {input}
            <Button
              type="primary"
              icon={<SearchOutlined />}
              onClick={submit}
              disabled={disabled}
              data-testid={`${testId}-search`}
            >
              {t('barcode.search')}
            </Button>
          </Space.Compact>
        ) : (
          input
        )}
      </div>
      {manualSwitch && (
        <Flex gap={6} align="center" component="label">
          <Switch
            size="small"
            checked={manual}
            onChange={switchManual}
            disabled={disabled}
            data-testid={`${testId}-manual`}
          />
          <Typography.Text>{t('barcode.manual')}</Typography.Text>
        </Flex>
      )}
    </Flex>
  );
}
