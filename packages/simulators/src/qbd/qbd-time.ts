/**
 * QuickBooks Desktop writes times in the company's zone with an offset (2025-06-01T09:30:00-07:00)
 * and dates as YYYY-MM-DD. The company keeps a fixed Pacific offset so output repeats run after run.
 */
export { qboDateTime as qbdDateTime, qboDate as qbdDate, DAY_MS } from '../qbo/clock.js';

const COMPANY_OFFSET = '-07:00';

/**
 * Reads a qbXML date or datetime filter value as an instant. A value without an offset is the
 * company's local time; a bare date is the start of that day, or its end when `endOfDay`
 * (so `ToModifiedDate>2025-06-01` includes the whole of the 1st).
 */
export function parseQbdInstant(value: string, endOfDay = false): number {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return Date.parse(`${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}${COMPANY_OFFSET}`);
  }
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value);
  return Date.parse(hasOffset ? value : `${value}${COMPANY_OFFSET}`);
}
