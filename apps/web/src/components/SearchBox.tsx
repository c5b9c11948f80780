import { Input } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';

/**
 * A list's text search whose applied value lives in the URL: typing stays local until Enter (or the search
 * button), clearing the box shows everything again at once, and a URL change (back, a saved search) refills it.
 */
export function SearchBox({
  testId,
  placeholder,
  value,
  onSearch,
  prefix,
  style,
}: {
  testId: string;
  placeholder: string;
  /** The applied search (from the URL). */
  value: string | undefined;
  /** The trimmed text, or undefined for none. */
  onSearch: (q: string | undefined) => void;
  prefix?: ReactNode;
  style?: CSSProperties;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return (
    <Input.Search
      data-testid={testId}
      placeholder={placeholder}
      aria-label={placeholder}
      allowClear
      prefix={prefix}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        if (!e.target.value) onSearch(undefined);
      }}
      onSearch={(q) => onSearch(q.trim() || undefined)}
      style={style}
    />
  );
}
