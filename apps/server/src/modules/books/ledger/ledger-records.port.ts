import type { RefKind, TransactionType } from '@herd/contract';

/**
 * What crosses the ledger port, in no ledger's words and in none of Herd's tables: every reference
 * is the ledger's own id, every amount whole cents. An adapter turns its ledger's objects into these
 * and back; the modules turn these into rows. Nothing here may import a module's queries or rows.
 */

export type Billable = 'BILLABLE' | 'NOT_BILLABLE' | null;

/** One line of a ledger transaction that sits on a watched account: what the client is asked about. */
export interface LedgerRecordLine {
  amountCents: number;
  description: string;
  classExternalId: string | null;
  customerExternalId: string | null;
  taxExternalId: string | null;
  /** Options of the ledger's first and second tracking categories (Xero's tracking; null where a ledger has none). */
  trackingOneExternalId: string | null;
  trackingTwoExternalId: string | null;
  billable: Billable;
}

/** The part of a ledger transaction Herd holds: its header as the lists show it, and its watched lines. */
export interface LedgerTransaction {
  /** The ledger's kind of object (QuickBooks' Purchase, Bill…), kept so a publish writes back to the same kind. */
  entityType: string;
  type: TransactionType;
  subtype: string;
  /** YYYY-MM-DD. */
  date: string;
  amountCents: number;
  currency: string;
  description: string;
  payee: string;
  paymentAccountExternalId: string | null;
  watchedAccountExternalId: string | null;
  locationExternalId: string | null;
  lines: LedgerRecordLine[];
}

/** One categorized line of a ledger transaction Herd never held: what the suggestions learn from. */
export interface LedgerHistoryRecord {
  lineNumber: number;
  date: string;
  payee: string;
  description: string;
  /** Money in (a deposit or sale) rather than money out. */
  deposit: boolean;
  /** The line's amount in whole cents, as a size (the review checks compare a payee's amounts). */
  amountCents: number;
  categoryExternalId: string;
  vendorExternalId: string | null;
  customerExternalId: string | null;
  classExternalId: string | null;
}

/**
 * One row of the ledger as a pull or a re-read finds it. `version` orders the ledger's edits
 * (QuickBooks' SyncToken); a ledger that keeps none sends null, and then an edit cannot be told
 * from a stale copy once the client has answered (see inbound-policy.rule.ts).
 */
export interface LedgerRecord {
  externalId: string;
  version: string | null;
  deleted: boolean;
  /** The ledger itself categorized it: none of its lines waits on a watched account. */
  categorizedInLedger: boolean;
  /** Present when the row waits on a watched account (neither deleted nor categorized in the ledger). */
  transaction: LedgerTransaction | null;
  /** The ledger's own copy, kept for the next publish (which writes on top of it). */
  raw: Record<string, unknown> | null;
  /** What a categorized row teaches, when Herd never held it. */
  history: LedgerHistoryRecord[];
}

/** An account of the ledger's chart, as a reference page brings it. */
export interface LedgerAccountRecord {
  externalId: string;
  name: string;
  accountType: string;
  accountSubtype: string | null;
  isPaymentAccount: boolean;
  active: boolean;
  /** The account it is a sub-account of (QuickBooks' ParentRef); null at the top of the chart, and always in Xero. */
  parentExternalId: string | null;
  raw: Record<string, unknown>;
}

/** An entry of one of the ledger's lists (vendors, customers, classes…). */
export interface LedgerRefRecord {
  kind: RefKind;
  externalId: string;
  /** A tracking option's category (TRACKING_CATEGORY), which comes in the same or an earlier page. */
  parentExternalId?: string | null;
  name: string;
  active: boolean;
  raw: Record<string, unknown>;
}

/** What Herd knows of the company's chart and lists, by the ledger's ids: what an adapter maps with. */
export interface LedgerReferences {
  /** `raw`: the ledger's own copy (an adapter may need its own fields of it, such as Xero's account code). */
  accounts: { externalId: string; accountType: string; watched: boolean; /** One a categorization may name. */ category: boolean; raw: unknown }[];
  refs: { kind: RefKind; externalId: string; active: boolean; raw: unknown }[];
}

/** A Herd line on its way to the ledger, every reference by the ledger's id. */
export interface PublishLine {
  amountCents: number;
  description: string;
  categoryExternalId: string;
  vendorExternalId: string | null;
  customerExternalId: string | null;
  classExternalId: string | null;
  locationExternalId: string | null;
  taxExternalId: string | null;
  trackingOneExternalId: string | null;
  trackingTwoExternalId: string | null;
  billable: Billable;
}

