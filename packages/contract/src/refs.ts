import { z } from 'zod';
import { idField } from './ids.js';
import { requiredText } from './fields.js';
import { messages } from './messages.js';
import { CLIENT_EDITABLE_FIELDS, DIRECTIONS } from './enums.js';

export const selectOption = z.object({ pk: z.number(), name: z.string(), active: z.boolean() });
export type SelectOption = z.infer<typeof selectOption>;
export const selectQuery = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  include_inactive: z.enum(['true', 'false']).optional(),
});
export type SelectQuery = z.output<typeof selectQuery>;
/** An account list's query: `direction` (the transaction's) puts the accounts people pick for it first. */
export const accountSelectQuery = selectQuery.extend({
  direction: z.enum(DIRECTIONS, { error: messages.notValid('Direction') }).optional(),
});
export type AccountSelectQuery = z.output<typeof accountSelectQuery>;
export const accountOption = selectOption.extend({
  account_type: z.string(),
  is_payment_account: z.boolean(),
  is_watched: z.boolean(),
});

export const refCreateBody = z.object({
  name: requiredText('Name', 200),
  /** The transaction being categorized; refused while it has sync errors. */
  transaction: idField('Transaction').optional(),
});
export const categoryCreateBody = refCreateBody.extend({
  account_type: requiredText('Account type', 100),
  account_subtype: z.string().trim().max(100).optional(),
});
export const herdAccountsBody = z.object({
  watched: z.array(idField('Accounts'), { error: messages.required('Accounts') }).max(500),
});
export const accountTypesResponse = z.array(z.object({ type: z.string(), subtypes: z.array(z.string()) }));

/**
 * One account subtype of a ledger (`account-subtypes.ts` says what each ledger keeps as one): its
 * value as the ledger spells it, the account type it belongs under (null where Herd does not know
 * it), and whether a new category may be made with it.
 */
export const accountSubtypeOption = z.object({ subtype: z.string(), account_type: z.string().nullable(), assignable: z.boolean() });
export type AccountSubtypeOption = z.infer<typeof accountSubtypeOption>;
/** `account_type` keeps the subtypes of one of the ledger's account types. */
export const accountSubtypesQuery = z.object({ account_type: z.string().trim().min(1).max(100).optional() });

/**
 * A field of a categorization that the company's ledger has, named as the ledger names it: a
 * tracking category by its own name ("Region"), with the category whose options it takes. A
 * ledger without classes or locations (Xero) has no such fields.
 */
export const ledgerField = z.object({
  field: z.enum(CLIENT_EDITABLE_FIELDS),
  label: z.string(),
  tracking_category: z.number().nullable(),
});
export type LedgerField = z.infer<typeof ledgerField>;

export const noteBody = z.object({ body: requiredText('Message', 5000) });
export const bulkNoteBody = noteBody.extend({
  client_company: idField('Client company'),
  pks: z
    .array(idField('Transactions'), { error: messages.required('Transactions') })
    .min(1, { error: messages.required('Transactions') })
    .max(500),
});
/** One note to many receipts of a company (the accountant's): the same as to many transactions. */
export const receiptsNoteBody = noteBody.extend({
  client_company: idField('Client company'),
  pks: z
    .array(idField('Receipts'), { error: messages.required('Receipts') })
    .min(1, { error: messages.required('Receipts') })
    .max(500),
});
/** How many people one note may mention. */
export const NOTE_MENTIONS_MAX = 20;

/**
 * A note written in one thread. `mentions` names the firm's people the author
 * means by their "@Full Name" in the text, by pk, so two people of one name
 * are never confused; the server checks they are members of the firm.
 */
export const threadNoteBody = noteBody.extend({
  mentions: z
    .array(idField('Mentions'), { error: messages.notValid('Mentions') })
    .max(NOTE_MENTIONS_MAX, { error: `A note can mention at most ${NOTE_MENTIONS_MAX} people.` })
    .optional(),
});
export type ThreadNoteBody = z.infer<typeof threadNoteBody>;

/** A person of the firm someone is mentioned as: their pk and the name the text shows after "@". */
export const mentionedPerson = z.object({ pk: z.number(), name: z.string() });
export type MentionedPerson = z.infer<typeof mentionedPerson>;

export const note = z.object({
  pk: z.number(),
  body: z.string(),
  sender: z.enum(['ACCOUNTANT', 'CLIENT']),
  author: z.object({ pk: z.number(), name: z.string() }).nullable(),
  created_at: z.string(),
  edited: z.boolean(),
  is_mine: z.boolean(),
  /** The firm's people mentioned in it; always empty for a client, who sees the text as written. */
  mentions: z.array(mentionedPerson),
  /** Pinned to the top of the client's page (a client company's thread only). */
  pinned: z.boolean(),
});
export type Note = z.infer<typeof note>;
