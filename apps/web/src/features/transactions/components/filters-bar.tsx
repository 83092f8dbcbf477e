import { DatePicker, Flex, Input, Select } from 'antd';
import dayjs from 'dayjs';
import type { Direction } from '@herd/contract';
import { SearchInput } from '../../../ui/search-input';
import type { TransactionChoices } from '../api';
import type { TransactionFilters } from '../filters';

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
  /** Any change of filter goes back to the first page. */
  onChange: (patch: Partial<TransactionFilters>) => void;
}

/** The accountant table's filters; the options come from the list's choices/ endpoint. */
export const FiltersBar = ({ filters, choices, onChange }: FiltersBarProps) => {
  const set = (patch: Partial<TransactionFilters>) => onChange({ ...patch, page: 1 });
  return (
    <Flex gap={8} wrap style={{ marginBottom: 12 }} aria-label="Filters">
      <SearchInput label="Search transactions" onSearch={(search) => set({ search })} />
      <DatePicker.RangePicker
        aria-label="Date range"
        value={[filters.date_from ? dayjs(filters.date_from) : null, filters.date_to ? dayjs(filters.date_to) : null]}
        onChange={(range) => set({ date_from: range?.[0]?.format('YYYY-MM-DD') ?? '', date_to: range?.[1]?.format('YYYY-MM-DD') ?? '' })}
        allowEmpty={[true, true]}
        style={{ width: 240 }}
      />
      <Input
        aria-label="Minimum amount"
        placeholder="Min amount"
        defaultValue={filters.amount_min}
        onBlur={(e) => set({ amount_min: e.target.value.trim() })}
        onPressEnter={(e) => set({ amount_min: e.currentTarget.value.trim() })}
        style={{ width: 124 }}
      />
      <Input
        aria-label="Maximum amount"
        placeholder="Max amount"
        defaultValue={filters.amount_max}
        onBlur={(e) => set({ amount_max: e.target.value.trim() })}
        onPressEnter={(e) => set({ amount_max: e.currentTarget.value.trim() })}
        style={{ width: 124 }}
      />
      <Select
        aria-label="Type"
        placeholder="Type"
        allowClear
        value={filters.type || undefined}
        onChange={(type?: string) => set({ type: type ?? '' })}
        options={(choices?.types ?? []).map((v) => ({ value: v, label: label(v) }))}
        style={{ width: 120 }}
      />
      <Select
        aria-label="Direction"
        placeholder="Direction"
        allowClear
        value={filters.direction || undefined}
        onChange={(direction?: Direction) => set({ direction: direction ?? '' })}
        options={(choices?.directions ?? []).map((v) => ({ value: v, label: v === 'COSTS' ? 'Money out' : 'Money in' }))}
        style={{ width: 120 }}
      />
      <Select
        aria-label="Payment account"
        placeholder="Payment account"
        allowClear
        value={filters.payment_account ?? undefined}
        onChange={(pk?: number) => set({ payment_account: pk ?? null })}
        options={(choices?.payment_accounts ?? []).map((a) => ({ value: a.pk, label: a.name }))}
        style={{ width: 170 }}
      />
      <Select
        aria-label="Status"
        placeholder="Status"
        allowClear
        value={filters.status || undefined}
        onChange={(status?: string) => set({ status: status ?? '' })}
        options={(choices?.statuses ?? []).map((v) => ({ value: v, label: label(v) }))}
        style={{ width: 170 }}
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
        style={{ minWidth: 180 }}
      />
    </Flex>
  );
};
