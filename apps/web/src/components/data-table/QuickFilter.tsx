import { SearchOutlined } from '@ant-design/icons';
import { Input, type InputRef, Tooltip } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

// The quick filter over all the columns of a row (SPEC §2 filter syntax); `/` focuses it.

/** True while the user types into a field, where `/` is a character and not the shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], .ant-modal-wrap, .ant-drawer')) return true;
  const tag = target.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

export function QuickFilter({
  value,
  onChange,
  help,
  testId,
}: {
  value: string;
  onChange: (text: string) => void;
  /** The filter syntax, shown as the tooltip. */
  help: string;
  testId: string;
}) {
  const { t } = useTranslation(['common', 'kit']);
  const filterRef = useRef<InputRef>(null);

  // `/` focuses the quick filter (the first table of the page takes it)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== '/' || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
      if (!filterRef.current?.input?.isConnected) return;
      e.preventDefault();
      filterRef.current.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <Tooltip title={`${help} ${t('kit:shortcut')}`}>
      <Input
        ref={filterRef}
        data-testid={`${testId}-filter`}
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('kit:filter')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        style={{ width: 200, maxWidth: '100%' }}
        aria-label={t('kit:filter')}
        aria-keyshortcuts="/"
      />
    </Tooltip>
  );
}
