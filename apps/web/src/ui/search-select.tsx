import { useContext, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Flex, Select, Spin, type SelectProps } from 'antd';
import { HeldPicksContext } from './held-picks';

export interface SearchSelectProps<V> extends Omit<SelectProps<V>, 'showSearch' | 'filterOption' | 'notFoundContent' | 'searchValue' | 'onSearch'> {
  /** The search box's text (the caller keeps it, to ask the server with it). */
  search: string;
  onSearch: (text: string) => void;
  /** The answer for what is typed has not arrived yet (from `useLiveOptions`). */
  searching: boolean;
  /** What the list holds, for "No category matches …". */
  noun: string;
  /** Said instead when the list could not be loaded. */
  failure?: string | null;
}

/** An Enter that came before any option matched its text: it picks the first match once the answer brings one. */
interface HeldEnter {
  text: string;
  release: () => void;
}

/**
 * A select whose options the server searches. The caller gives options that
 * all match what is typed (`useLiveOptions`), so the highlighted one Enter
 * takes is always a match. An Enter with no match yet does not close the
 * select and drop the text: while the search is on its way it is held, and
 * picks the first match when the answer brings one (the text must not have
 * changed); when nothing matches it does nothing, and the list says why.
 */
export const SearchSelect = <V,>({ search, onSearch, searching, noun, failure, options, onChange, ...rest }: SearchSelectProps<V>) => {
  const picks = useContext(HeldPicksContext);
  const held = useRef<HeldEnter | null>(null);
  const [open, setOpen] = useState(false);
  const typed = search.trim();
  const empty = (options ?? []).length === 0;
  const hold = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    // While an Enter is held, no Enter reaches the select: closing, it would clear the text the pick waits for.
    // (The editor hears Ctrl+Enter before this, on the window's capture.)
    const waits = held.current !== null;
    if (!waits && (event.ctrlKey || event.metaKey || !empty || !typed)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!waits && searching) held.current = { text: typed, release: picks?.hold() ?? (() => undefined) };
  };

  // A new answer, or new text, settles a held Enter: it picks, waits on, or is given up.
  useEffect(() => {
    const waiting = held.current;
    if (!waiting) return;
    const first = options?.[0];
    if (waiting.text === typed && !first && searching) return;
    held.current = null;
    if (waiting.text === typed && first) {
      onChange?.(first.value as V, first);
      setOpen(false);
    }
    waiting.release();
  }, [options, typed, searching, onChange]);
  useEffect(() => () => held.current?.release(), []);

  let hint: SelectProps<V>['notFoundContent'] = `No ${noun} found`;
  if (typed && searching) {
    hint = (
      <Flex gap={8} align="center" role="status">
        <Spin size="small" /> Searching for “{typed}”…
      </Flex>
    );
  } else if (typed)
    hint = (
      <span role="status">
        No {noun} matches “{typed}”
      </span>
    );
  if (failure) hint = failure;
  return (
    // `display: contents` keeps the select laid out as if unwrapped; the wrapper only sees Enter before the select does.
    // `data-chosen` tells a form around it that the select holds a choice (the editor's Enter to finish).
    <span style={{ display: 'contents' }} onKeyDownCapture={hold} data-chosen={rest.value !== null && rest.value !== undefined ? 'true' : undefined}>
      <Select<V>
        {...rest}
        onChange={onChange}
        open={open}
        onOpenChange={setOpen}
        options={options}
        showSearch={{ filterOption: false, onSearch, searchValue: search }}
        notFoundContent={hint}
      />
    </span>
  );
};
