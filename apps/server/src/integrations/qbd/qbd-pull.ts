import type { LedgerCompany, PullCursor, PullPage, PullProgress, ReferencesSource } from '../../modules/books/ledger/ledger-adapter.port.js';
import { before, ledgerDay } from '../../modules/books/ledger/ledger-dates.rule.js';
import { askHost } from './qbd-host.js';
import { qbdLookups } from './qbd-lookups.js';
import { iterateQuery, readWhole } from './qbd-paging.js';
import { listIterates, listQuery, txnQuery, wholeListQuery } from './qbd-queries.js';
import { qbdRecordOf } from './qbd-records.js';
import { QBD_REF_LIST_NAMES, qbdReferencePage } from './qbd-refs.js';
import { QBD_TXN_KIND_NAMES } from './qbd-transaction-map.js';
import type { QbxmlExchange } from './qbxml-exchange.js';
import { textOf } from './qbxml-xml.js';

/** Changes stamped just before the previous pull started may not have been visible to it. */
const OVERLAP = { minutes: 5 };
const DEFAULT_HISTORY = { days: 90 };

/**
 * One pull of one company file, as pages for the module to apply: QuickBooks' HostQuery and
 * CompanyQuery first (is its qbXML new enough?), then the chart and lists
 * (transactions point at them), then each kind of transaction since the sync date, lines included.
 * An incremental pull asks only for what changed since the last one (FromModifiedDate); MISSING
 * and FULL read everything since the sync date, as Xero's pull does.
 *
 * Each page carries the progress to save. QuickBooks' iterators die with the Web Connector session
 * that started them, so a pull cut short resumes at the list it had reached but restarts that list's
 * iterator from Start: the pages it re-reads are applied again, which is harmless, since a record
 * applied twice (same TxnID, same EditSequence) changes nothing the second time.
 */
export async function* pullQbd(exchange: QbxmlExchange, company: LedgerCompany, cursor: PullCursor, references: ReferencesSource, now: Date): AsyncGenerator<PullPage> {
  // A copy: the progress handed in is the module's saved one, not the pull's to change.
  const progress: PullProgress = cursor.progress ? structuredClone(cursor.progress) : { startedAt: now.toISOString(), mode: cursor.mode, done: [], current: null };
  // QuickBooks must speak Herd's qbXML before anything is asked of the company file. Every pull but a "sync missing"
  // catch-up reads the closing date with it.
  const readsLock = progress.mode !== 'MISSING';
  const host = await askHost(exchange, { closingDate: readsLock });
  if (readsLock) yield { kind: 'lock', closedThrough: host.closingDate };
  const since = progress.mode === 'INCREMENTAL' && cursor.pulledUpTo ? before(cursor.pulledUpTo, OVERLAP) : undefined;
  const syncDate = company.syncDate ?? ledgerDay(before(now, DEFAULT_HISTORY));

  // The last page of a list carries the list as done, so a pull cut short just after it goes on with the next.
  const advance = (entity: string, last: boolean) => {
    if (last) {
      progress.done.push(entity);
      progress.current = null;
    } else {
      progress.current = { entity, position: progress.current?.entity === entity ? progress.current.position + 1 : 1 };
    }
    return structuredClone(progress);
  };
  const resumeAt = (entity: string) => {
    // A resumed list restarts from Start (its iterator is gone): its page count starts again too.
    if (progress.current?.entity === entity) progress.current = null;
  };

  for (const list of QBD_REF_LIST_NAMES) {
    if (progress.done.includes(list)) continue;
    resumeAt(list);
    const filters = since ? { fromModified: since } : {};
    // Only some lists take an iterator in qbXML 13.0; the others are read in one answer.
    const pages = listIterates(list) ? iterateQuery(exchange, (iterator) => listQuery(list, filters, iterator)) : readWhole(exchange, wholeListQuery(list, filters));
    for await (const { rets, last } of pages) {
      yield { kind: 'references', ...qbdReferencePage(list, rets), progress: advance(list, last) };
    }
  }
  const lookups = qbdLookups(await references());
  for (const kind of QBD_TXN_KIND_NAMES) {
    if (progress.done.includes(kind)) continue;
    resumeAt(kind);
    const filters = since ? { fromModified: since } : { fromTxnDate: syncDate };
    for await (const { rets, last } of iterateQuery(exchange, (iterator) => txnQuery(kind, filters, iterator))) {
      // An incremental page is asked by modification alone: what is dated before the sync date is not Herd's.
      const inWindow = rets.filter((ret) => textOf(ret, 'TxnDate') >= syncDate);
      yield { kind: 'transactions', records: inWindow.map((ret) => qbdRecordOf(kind, ret, lookups)), progress: advance(kind, last) };
    }
  }
}
