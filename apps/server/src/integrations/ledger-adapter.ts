import type { ConnectionKind } from '@herd/contract';
import type { Db } from '../db/client.js';
import type { clientCompanies } from '../db/schema/index.js';
import type { LineRow, TransactionRow } from '../modules/transactions/transactions.queries.js';

export type CompanyRow = typeof clientCompanies.$inferSelect;

export type PublishOutcome =
  | { kind: 'published'; ledgerVersion: string | null }
  /** The ledger already holds this categorization. */
  | { kind: 'matched' }
  /** The ledger refused it; the message is the ledger's own, shown on the row until cleared. */
  | { kind: 'rejected'; code: string; message: string };

/**
 * What Herd needs from a ledger. Each ledger (CSV, generic, QuickBooks
 * Online, Xero, QuickBooks Desktop) implements it once; screens and services
 * never know which one they talk to.
 */
export interface LedgerAdapter {
  readonly kind: ConnectionKind;
  /** Writes the client's lines back to the ledger transaction. */
  publish(db: Db, company: CompanyRow, transaction: TransactionRow, lines: LineRow[]): Promise<PublishOutcome>;
  /** Re-reads transactions from the ledger; for ledgers Herd holds itself there is nothing to re-read. */
  resync(db: Db, company: CompanyRow, transactions: TransactionRow[]): Promise<void>;
}
