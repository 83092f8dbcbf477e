import { z } from 'zod';
import { idField, idParam, idQuery, isId } from './ids.js';
import { BILLABLE_FLAGS, DIRECTIONS, FILTER_MARKERS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from './enums.js';
import { optionalText } from './fields.js';
import { messages } from './messages.js';
import { MAX_PAGE_SIZE } from './constants.js';
import { CLIENT_EDITABLE_FIELD_LABELS } from './labels.js';
import { transactionSuggestion } from './suggestions.js';
import { readTypedAmount } from './typed-amount.js';

/** Money on the wire: a decimal string with at most two decimals ("123.40"), never a float. */
export const MONEY_PATTERN = /^-?\d{1,12}(\.\d{1,2})?$/;
export const moneyField = (label: string) =>
  z
    .string({ error: (i) => (i.input === undefined ? messages.required(label) : messages.notValid(label)) })
    .trim()
    .regex(MONEY_PATTERN, { error: messages.notValid(label) });

/**
 * A money bound in a query, as people write money ("$1,000", "1,234.56", "(12.50)": `readTypedAmount`),
 * read into the wire form ("1000.00"); what is not an amount is refused, saying why.
 */
export const typedMoneyQuery = (label: string) =>
  z.string({ error: messages.notValid(label) }).transform((text, ctx) => {
    const reading = readTypedAmount(text);
    if (reading.ok) return reading.amount;
    ctx.addIssue({ code: 'custom', message: `${messages.notValid(label)} ${reading.message}` });
    return z.NEVER;
  });

export const ref = z.object({ pk: z.number(), name: z.string() }).nullable();

export const transactionLine = z.object({
  pk: z.number(),
  amount: z.string(),
  description: z.string(),
  category: ref,
  vendor: ref,
  customer: ref,
  class: ref,
  location: ref,
  tax: ref,
  tracking_option_one: ref,
  tracking_option_two: ref,
  billable: z.enum(BILLABLE_FLAGS).nullable(),
});
export type TransactionLine = z.infer<typeof transactionLine>;

export const transaction = z.object({
  pk: z.number(),
  client_company: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  subtype: z.string(),
  date: z.string(),
  amount: z.string(),
  currency: z.string(),
  description: z.string(),
  payee: z.string(),
  /** The merchant Herd reads in the payee or description, as people read it ("Adobe Creative"); '' when the text names nobody. */
  merchant: z.string(),
  payment_account: ref,
  watched_account: ref,
  status: z.enum(TRANSACTION_STATUSES),
  is_hidden: z.boolean(),
  /**
   * Hidden because the firm's rules keep it from the client: under the amount asked about, a payee the firm answers
   * itself, or in the ledger's closed period (KEPT_REASONS in ask-rules.ts, which reads this file's money rules).
   */
  kept_by: z.enum(['AMOUNT', 'PAYEE', 'CLOSED_PERIOD']).nullable(),
  direction: z.enum(DIRECTIONS),
  lines: z.array(transactionLine),
  attachments: z.array(
    z.object({
      pk: z.number(),
      file: z.number(),
      name: z.string(),
      content_type: z.string(),
      url: z.string(),
      /** Whether the user who asked may remove it: the delete's own rule, computed by the server for them. */
      removable: z.boolean(),
    }),
  ),
  sync_errors: z.array(z.object({ pk: z.number(), message: z.string(), created_at: z.string() })),
  client_memo: z.string(),
  back_message: z.string(),
  /**
   * Dated on or before the ledger's closing date: the ledger refuses a change to it, so Publish posts the
   * answer as a correction dated the first open day (docs/transactions.md, "Closed periods").
   */
  in_closed_period: z.boolean(),
  /** The correction Publish posted for it: its day, and the journal's id at the ledger (null for a ledger Herd holds itself). */
  correction: z.object({ date: z.string(), ledger_id: z.string().nullable() }).nullable(),
  notes_count: z.number(),
  updated_at: z.string(),
  /** Grows with every write of what a person sees of it (fields, status, lines): sent back with an edit, it makes a save made in between a 409 instead of a silent overwrite. */
  version: z.number(),
  /** What Herd proposes, learned from past answers: only on a transaction waiting for its answer (READY), else null. */
  suggestion: transactionSuggestion.nullable(),
  /** Its latest answer took the suggestion as proposed ("Suggested" on the accountant's side). */
  answered_from_suggestion: z.boolean(),
  /** Answered by the suggestion job from an accountant's rule set to answer by itself ("Auto"); waits for an accountant to publish. */
  auto_answered: z.boolean(),
  /**
   * On the accountant's side, why Publish would keep this categorized transaction back as it stands
   * ("Line 2 needs a category."), so the list can say so before anyone presses Publish; null when
   * nothing stands in the way, for other statuses (their status says it) and on the client's side.
   */
  publish_blocker: z.string().nullable(),
});
export type Transaction = z.infer<typeof transaction>;

const refPk = (label: string) => idField(label).nullable().optional();

export const lineInput = z.object({
  pk: idField('Line').optional(),
  amount: moneyField('Amount'),
  description: optionalText('Description', 1000).optional(),
  category: refPk('Category'),
  vendor: refPk('Vendor'),
  customer: refPk('Customer'),
  class: refPk('Class'),
  location: refPk('Location'),
  tax: refPk('Tax'),
  tracking_option_one: refPk(CLIENT_EDITABLE_FIELD_LABELS.tracking_option_one),
  tracking_option_two: refPk(CLIENT_EDITABLE_FIELD_LABELS.tracking_option_two),
  billable: z
    .enum(BILLABLE_FLAGS, { error: messages.notValid('Billable') })
    .nullable()
    .optional(),
});
export type LineInput = z.infer<typeof lineInput>;

export const transactionChange = z.object({
  pk: idField('Transaction'),
  lines: z.array(lineInput).min(1, { error: 'A transaction needs at least one line.' }).max(100).optional(),
  client_memo: optionalText('Memo', 2000).optional(),
  finished: z.literal(true, { error: messages.notValid('Finished') }).optional(),
  /**
   * The person took Herd's suggestion. Recorded only when every line's category is the one
   * suggested (an answer changed after accepting is the person's own); any answer that writes
   * lines without it clears the mark.
   */
  accepted_suggestion: z.boolean({ error: messages.notValid('Accepted suggestion') }).optional(),
  /**
   * The version the editor read. When the transaction has moved on since, the whole edit is refused
   * with 409 (`staleVersionAnswer`); without it the edit is written whatever happened in between.
   */
  version: z
    .number({ error: messages.notValid('Version') })
    .int({ error: messages.notValid('Version') })
    .min(1, { error: messages.notValid('Version') })
    .optional(),
});
export type TransactionChange = z.infer<typeof transactionChange>;

/**
 * A refused edit (409). `current` comes with a refusal for a stale version (the edit named a version someone
 * else's save has moved past): each such transaction as it is now, to show what changed.
 */
export const staleVersionAnswer = z.object({ detail: z.string(), current: z.array(transaction).optional() });
export type StaleVersionAnswer = z.infer<typeof staleVersionAnswer>;

export const transactionsUpdateBody = z.object({
  transactions: z
    .array(transactionChange, { error: messages.required('Transactions') })
    .min(1, { error: messages.required('Transactions') })
    .max(500),
});

export const TRANSACTION_ORDERINGS = ['date', '-date', 'amount', '-amount'] as const;
/** A comma-separated query parameter of enum values; any unknown value makes the whole parameter not valid. */
const csv = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .string()
    .transform((s, ctx) => {
      const items = s.split(',').filter(Boolean);
      if (items.some((v) => !values.includes(v))) ctx.addIssue({ code: 'custom', message: messages.notValid(label) });
      return items as T[number][];
    })
    .optional();

/** The most rows a page of a transaction list holds. */
export const TRANSACTION_PAGE_SIZE_MAX = 100;

export const transactionListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(TRANSACTION_PAGE_SIZE_MAX).default(10),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(TRANSACTION_ORDERINGS).default('-date'),
  date_from: z.iso.date({ error: messages.notValid('Date from') }).optional(),
  date_to: z.iso.date({ error: messages.notValid('Date to') }).optional(),
  amount_min: typedMoneyQuery('Minimum amount').optional(),
  amount_max: typedMoneyQuery('Maximum amount').optional(),
  type: csv(TRANSACTION_TYPES, 'Type'),
  subtype: z.string().trim().max(64).optional(),
  direction: z.enum(DIRECTIONS, { error: messages.notValid('Direction') }).optional(),
  payment_account: idQuery('Payment account').optional(),
  status: csv(TRANSACTION_STATUSES, 'Status'),
  markers: csv(FILTER_MARKERS, 'Markers'),
  /** The hidden list only: `true` the transactions the firm's rules keep from the client, `false` those hidden by hand. */
  kept: z.enum(['true', 'false'], { error: messages.notValid('Kept') }).optional(),
});
export type TransactionListQuery = z.infer<typeof transactionListQuery>;

