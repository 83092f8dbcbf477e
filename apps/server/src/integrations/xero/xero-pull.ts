import type { LedgerCompany, PullCursor, PullPage, PullProgress, ReferencesSource } from '../../modules/books/ledger/ledger-adapter.port.js';
import { before, ledgerDay } from '../../modules/books/ledger/ledger-dates.rule.js';
import type { XeroApi } from './xero-api.js';
import { xeroLookups } from './xero-lookups.js';
import { xeroRecordOf } from './xero-records.js';
import { XERO_REF_LISTS, xeroReferencePage } from './xero-refs.js';
import { XERO_ENTITY_NAMES, XERO_TRANSACTION_ENTITIES } from './xero-transaction-map.js';
import { xeroMoment, type XeroObject } from './xero-values.js';

/** Changes stamped just before the previous pull started may not have been visible to it. */
const OVERLAP = { minutes: 5 };
const DEFAULT_HISTORY = { days: 90 };

/**
 * One pull of one organisation, as pages for the module to apply: the chart and lists first
 * (transactions point at them), then each kind of transaction since the sync date. An incremental
 * pull asks only for what changed since the last one (`If-Modified-Since`, for lists that take it);
 * each page carries the progress to save, so a pull cut short resumes at the page it stopped on.
 * Xero sends deleted and voided objects with their status, which the records say.
 */
/**
 * The last day Xero keeps closed: the later of the organisation's lock dates. `PeriodLockDate` closes the books to
 * everyone but advisers, `EndOfYearLockDate` to everyone; either way a bookkeeper's change there is refused or unwanted.
 */
export const lockDateOf = (organisation: XeroObject | null): string | null => {
  const days = [organisation?.PeriodLockDate, organisation?.EndOfYearLockDate]
    .map((value) => xeroMoment(value)?.toISODate() ?? null)
    .filter((d): d is string => d !== null);
  return days.length ? days.sort().at(-1)! : null;
};

export async function* pullXero(api: XeroApi, company: LedgerCompany, cursor: PullCursor, references: ReferencesSource, now: Date): AsyncGenerator<PullPage> {
  // A copy: the progress handed in is the module's saved one, not the pull's to change.
  const progress: PullProgress = cursor.progress ? structuredClone(cursor.progress) : { startedAt: now.toISOString(), mode: cursor.mode, done: [], current: null };
  const since = progress.mode === 'INCREMENTAL' && cursor.pulledUpTo ? before(cursor.pulledUpTo, OVERLAP) : null;
  const syncDate = company.syncDate ?? ledgerDay(before(now, DEFAULT_HISTORY));
  const startPage = (list: string) => (progress.current?.entity === list ? progress.current.position : 1);
  // Every pull but a "sync missing" (a catch-up of rows Herd lacks) reads the lock: one call of the organisation's minute.
  if (progress.mode !== 'MISSING') yield { kind: 'lock', closedThrough: lockDateOf(await api.organisation()) };

  // The last page of a list carries the list as done: a pull cut short just after it goes on with
  // the next list, instead of asking for a page past the end (or, of a list Xero does not page, for all of it again).
  const advance = (list: string, page: number, last: boolean) => {
    if (last) progress.done.push(list);
    progress.current = last ? null : { entity: list, position: page + 1 };
  };
  for (const list of XERO_REF_LISTS) {
    if (progress.done.includes(list)) continue;
    for await (const { page, rows, last } of api.pages(list, { ifModifiedSince: since, startPage: startPage(list) })) {
      advance(list, page, last);
      yield { kind: 'references', ...xeroReferencePage(list, rows), progress: structuredClone(progress) };
    }
  }
  const lookups = xeroLookups(await references());
  for (const entity of XERO_ENTITY_NAMES) {
    if (progress.done.includes(entity)) continue;
    const { collection } = XERO_TRANSACTION_ENTITIES[entity];
    // Each list filtered by the sync date as it takes a date filter (a `where`, or purchase orders' and
    // quotes' `DateFrom`); repeating invoices are templates with no date of their own: read whole.
    for await (const { page, rows, last } of api.pages(collection, { fromDay: syncDate, ifModifiedSince: since, startPage: startPage(entity) })) {
      advance(entity, page, last);
      // Repeating invoices take no If-Modified-Since and carry no stamp in Xero's contract: each pull
      // hands them all over, with no version, and the module keeps Herd's answer (inbound-policy.rule.ts).
      yield { kind: 'transactions', records: rows.map((row) => xeroRecordOf(entity, row, lookups)), progress: structuredClone(progress) };
    }
  }
}