/** A file of the transaction the ledger does not hold yet; `uploaded` records the ledger's id at once, so a retry sends only what is missing. */
export interface LedgerFile {
  name: string;
  contentType: string;
  read(): Promise<Buffer>;
  uploaded(ledgerAttachmentId: string): Promise<void>;
}

/** One categorized transaction to write back. `key` is how the module knows it again in the settled results. */
export interface PublishItem {
  key: number;
  externalId: string;
  entityType: string;
  version: string | null;
  raw: Record<string, unknown> | null;
  lines: PublishLine[];
  files: LedgerFile[];
}

/** `raw` and `ledgerVersion`: the ledger's copy after the write, kept for the next publish or resync. */
export type PublishOutcome =
  | { kind: 'published'; ledgerVersion: string | null; raw?: Record<string, unknown> }
  /** The ledger already holds this categorization. */
  | { kind: 'matched'; ledgerVersion?: string; raw?: Record<string, unknown> }
  /** The ledger refused it; the message is the ledger's own, shown on the row until cleared. */
  | { kind: 'rejected'; code: string; message: string; ledgerVersion?: string; raw?: Record<string, unknown> };

export interface SettledItem {
  item: PublishItem;
  outcome: PublishOutcome;
}

/** Why the ledger refused a file, in its own words. */
export interface AttachRefusal {
  code: string;
  message: string;
}

/** The record of a row the ledger deleted (or voided): nothing of it is Herd's to keep. */
export const deletedRecord = (externalId: string, version: string | null): LedgerRecord => ({
  externalId,
  version,
  deleted: true,
  categorizedInLedger: false,
  transaction: null,
  raw: null,
  history: [],
});

/** The record of a live row: waiting on a watched account (its transaction), or categorized in the ledger (with what it teaches, read only then). */
export const liveRecord = (
  externalId: string,
  version: string | null,
  raw: Record<string, unknown>,
  transaction: LedgerTransaction | null,
  history: () => LedgerHistoryRecord[],
): LedgerRecord => ({ externalId, version, deleted: false, categorizedInLedger: transaction === null, transaction, raw, history: transaction ? [] : history() });

/** What a line names beside its account and amount, by the ledger's ids, as the answer gave them. */
export type LineReferences = Pick<
  PublishLine,
  'vendorExternalId' | 'customerExternalId' | 'classExternalId' | 'locationExternalId' | 'taxExternalId' | 'trackingOneExternalId' | 'trackingTwoExternalId'
>;

/**
 * One line of a correction's journal: one account, one side, a positive amount, and the answer line's
 * references. On the watched account's line they are all null: an adapter writes it with the tax the
 * transaction holds there, so a tax the answer left unchanged nets to nothing.
 */
export interface CorrectionLine extends LineReferences {
  accountExternalId: string;
  posting: 'DEBIT' | 'CREDIT';
  /** Whole cents, more than zero. */
  amountCents: number;
  description: string;
}

/**
 * The answer to a transaction dated in a period the ledger has closed, posted instead as a journal
 * entry dated in the open period: its amount leaves the account the ledger holds it in (the watched
 * account) for the answer's categories. The transaction itself is not touched. Debits equal credits.
 */
export interface CorrectionItem {
  key: number;
  /** The transaction corrected, as the ledger knows it. */
  externalId: string;
  entityType: string;
  /** YYYY-MM-DD: the first day the ledger leaves open. */
  date: string;
  currency: string;
  /** Says which transaction this corrects and why, in the journal's memo or narration. */
  memo: string;
  /**
   * The same for every attempt at this correction (a job retried after the ledger wrote it but before
   * Herd recorded it), so a ledger that keys its requests posts it once.
   */
  idempotencyKey: string;
  /** The ledger's copy of the transaction corrected, as the last pull or publish kept it (an adapter reads its own fields, such as its tax). */
  raw: Record<string, unknown> | null;
  lines: CorrectionLine[];
}

/**
 * `posted`: the journal the ledger made, by its id (null for a ledger Herd holds itself, whose system
 * posts it from the published feed); `rejected`: the ledger's reason, in its own words.
 */
export type CorrectionOutcome = { kind: 'posted'; journalExternalId: string | null } | { kind: 'rejected'; code: string; message: string };

export interface SettledCorrection {
  item: CorrectionItem;
  outcome: CorrectionOutcome;
}
