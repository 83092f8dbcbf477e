import { z } from 'zod';
import { CONNECTION_KINDS, TRANSACTION_STATUSES } from './enums.js';
import { idParam } from './ids.js';
import { pkParams } from './endpoint.js';

/** The audit actions a transaction's history shows, in the words of the audit log (`docs/transactions.md`). */
export const HISTORY_ACTIONS = [
  'transaction.categorize',
  'transaction.update',
  'transaction.back',
  'transaction.publish',
  'transaction.publish_returned',
  'transaction.publish_failed',
  'transaction.errors_clear',
  'transaction.sync',
  'transaction.hide',
  'transaction.unhide',
  'transaction.attach',
  'transaction.detach',
  'transaction.line_delete',
  /** A receipt was matched to it (by a person, or by Herd when it was sure): the receipt's file was attached. */
  'transaction.receipt_match',
] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** What an answer or an edit changed, by the names people use for them. */
export const CHANGED_FIELDS = ['category', 'vendor', 'customer', 'class', 'location', 'tax', 'tracking', 'billable', 'description', 'split', 'memo'] as const;
export type ChangedField = (typeof CHANGED_FIELDS)[number];

/** The history answers at most this many entries, the newest ones (`truncated` says when older ones were left out). */
export const HISTORY_LIMIT = 200;

/** Where a client's answer came from when it was not the app: a reply to a text, or to an email. */
export const ANSWER_CHANNELS = ['TEXT', 'EMAIL'] as const;
export type AnswerChannel = (typeof ANSWER_CHANNELS)[number];

/** Someone who acted on a transaction: the firm's staff or the client's people. */
export const historyPerson = z.object({ pk: z.number(), name: z.string(), side: z.enum(['accountant', 'client']) });
export type HistoryPerson = z.infer<typeof historyPerson>;

export const historyEntry = z.object({
  pk: z.number(),
  action: z.enum(HISTORY_ACTIONS),
  at: z.string(),
  /** Null for what the ledger or a background job did. */
  actor: historyPerson.nullable(),
  /** The status before and after, for a status change; null where the entry does not say. */
  from: z.enum(TRANSACTION_STATUSES).nullable(),
  to: z.enum(TRANSACTION_STATUSES).nullable(),
  /** The accountant's message of a send-back, the ledger's words when it refused the transaction, or which receipt was matched; empty otherwise. */
  message: z.string(),
  /** An accountant acting in the client's view. */
  viewing_as_client: z.boolean(),
  /** What an answer or an edit changed; empty where the entry does not say (other actions, older entries). */
  changed: z.array(z.enum(CHANGED_FIELDS)),
  /** An answer given by replying to a text or an email rather than in the app; null otherwise. */
  via: z.enum(ANSWER_CHANNELS).nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

const when = z.object({ by: historyPerson.nullable(), at: z.string() });

/** What the accountant's review drawer shows beside the transaction: who answered, where it was published, and what happened to it. */
export const transactionHistory = z.object({
  status: z.enum(TRANSACTION_STATUSES),
  /** The company's ledger, which a publish writes to. */
  connection_kind: z.enum(CONNECTION_KINDS),
  /** The latest answer (marked done), by whom; null when never answered. */
  answered: when.nullable(),
  /** The latest publish or match; null when never published. */
  published: when.nullable(),
  /** Oldest first. */
  entries: z.array(historyEntry),
  /** Older entries were left out (more than HISTORY_LIMIT). */
  truncated: z.boolean(),
});
export type TransactionHistory = z.infer<typeof transactionHistory>;

export const transactionHistoryParams = pkParams.extend({ transactionPk: idParam });
