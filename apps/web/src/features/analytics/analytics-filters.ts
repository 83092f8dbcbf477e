import { useSearchParams } from 'react-router';

/** The filters as the page holds them; every analytics endpoint takes them as its query. */
export interface AnalyticsFilters {
  date_from?: string;
  date_to?: string;
  client_company?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const PK = /^[1-9]\d{0,9}$/;

/**
 * The page's filters live in the address (`date_from`, `date_to`, `client_company`), so a reload
 * or a shared link shows the same figures. A value that is not a date or an id is left out (the
 * server's defaults apply); a range the server refuses is shown with its message.
 */
export const useAnalyticsFilters = () => {
  const [params, setParams] = useSearchParams();
  const read = (key: string, pattern: RegExp) => {
    const value = params.get(key);
    return value && pattern.test(value) ? value : undefined;
  };
  const company = read('client_company', PK);
  const filters: AnalyticsFilters = {
    ...(read('date_from', DAY) ? { date_from: read('date_from', DAY) } : {}),
    ...(read('date_to', DAY) ? { date_to: read('date_to', DAY) } : {}),
    ...(company ? { client_company: Number(company) } : {}),
  };
  const set = (change: Partial<Record<'date_from' | 'date_to' | 'client_company', string>>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(change)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });
  return { filters, set };
};
