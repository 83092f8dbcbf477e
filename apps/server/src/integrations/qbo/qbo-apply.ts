import { and, eq, inArray } from 'drizzle-orm';
import type { TransactionStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { transactions } from '../../db/schema/index.js';
import { upsertLedgerRows, type LedgerLine, type LedgerRowWrite, type LedgerValues } from '../../modules/transactions/ledger-rows.js';
import { canTransition } from '../../modules/transactions/status.js';
import { moveStatuses, type StatusMove } from '../../modules/transactions/status-writer.js';
import type { QboEntity } from './qbo-api.js';
import type { Lookups } from './qbo-lookups.js';
import { replaceLedgerHistory, type LedgerHistoryLine } from '../../modules/suggestions/ledger-history.queries.js';
import { historyLinesOf } from './qbo-history-map.js';
import { mapTransaction, type PulledTransaction, type TransactionEntity } from './qbo-transaction-map.js';

type TxRow = typeof transactions.$inferSelect;

/**
 * SyncTokens count up with every change. A page read before a publish can be
 * applied after it: only a version newer than Herd's copy may change the row.
 */
const isNewer = (incoming: unknown, stored: string | null) => {
  if (stored === null || stored === '') return true;
  const [a, b] = [Number(incoming), Number(stored)];
  return Number.isFinite(a) && Number.isFinite(b) ? a > b : String(incoming) !== stored;
};
const cents = (amount: number) => (amount / 100).toFixed(2);
/** Statuses in which the client's answer has not reached the ledger yet. */
const UNPUBLISHED: readonly TransactionStatus[] = ['READY', 'FINISHED_IN_HERD', 'SYNC_ERROR', 'PROCESSING'];

export interface ApplyOptions {
  /** MISSING pulls only add what Herd lacks and leave known transactions as they are. */
  onlyNew?: boolean;
  firmId: number;
}

export interface ApplyCounts {
  created: number;
  updated: number;
  matched: number;
  cancelled: number;
}

const headerValues = (pulled: PulledTransaction, lookups: Lookups) => ({
  ledgerEntityType: pulled.entity,
  type: pulled.type,
  subtype: pulled.subtype,
  date: pulled.date,
  amount: cents(pulled.amountCents),
  currency: pulled.currency,
  description: pulled.description,
  payee: pulled.payee,
  paymentAccountId: lookups.accountPk(pulled.paymentAccountExternalId),
  watchedAccountId: lookups.accountPk(pulled.watchedAccountExternalId),
  ledgerVersion: pulled.ledgerVersion,
  raw: pulled.raw,
});

const lineValues = (pulled: PulledTransaction, lookups: Lookups): LedgerLine[] =>
  pulled.lines.map((line) => ({
    amount: cents(line.amountCents),
    description: line.description,
    classId: lookups.refPk('CLASS', line.classExternalId),
    customerId: lookups.refPk('CUSTOMER', line.customerExternalId),
    taxId: lookups.refPk('TAX', line.taxExternalId),
    locationId: lookups.refPk('LOCATION', pulled.locationExternalId),
    billable: line.billable,
  }));

/**
 * Brings one page of QuickBooks transactions into Herd, in one database
 * transaction. New ones on watched accounts arrive READY. A known one:
 * still uncategorized in QuickBooks → takes the ledger's values (its lines
 * too while the client has not answered, or when the amount changed);
 * categorized inside QuickBooks meanwhile → MATCHED_TO_PLATFORM; deleted →
 * CANCELLED; back on a watched account after publishing → READY again.
 * A change the transition table forbids leaves the row as it is. One Herd
 * never held, categorized in QuickBooks, becomes the company's ledger history
 * (what the suggestions learn from), replaced by external id on every read.
 * Applying the same page twice changes nothing.
 */
export const applyTransactionPage = async (
  db: Db,
  companyPk: number,
  entity: TransactionEntity,
  rows: QboEntity[],
  lookups: Lookups,
  options: ApplyOptions,
): Promise<ApplyCounts> => {
  const counts: ApplyCounts = { created: 0, updated: 0, matched: 0, cancelled: 0 };
  if (rows.length === 0) return counts;
  return db.transaction(async (tx) => {
    const ids = rows.map((row) => `${entity}:${row.Id}`);
    const existing = new Map(
      (
        await tx
          .select()
          .from(transactions)
          .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.externalId, ids)))
      ).map((t) => [t.externalId, t]),
    );
    const writes: LedgerRowWrite[] = [];
    const history: LedgerHistoryLine[] = [];
    const moves: (StatusMove & { counted: keyof ApplyCounts })[] = [];
    /** Plans a known row's new values, lines and status; false when the table forbids the status change. */
    const plan = (before: TxRow, to: TransactionStatus, counted: keyof ApplyCounts, values: Partial<LedgerValues> = {}, lines?: LedgerLine[]) => {
      if (before.status !== to && !canTransition(before.status, to)) return;
      if (Object.keys(values).length > 0 || lines) writes.push({ pk: before.pk, refresh: values, ...(lines ? { lines } : {}) });
      if (before.status !== to) moves.push({ row: before, to, counted });
      else counts[counted] += 1;
    };

    for (const row of rows) {
      const before = existing.get(`${entity}:${row.Id}`);
      if (row.status === 'Deleted') {
        if (before && before.status !== 'CANCELLED') plan(before, 'CANCELLED', 'cancelled');
        continue;
      }
      const pulled = mapTransaction(entity, row, lookups);
      // Categorized in the ledger and never Herd's to ask: the company's own history.
      if (!before && !pulled) history.push(...historyLinesOf(entity, row, lookups));
      if (!before) {
        if (pulled) writes.push({ externalId: pulled.externalId, create: headerValues(pulled, lookups), lines: lineValues(pulled, lookups) });
        continue;
      }
      if (options.onlyNew || !isNewer(row.SyncToken, before.ledgerVersion)) continue;
      // A publish in flight owns the row; its job records what QuickBooks answered.
      if (before.status === 'PROCESSING') continue;
      if (!pulled) {
        // Categorized inside QuickBooks: nothing left for the client to answer.
        const version = { ledgerVersion: String(row.SyncToken), raw: row };
        if (UNPUBLISHED.includes(before.status)) plan(before, 'MATCHED_TO_PLATFORM', 'matched', version);
        else plan(before, before.status, 'updated', version);
        continue;
      }
      const header = headerValues(pulled, lookups);
      const amountChanged = header.amount !== before.amount;
      const reopen = !UNPUBLISHED.includes(before.status) || (amountChanged && before.status !== 'READY');
      const keepsAnswer = !reopen && before.status !== 'READY';
      // Once answered, the client's lines stand; the fresh SyncToken and body are what publishing needs.
      const values = keepsAnswer ? { ledgerVersion: header.ledgerVersion, raw: header.raw } : header;
      const newLines = reopen || (before.status === 'READY' && amountChanged) ? lineValues(pulled, lookups) : undefined;
      plan(before, reopen ? 'READY' : before.status, 'updated', values, newLines);
    }
    counts.created = (await upsertLedgerRows(tx, companyPk, writes)).length;
    await replaceLedgerHistory(tx, { firmId: options.firmId, companyPk }, ids, history);
    const moved = await moveStatuses(tx, { firmId: options.firmId, companyPk, actorUserId: null }, 'transaction.sync', moves, 'skip');
    for (const m of moved) counts[m.counted] += 1;
    return counts;
  });
};
