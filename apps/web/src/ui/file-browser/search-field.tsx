import { Input, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_DEBOUNCE_MS, SEARCH_WIDTH_PX } from './constants';

/**
 * The toolbar's search: applied SEARCH_DEBOUNCE_MS after the last key; Escape clears it at once and
 * leaves the field. A search the parent changes (another folder) replaces what is typed.
 */
export const SearchField = ({ value, onChange }: { value: string; onChange: (text: string) => void }) => {
  const [text, setText] = useState(value);
  const input = useRef<InputRef>(null);
  const timer = useRef<number | null>(null);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => void (timer.current !== null && window.clearTimeout(timer.current)), []);
  const schedule = (next: string) => {
    setText(next);
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      onChange(next.trim());
    }, SEARCH_DEBOUNCE_MS);
  };
  return (
    <Input
      ref={input}
      aria-label="Search this folder"
      placeholder="Search"
      size="middle"
      allowClear
      prefix={<SearchOutlined aria-hidden />}
      value={text}
      style={{ width: SEARCH_WIDTH_PX }}
      onChange={(event) => schedule(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (timer.current !== null) window.clearTimeout(timer.current);
        timer.current = null;
        setText('');
        onChange('');
        input.current?.blur();
      }}
    />
  );
};
