import { useState } from 'react';
import type { Transaction } from '@herd/contract';
import { matchRank, useLiveOptions } from '../../../lib/live-options';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { SearchSelect } from '../../../ui/search-select';
import { useSelectOptions, type OptionSource, type PickedOption, type SelectOption } from '../api';

export type Ref = Transaction['lines'][number]['category'];

interface RefSelectProps {
  label: string;
  value: Ref;
  /** The choice, with the option as the list answered it (a category's account type) when it came from the list. */
  onChange: (value: Ref, option?: PickedOption) => void;
  /** The list the server searches with the (debounced) text. */
  source: OptionSource;
  /** When set, a "+ Create …" entry makes a new option from the typed text. */
  onCreate?: (name: string) => Promise<SelectOption | null>;
  status?: 'error';
  id?: string;
  autoFocus?: boolean;
}

const CREATE = -1;

/**
 * A searchable reference picker that searches on the server 300 ms after
 * typing stops, so a ledger with thousands of categories stays fast; what is
 * already loaded is filtered at once, so a fast Enter takes a match.
 */
export const RefSelect = ({ label, value, onChange, source, onCreate, status, id, autoFocus }: RefSelectProps) => {
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const settled = useDebouncedValue(typed);
  const answer = useSelectOptions(source, settled);
  const live = useLiveOptions(
    search,
    settled,
    answer,
    (option) => option.pk,
    (option) => option.name,
    JSON.stringify(source),
  );
  const options = live.items.map((option) => ({ value: option.pk, label: option.name }));
  // The current value stays listed (its name shows when the search is empty) unless it does not match what is typed.
  if (value && !options.some((option) => option.value === value.pk)) {
    if (!typed) options.unshift({ value: value.pk, label: value.name });
    else if (matchRank(value.name, typed) !== null) options.push({ value: value.pk, label: value.name });
  }
  // Offered only once the server has answered for this very text: before that, the name may well exist.
  const creatable = onCreate && typed && live.answered && !options.some((o) => o.label.toLowerCase() === typed.toLowerCase());
  if (creatable) options.push({ value: CREATE, label: `+ Create "${typed}"` });

  const pick = async (pk: number | undefined) => {
    if (pk === undefined) return onChange(null);
    if (pk === CREATE && onCreate) {
      const created = await onCreate(typed);
      if (created) onChange({ pk: created.pk, name: created.name });
      setSearch('');
      return;
    }
    const option = options.find((o) => o.value === pk);
    onChange(
      option ? { pk, name: option.label } : null,
      live.items.find((item) => item.pk === pk),
    );
    setSearch('');
  };

  return (
    <SearchSelect<number | null>
      id={id}
      aria-label={label}
      autoFocus={autoFocus}
      placeholder={`Choose ${label.toLowerCase()}`}
      // null, not undefined: the select stays controlled, so a cancelled "+ Create" does not linger as the choice.
      value={value?.pk ?? null}
      options={options}
      onChange={(pk) => void pick(pk ?? undefined)}
      search={search}
      onSearch={setSearch}
      searching={live.searching}
      noun={label.toLowerCase()}
      allowClear
      status={status}
      style={{ width: '100%' }}
      virtual
    />
  );
};
