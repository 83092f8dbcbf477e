import type { ConnectionKind } from '@herd/contract';
import type { Db } from '../db/client.js';
import type { clientCompanies } from '../db/schema/index.js';
import type { LineRow, TransactionRow } from '../modules/transactions/transactions.queries.js';

export type CompanyRow = typeof clientCompanies.$inferSelect;

/** `raw` and `ledgerVersion`: the ledger's copy after the write, kept for the next publish or resync. */
export type PublishOutcome =
  | { kind: 'published'; ledgerVersion: string | null; raw?: Record<string, unknown> }
  /** The ledger already holds this categorization. */
  | { kind: 'matched'; ledgerVersion?: string; raw?: Record<string, unknown> }
  /** The ledger refused it; the message is the ledger's own, shown on the row until cleared. */
  | { kind: 'rejected'; code: string; message: string; ledgerVersion?: string; raw?: Record<string, unknown> };

export interface PublishItem {
  row: TransactionRow;
  lines: LineRow[];
}

/** Called after each transaction, so what is done is saved even if the rest fails. */
export type RecordOutcome = (item: PublishItem, outcome: PublishOutcome) => Promise<void>;

/**
 * What Herd needs from a ledger. Each ledger (CSV, generic, QuickBooks
 * Online, Xero, QuickBooks Desktop) implements it once; screens and services
 * never know which one they talk to.
 */
export interface LedgerAdapter {
  readonly kind: ConnectionKind;
  /**
   * The ledger lives outside Herd: publishing, pulling and resyncing talk to
   * it, so they run as background jobs and the rows wait in PROCESSING.
   */
  readonly remote: boolean;
  /** Writes the client's lines back to the ledger, one transaction after the other. */
  publish(db: Db, company: CompanyRow, items: PublishItem[], record: RecordOutcome): Promise<void>;
  /** Pulls what the company's sync state asks for (remote ledgers). */
  pull(db: Db, company: CompanyRow): Promise<void>;
  /** Reads these transactions again from the ledger and applies what changed (remote ledgers). */
  resync(db: Db, company: CompanyRow, rows: TransactionRow[]): Promise<void>;
  /** Makes a list entry in the ledger first, so Herd holds the ledger's id for it. */
  createListEntry(db: Db, company: CompanyRow, entry: NewListEntry): Promise<ListEntryOutcome>;
}

/** A vendor, customer or category made from the categorization form. */
export type NewListEntry =
  | { kind: 'VENDOR' | 'CUSTOMER'; name: string }
  | { kind: 'CATEGORY'; name: string; accountType: string; accountSubtype: string | null };

/** `held`: the list lives in Herd; `created`: the ledger made it and this is its id; `refused`: the ledger's reason. */
export type ListEntryOutcome = { kind: 'held' } | { kind: 'created'; externalId: string; raw: Record<string, unknown> } | { kind: 'refused'; message: string };

export interface LedgerRegistry {
  adapterFor(kind: ConnectionKind): LedgerAdapter;
}
