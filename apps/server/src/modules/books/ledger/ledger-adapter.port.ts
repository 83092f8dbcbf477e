import type { ConnectionKind } from '@herd/contract';
import type { RequestWindow } from '../../../lib/shared-rate-window.js';
import type { CredentialStore, LedgerGrant, SealedCredentials } from './credential-store.port.js';
import type { LedgerErrorKind } from './ledger-errors.port.js';
import type {
  AttachRefusal,
  CorrectionItem,
  LedgerAccountRecord,
  LedgerFile,
  LedgerRecord,
  LedgerReferences,
  LedgerRefRecord,
  PublishItem,
  SettledCorrection,
  SettledItem,
} from './ledger-records.port.js';

/** The company an adapter works for: Herd's pk (the key of its credentials), and how far back its history goes. */
export interface LedgerCompany {
  pk: number;
  /** YYYY-MM-DD: transactions before it are not Herd's to ask about; null for the default window. */
  syncDate: string | null;
}

export type PullMode = 'INCREMENTAL' | 'MISSING' | 'FULL';

/** Where an interrupted pull resumes: the lists done, and the list and page it had reached. Kept by the module between runs. */
export interface PullProgress {
  /** When this pull started at the ledger's clock; becomes `pulledUpTo` once it finishes. */
  startedAt: string;
  mode: PullMode;
  done: string[];
  current: { entity: string; position: number } | null;
}

/** What a pull starts from: what was asked (`mode`), how far the last finished pull got, and any progress of an interrupted one. */
export interface PullCursor {
  mode: PullMode;
  pulledUpTo: Date | null;
  progress: PullProgress | null;
}

/**
 * One page of a pull, in the order it must be applied: reference pages before the transactions
 * that point at them. `progress`, when given, is saved once the page is applied, so a pull cut
 * short resumes after it.
 */
export type PullPage =
  /** The ledger's lock, read at the start of every pull: the last day of its closed period, or null for none. */
  | { kind: 'lock'; closedThrough: string | null; progress?: undefined }
  | { kind: 'references'; accounts: LedgerAccountRecord[]; refs: LedgerRefRecord[]; progress?: PullProgress }
  | { kind: 'transactions'; records: LedgerRecord[]; progress?: PullProgress };

/** The module's current view of the company's chart and lists; read again after reference pages were applied. */
export type ReferencesSource = () => Promise<LedgerReferences>;

/** A transaction the ledger holds, as Herd knows it: enough to read it again or attach to it. */
export interface LedgerTarget {
  externalId: string;
  entityType: string;
}

/**
 * The fields of a line a ledger may have beyond its category, contact and tax: QuickBooks' classes,
 * locations (QuickBooks Online's departments) and billable status, Xero's tracking categories.
 */
export type LedgerLineField = 'class' | 'location' | 'billable' | 'tracking';

