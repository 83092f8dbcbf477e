import type { LedgerCompany, PullCursor, PullPage, PullProgress, ReferencesSource } from '../../modules/books/ledger/ledger-adapter.port.js';
import { before, ledgerDay } from '../../modules/books/ledger/ledger-dates.rule.js';
import type { QboApi, QboEntity } from './qbo-api.js';
import { qboLookups } from './qbo-lookups.js';
import { ledgerRecordOf } from './qbo-records.js';
import { REF_ENTITY_NAMES, referencePage } from './qbo-refs.js';
import { TRANSACTION_ENTITIES, type TransactionEntity } from './qbo-transaction-map.js';

/** CDC looks back at most 30 days and answers at most 1,000 objects; past either, read the lists. */
const CDC_LOOKBACK = { days: 29 };
const CDC_CAP = 1000;
/** Changes stamped just before the previous pull started may not have been visible to it. */
const OVERLAP = { minutes: 5 };
const DEFAULT_HISTORY = { days: 90 };

/** QuickBooks' closing date (Preferences → AccountingInfoPrefs → BookCloseDate): books on or before it are closed. */
export const bookCloseDateOf = (preferences: QboEntity): string | null => {
  const date = (preferences.AccountingInfoPrefs as { BookCloseDate?: unknown } | undefined)?.BookCloseDate;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : null;
};

const quote = (value: string) => `'${value.replace(/'/g, "\\'")}'`;

/**
 * One pull of one company, as pages for the module to apply: reference lists first (transactions
 * point at them), then every transaction list. An incremental pull within CDC's reach asks for
 * everything changed in one request; otherwise each list is read by query, each page carrying the
 * progress to save, so a pull cut short resumes where it stopped. Pages are applied idempotently,
 * so re-reading one costs requests, never duplicates.
 */
export async function* pullQbo(api: QboApi, company: LedgerCompany, cursor: PullCursor, references: ReferencesSource, now: Date): AsyncGenerator<PullPage> {
  const progress: PullProgress = cursor.progress ?? { startedAt: now.toISOString(), mode: cursor.mode, done: [], current: null };
  const since = cursor.pulledUpTo ? before(cursor.pulledUpTo, OVERLAP) : null;
  const syncDate = company.syncDate ?? ledgerDay(before(now, DEFAULT_HISTORY));
  // Every pull but a "sync missing" (a catch-up of rows Herd lacks) reads the lock.
  if (progress.mode !== 'MISSING') yield { kind: 'lock', closedThrough: bookCloseDateOf(await api.preferences()) };

  if (progress.mode === 'INCREMENTAL' && since && since > before(now, CDC_LOOKBACK) && !progress.current) {
    const changed = await api.changedSince([...REF_ENTITY_NAMES, ...TRANSACTION_ENTITIES], since);
    const total = Object.values(changed).reduce((n, rows) => n + rows.length, 0);
    if (total < CDC_CAP) {
      for (const entity of REF_ENTITY_NAMES) yield { kind: 'references', ...referencePage(entity, changed[entity] ?? []) };
      const lookups = qboLookups(await references());
      for (const entity of TRANSACTION_ENTITIES) {
        const rows = (changed[entity] ?? []).filter((row: QboEntity) => row.status === 'Deleted' || String(row.TxnDate ?? '') >= syncDate);
        yield { kind: 'transactions', records: rows.map((row) => ledgerRecordOf(entity, row, lookups)) };
      }
      return;
    }
  }

  const changedFilter = progress.mode === 'INCREMENTAL' && since ? ` AND MetaData.LastUpdatedTime >= ${quote(since.toISOString())}` : '';
  for (const entity of REF_ENTITY_NAMES) {
    if (progress.done.includes(entity)) continue;
    // Inactive entries too: a transaction may still point at them.
    for await (const rows of readList(api, `SELECT * FROM ${entity} WHERE Active IN (true, false)${changedFilter}`, entity, progress)) {
      yield { kind: 'references', ...referencePage(entity, rows), progress: structuredClone(progress) };
    }
  }
  const lookups = qboLookups(await references());
  for (const entity of TRANSACTION_ENTITIES) {
    if (progress.done.includes(entity)) continue;
    for await (const rows of readList(api, `SELECT * FROM ${entity} WHERE TxnDate >= ${quote(syncDate)}${changedFilter}`, entity, progress)) {
      yield { kind: 'transactions', records: rows.map((row) => ledgerRecordOf(entity as TransactionEntity, row, lookups)), progress: structuredClone(progress) };
    }
  }
}

/** Reads one list from where the progress says, moving the progress past each page as it is handed on. */
async function* readList(api: QboApi, statement: string, entity: string, progress: PullProgress): AsyncGenerator<QboEntity[]> {
  const start = progress.current?.entity === entity ? progress.current.position : 1;
  for await (const page of api.queryPages(statement, start)) {
    progress.current = { entity, position: page.next };
    yield page.rows;
  }
  progress.done.push(entity);
  progress.current = null;
}