export const pksBody = z.object({
  pks: z
    .array(idField('Transactions'), { error: messages.required('Transactions') })
    .min(1, { error: messages.required('Transactions') })
    .max(1000),
});
export const backBody = pksBody.extend({ message: optionalText('Message', 2000).optional() });

export const csvImportResult = z.object({
  imported: z.number(),
  duplicates: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});
export type CsvImportResult = z.infer<typeof csvImportResult>;

export const transactionCounters = z.object({
  active: z.number(),
  categorized: z.number(),
  hidden: z.number(),
  sync_errors: z.number(),
  completed: z.number(),
  /** Being written to (or read from) the ledger by a background job right now. */
  processing: z.number(),
});

export type TransactionCounters = z.infer<typeof transactionCounters>;

/** The client's company counters: their transactions' lists, the open receipts they see (active, not hidden), and the requests waiting on them. */
export const clientTransactionCounters = transactionCounters.extend({
  open_receipts: z.number(),
  open_requests: z.number(),
});
export type ClientTransactionCounters = z.infer<typeof clientTransactionCounters>;

/** What a publish did: written at once (Herd-held ledgers), or queued for a background job (remote ledgers). */
export const publishResult = z.object({
  published: z.number(),
  matched: z.number(),
  rejected: z.number(),
  /** Handed to a background job that writes them to the ledger; they show as PROCESSING until it has. */
  queued: z.number(),
  /** The transactions that went to the ledger (the counts above say how each ended), in the order asked. */
  sent: z.array(z.number()),
  /**
   * Those Herd kept back before any ledger work, each with why (a line without a category, sync errors
   * not cleared, not categorized); they are left as they were. `title` names it where only words are shown.
   */
  refused: z.array(z.object({ pk: z.number(), title: z.string(), reason: z.string() })),
});
export type PublishResult = z.infer<typeof publishResult>;

