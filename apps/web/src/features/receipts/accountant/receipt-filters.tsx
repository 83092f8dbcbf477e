import { Flex, Select } from 'antd';
import { RECEIPT_SOURCES, type ReceiptSource } from '@herd/contract';
import { SearchInput } from '../../../ui/search-input';
import { RECEIPT_SOURCE_LABELS } from '../receipt-words';
import type { ReceiptOrdering, useReceiptListState } from './use-receipt-list-state';

const ORDERINGS: { value: ReceiptOrdering; label: string }[] = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: '-date', label: 'Latest date' },
  { value: 'date', label: 'Earliest date' },
  { value: '-total', label: 'Largest total' },
  { value: 'total', label: 'Smallest total' },
];

/** Search, how it came in, possible duplicates only, and the order. */
export const ReceiptFilters = ({ state, withDuplicates = true }: { state: ReturnType<typeof useReceiptListState>; withDuplicates?: boolean }) => (
  <Flex gap={8} wrap align="center">
    <SearchInput label="Search receipts" placeholder="Vendor, note, file" value={state.params.search ?? ''} onSearch={state.setSearch} />
    <Select<ReceiptSource | ''>
      aria-label="Source"
      style={{ width: 140 }}
      value={state.params.source ?? ''}
      onChange={(value) => state.setSource(value || undefined)}
      options={[{ value: '', label: 'Any source' }, ...RECEIPT_SOURCES.map((s) => ({ value: s, label: RECEIPT_SOURCE_LABELS[s] }))]}
    />
    {withDuplicates ? (
      <Select<'' | 'true' | 'false'>
        aria-label="Duplicates"
        style={{ width: 170 }}
        value={state.params.duplicates ?? ''}
        onChange={(value) => state.setDuplicates(value === 'true' ? 'true' : undefined)}
        options={[
          { value: '', label: 'All receipts' },
          { value: 'true', label: 'Possible duplicates' },
        ]}
      />
    ) : null}
    <Select<ReceiptOrdering> aria-label="Order" style={{ width: 150 }} value={state.params.ordering ?? '-created_at'} onChange={state.setOrdering} options={ORDERINGS} />
  </Flex>
);
