import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_DEBOUNCE_MS, SEARCH_FIELD_WIDTH_PX } from '@herd/contract';

interface SearchInputProps {
  /** Called with the trimmed text once typing has paused, and at once with '' on Escape. */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  /** The search the list is showing (from the address); when it changes elsewhere (Back, a link), the field shows it. */
  value?: string;
}

/**
 * The list toolbars' search field: 150 px wide, asks the server
 * only after 300 ms without typing, and Escape clears it and leaves the field.
 */
export const SearchInput = ({ onSearch, label, placeholder = 'Search', value = '' }: SearchInputProps) => {
  const [text, setText] = useState(value);
  // The last search this field sent or was given: only a different one coming back replaces what the person is typing.
  const [known, setKnown] = useState(value);
  if (value !== known) {
    setKnown(value);
    setText(value);
  }
  const timer = useRef<number | undefined>(undefined);
  // The latest callback, so a pending timer never searches with a stale one.
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const send = (search: string) => {
    setKnown(search);
    latest.current(search);
  };

  const onChange = (value: string) => {
    setText(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => send(value.trim()), SEARCH_DEBOUNCE_MS);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    window.clearTimeout(timer.current);
    setText('');
    send('');
    event.currentTarget.blur();
  };

  return (
    <Input
      type="search"
      aria-label={label}
      placeholder={placeholder}
      value={text}
      prefix={<SearchOutlined style={{ color: '#8a948f' }} />}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      style={{ width: SEARCH_FIELD_WIDTH_PX }}
    />
  );
};
