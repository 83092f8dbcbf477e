import { Flex, Select } from 'antd';
import { COMMUNICATION_KINDS, type CommunicationKind } from '@herd/contract';
import { SearchInput } from '../../../ui/search-input';
import { REQUEST_KIND_LABELS } from '../components/request-words';
import type { useRequestListState } from './use-request-list-state';

const ORDERINGS = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: 'due_date', label: 'Due soonest' },
  { value: '-due_date', label: 'Due latest' },
] as const;

/** Search (subject and text), kind and order. */
export const RequestFilters = ({ list }: { list: ReturnType<typeof useRequestListState> }) => (
  <Flex gap={8} wrap align="center">
    <SearchInput label="Search requests" placeholder="Subject or text" value={list.state.search} onSearch={list.setSearch} />
    <Select<CommunicationKind | ''>
      aria-label="Kind"
      style={{ width: 130 }}
      value={list.state.kind}
      onChange={list.setKind}
      options={[{ value: '', label: 'Any kind' }, ...COMMUNICATION_KINDS.map((k) => ({ value: k, label: REQUEST_KIND_LABELS[k] }))]}
    />
    <Select aria-label="Order" style={{ width: 140 }} value={list.state.ordering} onChange={list.setOrdering} options={[...ORDERINGS]} />
  </Flex>
);