/** Refused when creating reference objects on a transaction that has sync errors: they would be made against a state the ledger refused. */
export const SYNC_ERRORS_BLOCK_MESSAGE =
  'This action cannot be taken because the transaction has sync errors that must be addressed first. If you are trying to create an object (e.g. category, customer, etc.) for this client, you can do this on a transaction that does not have errors.';

export const transactionChoices = z.object({
  statuses: z.array(z.enum(TRANSACTION_STATUSES)),
  types: z.array(z.enum(TRANSACTION_TYPES)),
  subtypes: z.array(z.string()),
  directions: z.array(z.enum(DIRECTIONS)),
  markers: z.array(z.enum(FILTER_MARKERS)),
  payment_accounts: z.array(z.object({ pk: z.number(), name: z.string() })),
});
export type TransactionChoices = z.infer<typeof transactionChoices>;

export const splitBody = z.object({
  pk: idField('Transaction'),
  lines: z.array(lineInput).min(2, { error: 'A split needs at least two lines.' }).max(100),
  version: transactionChange.shape.version,
});

export const attachBody = z.object({
  file: idField('File'),
});
export const transactionPkParams = z.object({ transactionPk: idParam });

export const companyTransactionCounts = z.array(
  z.object({
    client_company: z.number(),
    waiting_for_client: z.number(),
    to_review: z.number(),
    sync_errors: z.number(),
    /** The company's active receipts (not hidden, not done). */
    open_receipts: z.number(),
    /** The company's open requests (communications not hidden, not finished or cancelled). */
    open_requests: z.number(),
  }),
);
export type CompanyTransactionCount = z.infer<typeof companyTransactionCounts>[number];

/**
 * `?client_companies=1,2,3`: the open work of only these companies (at most a page of a list, 100), as the clients
 * list asks for the page it shows; without it, of every company the person sees (the dashboard adds them up).
 * A firm's answer grows with its companies, so a list must not wait on the whole of it.
 */
export const companyTransactionCountsQuery = z.object({
  client_companies: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: messages.notValid('Client companies') })
    .transform((s) => s.split(',').map(Number))
    .refine((a) => a.length <= MAX_PAGE_SIZE && a.every(isId), { error: messages.notValid('Client companies') })
    .optional(),
});

/** What a resync or pull request did: queued for the background, or why there was nothing to do. */
export const syncRequestResult = z.object({ queued: z.boolean(), detail: z.string() });
export type SyncRequestResult = z.infer<typeof syncRequestResult>;

/** An open transaction of the same payee, listed briefly where the client is offered to answer it the same way. */
export const samePayeeItem = z.object({ pk: z.number(), date: z.string(), amount: z.string(), description: z.string() });

/**
 * After a client answered a transaction: the other open transactions of the same company, payee
 * (merchant) and direction that the client may see and answer, newest first.
 */
export const samePayee = z.object({
  /** The payee as people read it ("Adobe Creative"); '' when the bank's text names nobody (then no transactions). */
  merchant: z.string(),
  transactions: z.array(samePayeeItem),
});
export type SamePayee = z.infer<typeof samePayee>;

export const samePayeeApplyBody = pksBody;
