import { ClearOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { DIGIT_KEYS, type KeypadKey } from '../kiosk-rules.ts';
import { KIOSK_NS } from '../kiosk.locales.ts';

// The on-screen numeric keypad: 7 8 9 / 4 5 6 / 1 2 3 / . 0 ⌫, and a clear key across. Keys are 64 px high with
// 32 px digits, for a gloved finger. It only reports keys; the dialog keeps the text (kiosk-rules pressKey).

const KEY_HEIGHT = 64;

export function Keypad({ onKey, disabled }: { onKey: (key: KeypadKey) => void; disabled?: boolean }) {
  const { t } = useTranslation(KIOSK_NS);
  const { token } = theme.useToken();
  const keyStyle: CSSProperties = {
    height: KEY_HEIGHT,
    fontSize: 32,
    fontWeight: 600,
    fontVariantNumeric: 'tabular-nums',
    borderRadius: token.borderRadiusLG,
  };
  const key = (k: KeypadKey, label: string, aria?: string, style?: CSSProperties) => (
    <Button
      key={k}
      size="large"
      style={{ ...keyStyle, ...style }}
      // The focus stays where it was: Enter then saves instead of pressing the last key again.
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => onKey(k)}
      disabled={disabled}
      aria-label={aria ?? label}
      data-testid={`kiosk-key-${k === '.' ? 'dot' : k}`}
    >
      {label}
    </Button>
  );
  return (
    <div
      role="group"
      aria-label={t('keypad.label')}
      data-testid="kiosk-keypad"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 8 }}
    >
      {DIGIT_KEYS.map((d) => key(d, d))}
      {key('.', '.', t('keypad.dot'))}
      {key('0', '0')}
      {key('back', '⌫', t('keypad.back'))}
      <Button
        size="large"
        danger
        icon={<ClearOutlined />}
        style={{ ...keyStyle, gridColumn: '1 / -1', fontSize: 20 }}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onKey('clear')}
        disabled={disabled}
        data-testid="kiosk-key-clear"
      >
        {t('keypad.clear')}
      </Button>
    </div>
  );
}
