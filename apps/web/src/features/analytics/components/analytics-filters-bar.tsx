import { DatePicker, Flex, Select } from 'antd';
import dayjs from 'dayjs';
import type { CompanyAnalytics } from '@herd/contract';
import type { AnalyticsFilters } from '../analytics-filters';

interface Props {
  filters: AnalyticsFilters;
  companies: CompanyAnalytics[];
  set: (change: Partial<Record<'date_from' | 'date_to' | 'client_company', string>>) => void;
}

/** The range (empty: the last twelve months) and one client or all of them. */
export const AnalyticsFiltersBar = ({ filters, companies, set }: Props) => (
  <Flex gap={8} wrap style={{ marginBottom: 16 }}>
    <DatePicker.RangePicker
      aria-label="Date range"
      value={[filters.date_from ? dayjs(filters.date_from) : null, filters.date_to ? dayjs(filters.date_to) : null]}
      onChange={(range) => set({ date_from: range?.[0]?.format('YYYY-MM-DD') ?? '', date_to: range?.[1]?.format('YYYY-MM-DD') ?? '' })}
      allowEmpty={[true, true]}
      style={{ width: 260, maxWidth: '100%' }}
    />
    <Select
      aria-label="Client"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="All clients"
      value={filters.client_company}
      onChange={(pk?: number) => set({ client_company: pk ? String(pk) : '' })}
      options={companies.map((c) => ({ value: c.client_company.pk, label: c.client_company.name }))}
      style={{ width: 240, maxWidth: '100%' }}
    />
  </Flex>
);
