import { useState } from 'react';
import { Select, Spin } from 'antd';
import type { Transaction } from '@herd/contract';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSelectOptions, type OptionSource, type SelectOption } from '../api';

export type Ref = Transaction['lines'][number]['category'];

interface RefSelectProps {
  label: string;
  value: Ref;
  onChange: (value: Ref) => void;
  /** The list the server searches with the (debounced) text. */
  source: OptionSource;
  /** When set, a "+ Create …" entry makes a new option from the typed text. */
  onCreate?: (name: string) => Promise<SelectOption | null>;
  status?: 'error';
  id?: string;
}

const CREATE = -1;

/**
 * A searchable reference picker that searches on the server 300 ms after
 * typing stops, so a ledger with thousands of categories stays fast.
 */
export const RefSelect = ({ label, value, onChange, source, onCreate, status, id }: RefSelectProps) => {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const { data, isFetching } = useSelectOptions(source, settled);
  const options = (data ?? []).map((option) => ({ value: option.pk, label: option.name }));
  // The current value stays visible even when the search does not return it.
  if (value && !options.some((option) => option.value === value.pk)) options.unshift({ value: value.pk, label: value.name });
  const creatable = onCreate && search.trim() && !options.some((o) => o.label.toLowerCase() === search.trim().toLowerCase());
  if (creatable) options.push({ value: CREATE, label: `+ Create "${search.trim()}"` });

  const pick = async (pk: number | undefined) => {
    if (pk === undefined) return onChange(null);
    if (pk === CREATE && onCreate) {
      const created = await onCreate(search.trim());
      if (created) onChange({ pk: created.pk, name: created.name });
      setSearch('');
      return;
    }
    const option = options.find((o) => o.value === pk);
    onChange(option ? { pk, name: option.label } : null);
    setSearch('');
  };

  return (
    <Select
      id={id}
      aria-label={label}
      placeholder={`Choose ${label.toLowerCase()}`}
      // null, not undefined: the select stays controlled, so a cancelled "+ Create" does not linger as the choice.
      value={value?.pk ?? null}
      options={options}
      onChange={(pk: number | undefined) => void pick(pk)}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      allowClear
      status={status}
      notFoundContent={isFetching ? <Spin size="small" /> : 'Nothing found'}
      style={{ width: '100%' }}
      virtual
    />
  );
};
