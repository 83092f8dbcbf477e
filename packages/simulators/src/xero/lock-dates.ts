import type { EndpointSpec } from './endpoints.js';
import type { OrgStore } from './store.js';
import type { JsonObject, XeroRecord } from './types.js';

/** The documents that post to the ledger, which lock dates close; orders, quotes and repeating templates post nothing. */
const LEDGER_DOCUMENTS: ReadonlySet<string> = new Set(['BankTransactions', 'Invoices', 'ManualJournals']);

/** Statuses in which a document is not in the ledger: drafts, invoices awaiting approval, and drafts deleted. */
const OFF_LEDGER: ReadonlySet<string> = new Set(['DRAFT', 'SUBMITTED', 'DELETED']);

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A day as Xero writes it in these messages: `31-Mar-2026`. */
const inWords = (day: string) => {
  const [year, month, date] = day.split('-');
  return `${date}-${MONTHS[Number(month) - 1]}-${year}`;
};

/**
 * Xero's refusals of a document dated on or before the organisation's lock dates, one for each lock
 * that closes the day (support threads quote both at once when both do). The period lock spares
 * advisers in Xero; the simulator's connections are not told apart by role, so both locks bind every
 * write, as Herd reads them (the later of the two is its closing day).
 */
export function lockDateErrors(store: OrgStore, day: string): string[] {
  const { period, endOfYear } = store.lockDates;
  return [
    ...(period && day <= period ? [`The document date cannot be before the period lock date, currently set at ${inWords(period)}`] : []),
    ...(endOfYear && day <= endOfYear ? [`The document date cannot be before the end of year lock date, currently set at ${inWords(endOfYear)}`] : []),
  ];
}

const inLedger = (fields: JsonObject) => !OFF_LEDGER.has(String(fields.Status));

/**
 * Why a write is refused for the lock dates: it puts a document in the ledger on a closed day, or
 * changes (voids, deletes, edits) one already there on a closed day. Drafts stay free to write.
 */
export function lockedWriteErrors(store: OrgStore, endpoint: EndpointSpec, fields: JsonObject, existing: XeroRecord | undefined): string[] {
  if (!LEDGER_DOCUMENTS.has(endpoint.name)) return [];
  const days = [existing && inLedger(existing.fields) ? existing.fields.Date : undefined, inLedger(fields) ? fields.Date : undefined];
  const closed = days.filter((day): day is string => typeof day === 'string').sort()[0];
  return closed === undefined ? [] : lockDateErrors(store, closed);
}
