import { useState, type CSSProperties } from 'react';
import { Badge, Button, DatePicker, Flex, Select } from 'antd';
import { FilterOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { TRANSACTION_TYPE_LABELS, statusLabel, type Direction, type TransactionStatus, type TransactionType } from '@herd/contract';
import type { ListParamsWrite } from '../../../lib/use-list-params';
import { usePhoneLayout } from '../../../lib/use-phone-layout';
import { SearchInput } from '../../../ui/search-input';
import type { TransactionChoices } from '../api';
import { activeFilterCount, type TransactionFilters } from '../filters';
import { AmountFilterInput } from './amount-filter-input';

const MARKER_LABELS: Record<string, string> = {
  WITHOUT_CLASS: 'Without class',
  WITHOUT_LOCATION: 'Without location',
  WITHOUT_CUSTOMER: 'Without customer',
  WITHOUT_VENDOR: 'Without vendor',
  WITHOUT_ATTACHMENTS: 'Without attachments',
  WITHOUT_TRACKING_CATEGORY_ONE: 'Without tracking one',
  WITHOUT_TRACKING_CATEGORY_TWO: 'Without tracking two',
};

const label = (value: string) => value.charAt(0) + value.slice(1).toLowerCase().replace(/_/g, ' ');

interface FiltersBarProps {
  filters: TransactionFilters;
  choices: TransactionChoices | undefined;
  /** The statuses the list on screen can hold: the only ones worth offering as a filter. */
  listStatuses: readonly TransactionStatus[];
  /** Any change of filter goes back to the first page. */
  onChange: (patch: Partial<TransactionFilters>, write?: ListParamsWrite) => void;
}

/** The accountant table's filters; the options come from the list's choices/ endpoint. */
export const FiltersBar = ({ filters, choices, listStatuses, onChange }: FiltersBarProps) => {
  const set = (patch: Partial<TransactionFilters>) => onChange({ ...patch, page: 1 });
  // Applied while typing, like search: the history entry is replaced, so Back does not step through pauses.
  const setAsTyped = (patch: Partial<TransactionFilters>) => onChange({ ...patch, page: 1 }, { replace: true });
  // On a phone the filters fold behind one button, so the list starts on the first screen.
  const phone = usePhoneLayout();
  const [unfolded, setUnfolded] = useState(false);
  const width = (px: number): CSSProperties => (phone ? { flex: `1 1 ${px}px`, minWidth: 0 } : { width: px });
  const search = (
    // Typing replaces the history entry: Back goes to the previous filters, not the previous keystroke.
    <SearchInput label="Search transactions" value={filters.search} onSearch={(search) => onChange({ search, page: 1 }, { replace: true })} />
  );
  if (phone && !unfolded) {
    return (
      <Flex gap={8} wrap style={{ marginBottom: 12 }} aria-label="Filters">
        {search}
        <Badge count={activeFilterCount(filters)} size="small">
          <Button icon={<FilterOutlined />} aria-expanded={false} onClick={() => setUnfolded(true)}>
            Filters
          </Button>
        </Badge>
      </Flex>
    );
  }
  return (
    <Flex gap={8} wrap style={{ marginBottom: 12 }} aria-label="Filters">
      {search}
      {phone ? (
        <Button icon={<FilterOutlined />} aria-expanded onClick={() => setUnfolded(false)}>
          Hide filters
        </Button>
      ) : null}
      <DatePicker.RangePicker
        aria-label="Date range"
        value={[filters.date_from ? dayjs(filters.date_from) : null, filters.date_to ? dayjs(filters.date_to) : null]}
        onChange={(range) => set({ date_from: range?.[0]?.format('YYYY-MM-DD') ?? '', date_to: range?.[1]?.format('YYYY-MM-DD') ?? '' })}
        allowEmpty={[true, true]}
        style={phone ? { flex: '1 1 100%' } : { width: 240 }}
      />
      <AmountFilterInput
        label="Minimum amount"
        placeholder="Min amount"
        value={filters.amount_min}
        onCommit={(amount_min) => setAsTyped({ amount_min })}
        style={width(124)}
      />
      <AmountFilterInput
        label="Maximum amount"
        placeholder="Max amount"
        value={filters.amount_max}
        onCommit={(amount_max) => setAsTyped({ amount_max })}
        style={width(124)}
      />
      <Select
        aria-label="Type"
        placeholder="Type"
        allowClear
        value={filters.type || undefined}
        onChange={(type?: string) => set({ type: type ?? '' })}
        options={(choices?.types ?? []).map((v) => ({ value: v, label: TRANSACTION_TYPE_LABELS[v as TransactionType] ?? label(v) }))}
        style={width(120)}
      />
      <Select
        aria-label="Direction"
        placeholder="Direction"
        allowClear
        value={filters.direction || undefined}
        onChange={(direction?: Direction) => set({ direction: direction ?? '' })}
        options={(choices?.directions ?? []).map((v) => ({ value: v, label: v === 'COSTS' ? 'Money out' : 'Money in' }))}
        style={width(120)}
      />
      <Select
        aria-label="Payment account"
        placeholder="Payment account"
        allowClear
        value={filters.payment_account ?? undefined}
        onChange={(pk?: number) => set({ payment_account: pk ?? null })}
        options={(choices?.payment_accounts ?? []).map((a) => ({ value: a.pk, label: a.name }))}
        style={width(170)}
      />
      <Select
        aria-label="Status"
        placeholder="Status"
        allowClear
        value={filters.status || undefined}
        onChange={(status?: string) => set({ status: status ?? '' })}
        options={(choices?.statuses ?? []).filter((v) => listStatuses.includes(v)).map((v) => ({ value: v, label: statusLabel(v) }))}
        style={width(170)}
      />
      <Select
        aria-label="Markers"
        placeholder="Missing…"
        mode="multiple"
        allowClear
        maxTagCount="responsive"
        value={filters.markers}
        onChange={(markers: string[]) => set({ markers })}
        options={(choices?.markers ?? []).map((v) => ({ value: v, label: MARKER_LABELS[v] ?? label(v) }))}
        style={phone ? { flex: '1 1 100%' } : { minWidth: 180 }}
      />
    </Flex>
  );
};
