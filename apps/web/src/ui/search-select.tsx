import type { KeyboardEvent } from 'react';
import { Flex, Select, Spin, type SelectProps } from 'antd';

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

/**
 * A select whose options the server searches. The caller gives options that
 * all match what is typed (`useLiveOptions`), so the highlighted one Enter
 * takes is always a match. With no match Enter does nothing (the select would
 * otherwise close and drop the text) and the list says why: still searching,
 * or nothing matches.
 */
export const SearchSelect = <V,>({ search, onSearch, searching, noun, failure, options, ...rest }: SearchSelectProps<V>) => {
  const empty = (options ?? []).length === 0;
  const hold = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey || !empty || !search.trim()) return;
    event.preventDefault();
    event.stopPropagation();
  };
  const typed = search.trim();
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
      <Select<V> {...rest} options={options} showSearch={{ filterOption: false, onSearch, searchValue: search }} notFoundContent={hint} />
    </span>
  );
};