/**
 * What Herd needs from a ledger. Each ledger (CSV, generic, QuickBooks Online, Xero, QuickBooks
 * Desktop) implements it once, as a translator: it talks to its ledger and answers in the records
 * of ledger-records.port.ts. It takes no database: the modules own the loops and every write (the pull
 * in `transactions/ledger-pull.job.ts`, the publish in `transactions/publish.service.ts`, list entries in
 * `refs`), and credentials come from the CredentialStore the app hands it. It throws what goes
 * wrong (ledger-errors.port.ts); the module that called it records and notifies. Only what cannot be
 * generic (a ledger's OAuth callback, its webhooks, its sandbox pages) lives under
 * `integrations/<ledger>/http/`, and hands the rest to the modules.
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
  /**
   * The ledger calls Herd rather than being called: QuickBooks Desktop is reached only while its
   * Web Connector runs (connector-channel.port.ts). Its work is not queued as jobs but waits for the
   * connector's next run: a pull asked for, rows to publish (PROCESSING), transactions to read again.
   */
  readonly waitsForConnector?: true;
  /**
   * The line fields this ledger has (what a client and an accountant are offered,
   * `refs/ledger-fields.rule.ts`); every one when left out, as the lists Herd holds itself keep them all.
   */
  readonly lineFields?: readonly LedgerLineField[];
  /** Reads what the cursor asks for, page by page (remote ledgers; the others yield nothing). */
  pull(company: LedgerCompany, cursor: PullCursor, references: ReferencesSource, now: Date): AsyncIterable<PullPage>;
  /** Reads these transactions again (deleted ones come back deleted). */
  reread(company: LedgerCompany, targets: LedgerTarget[], references: LedgerReferences): AsyncIterable<LedgerRecord[]>;
  /**
   * Writes categorizations back (in as few requests as the ledger allows), with the files of each,
   * yielding what each answer of the ledger settled so the module records it before the next.
   */
  publish(company: LedgerCompany, items: PublishItem[], references: LedgerReferences): AsyncIterable<SettledItem[]>;
  /**
   * Posts answers to transactions in a closed period as journal entries dated in the open period
   * (the ledger would refuse a change to the transactions themselves), yielding what each answer of
   * the ledger settled. Left out by ledgers with no closed period, and by those Herd holds itself,
   * whose published feed tells the other system to post the journal.
   */
  postCorrections?(company: LedgerCompany, items: CorrectionItem[], references: LedgerReferences): AsyncIterable<SettledCorrection[]>;
  /**
   * Uploads files to a transaction the ledger already holds: null when all went, else the ledger's
   * reason for the first it refused. Left out by ledgers that take no attachments.
   */
  attachFiles?(company: LedgerCompany, target: LedgerTarget, files: LedgerFile[]): Promise<AttachRefusal | null>;
  /** The files the ledger already holds on a transaction (so a client does not send them again). Left out by ledgers that hold none. */
  listFiles?(company: LedgerCompany, target: LedgerTarget): Promise<LedgerHeldFile[]>;
  /** Makes a list entry in the ledger first, so Herd holds the ledger's id for it. */
  createListEntry(company: LedgerCompany, entry: NewListEntry): Promise<ListEntryOutcome>;
  /**
   * Starts granting Herd access: where to send the browser. The ledger comes
   * back to its own callback with `state`; `signup` also asks who the person is.
   */
  connect(input: { state: string; signup: boolean }): string;
  /** The same for a company whose grant the ledger refused: the person grants it again. */
  reauthorize(company: LedgerCompany, state: string): string;
  /** Revokes the company's grant at the ledger; the module forgets the credentials whatever the answer. */
  revoke(company: LedgerCompany): Promise<DisconnectOutcome>;
  /**
   * Gives back companies a consent granted that the accountant chose not to connect, so Herd holds
   * no access it does not use (ledgers whose one consent grants several companies). Best effort.
   */
  releaseCompanies?(credentials: SealedCredentials, externalCompanyIds: string[]): Promise<void>;
  /** Who the granted company is at the ledger (its name names a company Herd creates on connecting). */
  companyInfo(grant: LedgerGrant): Promise<LedgerCompanyInfo>;
  /** What an error thrown by this ledger's calls means for Herd. */
  classifyError(err: unknown): LedgerErrorKind;
}

/** What the app hands every adapter: the credential store and rate windows every process shares. */
export interface AdapterServices {
  credentials: CredentialStore;
  rateWindow(service: string, limit: number, windowMs: number): RequestWindow;
}

/** A file the ledger holds on a transaction, as it describes it. */
export interface LedgerHeldFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
}

export interface LedgerCompanyInfo {
  name: string;
}

/** `revoke-failed`: the disconnect stands (the credentials are forgotten anyway); the error is for the log. */
export type DisconnectOutcome = { kind: 'revoked' } | { kind: 'nothing-to-revoke' } | { kind: 'revoke-failed'; error: unknown };

/** A vendor, customer or category made from the categorization form. */
export type NewListEntry = { kind: 'VENDOR' | 'CUSTOMER'; name: string } | { kind: 'CATEGORY'; name: string; accountType: string; accountSubtype: string | null };

/** `held`: the list lives in Herd; `created`: the ledger made it and this is its id; `refused`: the ledger's reason. */
export type ListEntryOutcome = { kind: 'held' } | { kind: 'created'; externalId: string; raw: Record<string, unknown> } | { kind: 'refused'; message: string };

export interface LedgerRegistry {
  adapterFor(kind: ConnectionKind): LedgerAdapter;
}
