import { z } from 'zod';
import { REF_KINDS, TRANSACTION_STATUSES, TRANSACTION_SUBTYPES, TRANSACTION_TYPES } from './enums.js';
import { requiredText } from './fields.js';
import { messages } from './messages.js';
import { moneyField } from './transactions.js';

/** The generic ledger API: another system pushes its data with a company's API token. */
const externalId = (label = 'External id') => requiredText(label, 200);

export const genericAccount = z.object({
  external_id: externalId(),
  name: requiredText('Name', 200),
  type: z.string().trim().max(100).default(''),
  is_payment_account: z.boolean().default(false),
  is_watched: z.boolean().optional(),
  active: z.boolean().default(true),
  /** The account this one is a sub-account of, by its external id (the review checks flag lines coded to a parent). */
  parent_external_id: z.string().trim().max(200).nullable().optional(),
});
export const genericRef = z.object({
  kind: z.enum(REF_KINDS, { error: (i) => (i.input === undefined ? messages.required('Kind') : messages.notValid('Kind')) }),
  external_id: externalId(),
  name: requiredText('Name', 200),
  parent_external_id: z.string().trim().max(200).optional(),
  active: z.boolean().default(true),
});
export const genericReferenceListsBody = z.object({
  accounts: z.array(genericAccount).max(5000).default([]),
  refs: z.array(genericRef).max(20000).default([]),
  /**
   * The last day of the system's closed period, when it has one (null: none); left out, the one declared before stays.
   * Questions dated on or before it are marked (docs/transactions.md, "Closed periods").
   */
  closed_through: z.iso
    .date({ error: messages.notValid('Closed through') })
    .nullable()
    .optional(),
});

export const genericTransaction = z.object({
  external_id: externalId(),
  type: z.enum(TRANSACTION_TYPES, { error: (i) => (i.input === undefined ? messages.required('Type') : messages.notValid('Type')) }),
  subtype: z.enum(TRANSACTION_SUBTYPES, { error: messages.notValid('Subtype') }),
  date: z.iso.date({ error: messages.notValid('Date') }),
  amount: moneyField('Amount').refine((v) => !v.startsWith('-') && Number(v) !== 0, { error: 'Amount must be positive.' }),
  currency: z
    .string()
    .trim()
    .length(3, { error: messages.notValid('Currency') })
    .default('USD'),
  description: z.string().trim().max(1000).default(''),
  payee: z.string().trim().max(200).default(''),
  payment_account: z.string().trim().max(200).optional(),
  watched_account: z.string().trim().max(200).optional(),
  /** The ledger has deleted it: Herd marks it CANCELLED. */
  deleted: z.boolean().default(false),
});
export const genericTransactionsBody = z.object({ transactions: z.array(genericTransaction).min(1).max(2000) });
export const genericUpsertResult = z.object({ created: z.number(), updated: z.number(), unchanged: z.number() });

export const genericPublishedQuery = z.object({
  /** Cursor: only what was published after this moment (ISO timestamp). */
  since: z.iso.datetime({ error: messages.notValid('Since'), offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
const extRef = z.object({ external_id: z.string(), name: z.string() }).nullable();
export const genericPublished = z.object({
  results: z.array(
    z.object({
      external_id: z.string(),
      status: z.enum(TRANSACTION_STATUSES),
      published_at: z.string(),
      client_memo: z.string(),
      /**
       * Set when the transaction is dated in the period the system declared closed: the system posts the
       * lines as a journal entry on `date` (the first open day), moving the amount from `from_account`
       * (where it holds the transaction) to each line's category, and leaves the transaction as it is.
       */
      correction: z.object({ date: z.string(), from_account: extRef }).nullable(),
      lines: z.array(
        z.object({
          amount: z.string(),
          description: z.string(),
          category: extRef,
          vendor: extRef,
          customer: extRef,
          class: extRef,
          location: extRef,
          tax: extRef,
          tracking_option_one: extRef,
          tracking_option_two: extRef,
          billable: z.string().nullable(),
        }),
      ),
    }),
  ),
  next_since: z.string().nullable(),
});

export const TOKEN_EXPIRY_IN_PAST = 'Expiry must be in the future.';
export const tokenCreateBody = z.object({
  name: requiredText('Name', 100),
  /** When the token stops working; left out or null, it does not expire. */
  expires_at: z.iso
    .datetime({ error: messages.notValid('Expiry'), offset: true })
    .nullable()
    .optional(),
});
export const integrationToken = z.object({
  pk: z.number(),
  name: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  /** Updated at most once a minute. */
  last_used_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** Only in the answer that creates it: it is never shown again. */
  token: z.string().optional(),
});
export const genericSyncStatus = z.object({
  last_received_at: z.string().nullable(),
  transactions: z.number(),
  published: z.number(),
});
