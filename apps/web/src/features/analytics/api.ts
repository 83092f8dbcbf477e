import { useQuery } from '@tanstack/react-query';
import { analyticsEndpoints as e } from '@herd/contract';
import { call } from '../../lib/api-client';
import type { AnalyticsFilters } from './analytics-filters';

export const analyticsKeys = {
  all: ['analytics'] as const,
  part: (part: 'summary' | 'companies' | 'months' | 'users', filters: AnalyticsFilters) => [...analyticsKeys.all, part, filters] as const,
};

export const useAnalyticsSummary = (filters: AnalyticsFilters) =>
  useQuery({ queryKey: analyticsKeys.part('summary', filters), queryFn: () => call(e.summary, { query: filters }) });

export const useCompanyAnalytics = (filters: AnalyticsFilters) =>
  useQuery({ queryKey: analyticsKeys.part('companies', filters), queryFn: () => call(e.companyTotals, { query: filters }) });

export const useMonthlyAnalytics = (filters: AnalyticsFilters) =>
  useQuery({ queryKey: analyticsKeys.part('months', filters), queryFn: () => call(e.perMonth, { query: filters }) });

export const useUserAnalytics = (filters: AnalyticsFilters) =>
  useQuery({ queryKey: analyticsKeys.part('users', filters), queryFn: () => call(e.users, { query: filters }) });
