import type { ConnectionKind } from '@herd/contract';
import type { Db } from '../db/client.js';
import type { clientCompanies } from '../db/schema/index.js';
import type { LedgerErrorKind } from './ledger-errors.js';
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

export interface SettledItem {
  item: PublishItem;
  outcome: PublishOutcome;
}

/**
 * Called with the transactions each answer of the ledger settled (one request's worth), so what is
 * done is saved, together, even if the rest fails.
 */
export type RecordOutcome = (settled: SettledItem[]) => Promise<void>;

/** A file of a transaction that is not in the ledger yet: its `transaction_attachments` row and where its bytes are. */
export interface LedgerFile {
  /** The `transaction_attachments` row, which records the ledger's id once uploaded. */
  pk: number;
  name: string;
  contentType: string;
  storageKey: string;
}

/** Why the ledger refused a file, in its own words. */
export interface AttachRefusal {
  code: string;
  message: string;
}

/**
 * What Herd needs from a ledger. Each ledger (CSV, generic, QuickBooks
 * Online, Xero, QuickBooks Desktop) implements it once; screens and services
 * never know which one they talk to. Only what cannot be generic (a ledger's
 * OAuth callback, its webhooks) lives with the ledger under
 * `integrations/<ledger>/http/`, and hands the rest to the generic services.
 */
export interface LedgerAdapter {
  readonly kind: ConnectionKind;
  /** The ledger's name as people know it, for messages ("a different QuickBooks company"). */
  readonly displayName: string;
  /**
   * The ledger lives outside Herd: publishing, pulling and resyncing talk to
   * it, so they run as background jobs and the rows wait in PROCESSING.
   */
  readonly remote: boolean;
  /** Writes the client's lines back to the ledger (in as few requests as it allows), recording each transaction as its answer arrives. */
  publish(db: Db, company: CompanyRow, items: PublishItem[], record: RecordOutcome): Promise<void>;
  /**
   * Uploads files to a transaction the ledger already holds, linked to it: the call publishing
   * makes after writing a transaction. Each success is recorded on its attachment row at once (so
   * a retry uploads only what is missing); null when all went, else the ledger's reason for the
   * first it refused. Left out by ledgers that take no attachments (the ones Herd holds itself).
   */
  attachFiles?(db: Db, company: CompanyRow, row: TransactionRow, files: LedgerFile[]): Promise<AttachRefusal | null>;
  /** Pulls what the company's sync state asks for (remote ledgers). */
  pull(db: Db, company: CompanyRow): Promise<void>;
  /** Reads these transactions again from the ledger and applies what changed (remote ledgers). */
  resync(db: Db, company: CompanyRow, rows: TransactionRow[]): Promise<void>;
  /** Makes a list entry in the ledger first, so Herd holds the ledger's id for it. */
  createListEntry(db: Db, company: CompanyRow, entry: NewListEntry): Promise<ListEntryOutcome>;
  /**
   * Starts granting Herd access: where to send the browser. The ledger comes
   * back to its own callback with `state`; `signup` also asks who the person is.
   */
  connect(input: { state: string; signup: boolean }): string;
  /** The same for a company whose grant the ledger refused: the person grants it again. */
  reauthorize(company: CompanyRow, state: string): string;
  /** Revokes the company's grant at the ledger and forgets its credentials (kept forgotten even when the ledger cannot be reached). */
  disconnect(db: Db, company: CompanyRow): Promise<DisconnectOutcome>;
  /** Who the granted company is at the ledger (its name names a company Herd creates on connecting). */
  companyInfo(grant: LedgerGrant): Promise<LedgerCompanyInfo>;
  /** What an error thrown by this ledger's calls means for Herd. */
  classifyError(err: unknown): LedgerErrorKind;
}

/** Credentials as `ledger_connections` stores them: sealed with SECRET_KEY; only the ledger's own code opens them. */
export interface SealedCredentials {
  accessTokenEnc: string;
  refreshTokenEnc: string;
  accessExpiresAt: Date;
  refreshExpiresAt: Date;
}

/** What a completed authorisation gives Herd: which company at the ledger, and the means to reach it. */
export interface LedgerGrant {
  /** The ledger's id of the company (QuickBooks' realm id). */
  externalCompanyId: string;
  /** Granted on a sandbox of the ledger, not the real service. */
  sandbox: boolean;
  credentials: SealedCredentials;
}

export interface LedgerCompanyInfo {
  name: string;
}

/** `revoke-failed` still forgot the credentials: the disconnect stands; the error is for the log. */
export type DisconnectOutcome = { kind: 'revoked' } | { kind: 'nothing-to-revoke' } | { kind: 'revoke-failed'; error: unknown };

/** A vendor, customer or category made from the categorization form. */
export type NewListEntry = { kind: 'VENDOR' | 'CUSTOMER'; name: string } | { kind: 'CATEGORY'; name: string; accountType: string; accountSubtype: string | null };

/** `held`: the list lives in Herd; `created`: the ledger made it and this is its id; `refused`: the ledger's reason. */
export type ListEntryOutcome = { kind: 'held' } | { kind: 'created'; externalId: string; raw: Record<string, unknown> } | { kind: 'refused'; message: string };

export interface LedgerRegistry {
  adapterFor(kind: ConnectionKind): LedgerAdapter;
}
