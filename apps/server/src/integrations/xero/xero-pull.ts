import type { LedgerCompany, PullCursor, PullPage, PullProgress, ReferencesSource } from '../../modules/ledger/ledger-adapter.js';
import { before, ledgerDay } from '../../modules/ledger/ledger-dates.js';
import type { XeroApi } from './xero-api.js';
import { xeroLookups } from './xero-lookups.js';
import { xeroRecordOf } from './xero-records.js';
import { XERO_REF_LISTS, xeroReferencePage } from './xero-refs.js';
import { XERO_ENTITY_NAMES, XERO_TRANSACTION_ENTITIES, type XeroEntity } from './xero-transaction-map.js';

/** Changes stamped just before the previous pull started may not have been visible to it. */
const OVERLAP = { minutes: 5 };
const DEFAULT_HISTORY = { days: 90 };

/** Xero's date filter: `Date >= DateTime(2026, 11, 01)`. Repeating invoices are templates with no date of their own: read whole. */
const dateFilter = (entity: XeroEntity, syncDate: string) => {
  if (entity === 'RepeatingInvoice') return undefined;
  const [y, m, d] = syncDate.split('-');
  return `Date >= DateTime(${y}, ${m}, ${d})`;
};

/**
 * One pull of one organisation, as pages for the module to apply: the chart and lists first
 * (transactions point at them), then each kind of transaction since the sync date. An incremental
 * pull asks only for what changed since the last one (`If-Modified-Since`, for lists that take it);
 * each page carries the progress to save, so a pull cut short resumes at the page it stopped on.
 * Xero sends deleted and voided objects with their status, which the records say.
 */
export async function* pullXero(api: XeroApi, company: LedgerCompany, cursor: PullCursor, references: ReferencesSource, now: Date): AsyncGenerator<PullPage> {
  const progress: PullProgress = cursor.progress ?? { startedAt: now.toISOString(), mode: cursor.mode, done: [], current: null };
  const since = progress.mode === 'INCREMENTAL' && cursor.pulledUpTo ? before(cursor.pulledUpTo, OVERLAP) : null;
  const syncDate = company.syncDate ?? ledgerDay(before(now, DEFAULT_HISTORY));
  const startPage = (list: string) => (progress.current?.entity === list ? progress.current.position : 1);

  for (const list of XERO_REF_LISTS) {
    if (progress.done.includes(list)) continue;
    for await (const { page, rows } of api.pages(list, { ifModifiedSince: since, startPage: startPage(list) })) {
      progress.current = { entity: list, position: page + 1 };
      yield { kind: 'references', ...xeroReferencePage(list, rows), progress: structuredClone(progress) };
    }
    progress.done.push(list);
    progress.current = null;
  }
  const lookups = xeroLookups(await references());
  for (const entity of XERO_ENTITY_NAMES) {
    if (progress.done.includes(entity)) continue;
    const { collection } = XERO_TRANSACTION_ENTITIES[entity];
    const where = dateFilter(entity, syncDate);
    for await (const { page, rows } of api.pages(collection, { ...(where ? { where } : {}), ifModifiedSince: since, startPage: startPage(entity) })) {
      progress.current = { entity, position: page + 1 };
      yield { kind: 'transactions', records: rows.map((row) => xeroRecordOf(entity, row, lookups)), progress: structuredClone(progress) };
    }
    progress.done.push(entity);
    progress.current = null;
  }
}
