import { SearchOutlined } from '@ant-design/icons';
import { Button, Flex, Input, type InputRef, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedText } from './debounced-text.ts';

// The dropdown of a column's filter (SPEC §2 filter syntax on the cell text): applies on Enter, OK, a click
// elsewhere or after a pause; Esc closes without applying.

export function ColumnFilter({
  value,
  visible,
  onChange,
  close,
  label,
  help,
  testId,
}: {
  value: string;
  visible: boolean;
  onChange: (text: string) => void;
  close: () => void;
  label: string;
  help: string;
  testId: string;
}) {
  const { t } = useTranslation(['common', 'kit']);
  const [text, setText, flush] = useDebouncedText(value, onChange);
  const ref = useRef<InputRef>(null);
  useEffect(() => {
    if (!visible) {
      // Closed by a click elsewhere: what was typed applies.
      flush();
      return;
    }
    const id = setTimeout(() => ref.current?.focus(), 50);
    return () => clearTimeout(id);
  }, [visible, flush]);
  const apply = () => {
    flush();
    close();
  };
  return (
    // Keeps the header from sorting when the dropdown is used.
    <div style={{ padding: 8, width: 260 }} onKeyDown={(e) => e.stopPropagation()} onClick={(e) => e.stopPropagation()}>
      <Input
        ref={ref}
        data-testid={testId}
        aria-label={label}
        placeholder={label}
        prefix={<SearchOutlined />}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={apply}
        onKeyDown={(e) => {
          // Esc closes without applying what was typed.
          if (e.key !== 'Escape') return;
          setText(value);
          close();
        }}
      />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '6px 0' }}>
        {help}
      </Typography.Paragraph>
      <Flex justify="end" gap={8}>
        <Button
          size="small"
          data-testid={`${testId}-clear`}
          disabled={!text}
          onClick={() => {
            setText('');
            close();
          }}
        >
          {t('common:actions.reset')}
        </Button>
        <Button size="small" type="primary" data-testid={`${testId}-apply`} onClick={apply}>
          {t('common:actions.ok')}
        </Button>
      </Flex>
    </div>
  );
}
