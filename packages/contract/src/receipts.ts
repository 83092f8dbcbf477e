import { z } from 'zod';
import { idField } from './ids.js';
import { TRANSACTION_STATUSES, type TransactionStatus } from './enums.js';
import { optionalText } from './fields.js';
import { messages } from './messages.js';
import { storedFile } from './people.js';
import { moneyField, transaction } from './transactions.js';

/** How a receipt reached Herd. */
/** Where a receipt came from: uploaded, emailed, texted, or a file of the client's in Karbon. */
export const RECEIPT_SOURCES = ['WEB', 'EMAIL', 'SMS', 'KARBON'] as const;
export type ReceiptSource = (typeof RECEIPT_SOURCES)[number];

/** Where the reading engine (text extraction) stands on a receipt's file. */
export const RECEIPT_READ_STATES = ['PENDING', 'READ', 'FAILED'] as const;
export type ReceiptReadState = (typeof RECEIPT_READ_STATES)[number];

/** A suggested pairing of a receipt and a transaction, and what a person made of it. */
export const RECEIPT_MATCH_STATES = ['SUGGESTED', 'ACCEPTED', 'REJECTED'] as const;
export type ReceiptMatchState = (typeof RECEIPT_MATCH_STATES)[number];

/**
 * Which statuses each receipt list shows (hidden receipts only in the Hidden list). A receipt is
 * active until it is done: marked finished, or matched to its transaction in the ledger.
 */
export const RECEIPT_LIST_STATUSES = {
  active: ['PROCESSING', 'READY', 'SYNC_ERROR'],
  completed: ['FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', 'MATCHED_TO_PLATFORM'],
} as const satisfies Record<string, readonly TransactionStatus[]>;

/** Accepted file types: photos (HEIC from iPhones too) and PDFs, recognised by their bytes. */
export const RECEIPT_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf'] as const;
/** The most files one upload takes. */
export const RECEIPT_UPLOAD_MAX_FILES = 20;

/** One read field: its value, how sure the reading engine was (0–1, null when nobody read it), and whether a person set it. */
const readField = <T extends z.ZodType>(value: T) => z.object({ value: value.nullable(), confidence: z.number().nullable(), edited: z.boolean() });

export const receipt = z.object({
  pk: z.number(),
  /** Null while the receipt waits in the firm's inbox for a company. */
  client_company: z.object({ pk: z.number(), name: z.string() }).nullable(),
  status: z.enum(TRANSACTION_STATUSES),
  is_hidden: z.boolean(),
  source: z.enum(RECEIPT_SOURCES),
  read_state: z.enum(RECEIPT_READ_STATES),
  /** Why the file could not be read, when `read_state` is FAILED ("The image is blank."); null otherwise. */
  read_error: z.string().nullable(),
  file: storedFile,
  thumbnail: storedFile.nullable(),
  vendor: readField(z.string()),
  date: readField(z.string()),
  total: readField(z.string()),
  currency: readField(z.string()),
  note: z.string(),
  uploaded_by: z.object({ pk: z.number(), name: z.string() }).nullable(),
  /** An earlier receipt of the same company this one repeats (same file, or same vendor, date and total). */
  duplicate_of: z.number().nullable(),
  /** The transaction this receipt was matched to. */
  transaction: z.number().nullable(),
  notes_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Receipt = z.infer<typeof receipt>;

export const RECEIPT_ORDERINGS = ['-created_at', 'created_at', '-date', 'date', '-total', 'total'] as const;
export const receiptListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(RECEIPT_ORDERINGS).default('-created_at'),
  source: z.enum(RECEIPT_SOURCES, { error: messages.notValid('Source') }).optional(),
  duplicates: z.enum(['true', 'false'], { error: messages.notValid('Duplicates') }).optional(),
});
export type ReceiptListQuery = z.infer<typeof receiptListQuery>;

export const receiptCounters = z.object({
  active: z.number(),
  completed: z.number(),
  hidden: z.number(),
  /** Active receipts flagged as a possible duplicate of another. */
  duplicates: z.number(),
  /** Active receipts the reading engine has not read yet. */
  unread: z.number(),
});
export type ReceiptCounters = z.infer<typeof receiptCounters>;

/** The fields a person may set on a receipt; a field not sent is left as it is, `null` clears it. */
export const receiptChange = z.object({
  pk: idField('Receipt'),
  vendor: optionalText('Vendor', 200).nullable().optional(),
  date: z.iso
    .date({ error: messages.notValid('Date') })
    .nullable()
    .optional(),
  total: moneyField('Total').nullable().optional(),
  currency: z
    .string({ error: messages.notValid('Currency') })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: messages.notValid('Currency') })
    .nullable()
    .optional(),
  note: optionalText('Note', 2000).optional(),
  /** The receipt is done: it moves to the completed list. */
  finished: z.literal(true, { error: messages.notValid('Finished') }).optional(),
  /** Accountant side: move the receipt to another client company of the firm. */
  client_company: idField('Client company').optional(),
});
export type ReceiptChange = z.infer<typeof receiptChange>;

export const receiptsUpdateBody = z.object({
  receipts: z
    .array(receiptChange, { error: messages.required('Receipts') })
    .min(1, { error: messages.required('Receipts') })
    .max(200),
});

export const receiptPksBody = z.object({
  pks: z
    .array(idField('Receipts'), { error: messages.required('Receipts') })
    .min(1, { error: messages.required('Receipts') })
    .max(1000),
});
export const receiptBackBody = receiptPksBody.extend({ message: optionalText('Message', 2000).optional() });

export const receiptChoices = z.object({
  statuses: z.array(z.enum(TRANSACTION_STATUSES)),
  sources: z.array(z.enum(RECEIPT_SOURCES)),
  /** The client companies a receipt can be moved to. */
  companies: z.array(z.object({ pk: z.number(), name: z.string() })),
});

/** What an upload made: one receipt per file, in the order sent. */
export const receiptCreateResult = z.array(receipt);

/** The transaction a receipt was matched to, as its editor shows it (lines included), or none yet. */

/** A client user's personal receipts addresses: one that files to their usual company, and one per company. */
export const receiptAddresses = z.object({
  address: z.string(),
  /** The company a message to `address` files into; null when the person has several and none is the firm's default. */
  default_company: z.object({ pk: z.number(), name: z.string() }).nullable(),
  companies: z.array(z.object({ pk: z.number(), name: z.string(), address: z.string() })),
  /** Herd's number to text photos of receipts to, from the phone on the person's profile (they file into `default_company`). */
  text_number: z.string(),
});
export type ReceiptAddresses = z.infer<typeof receiptAddresses>;

/** One part of a match's score: its points and its reason in words ("amount matches exactly ($45.00)"). */
export const receiptMatchPart = z.object({ kind: z.string(), points: z.number(), words: z.string() });

/**
 * The transaction a receipt was matched to, and why: the score and its parts in words when Herd
 * scored the pairing (null for a charge a person picked that was never scored).
 */
export const receiptTransactionDetails = z.object({
  receipt: z.number(),
  transaction: transaction.nullable(),
  match: z.object({ score: z.number(), parts: z.array(receiptMatchPart) }).nullable(),
});

/** A charge offered for a receipt, with how well it fits and why. */
export const receiptSuggestion = z.object({
  transaction: z.object({ pk: z.number(), date: z.string(), amount: z.string(), currency: z.string(), payee: z.string(), description: z.string() }),
  score: z.number(),
  parts: z.array(receiptMatchPart),
});

export const RECEIPT_MATCH_ACTIONS = ['match', 'reject'] as const;

/** Match a receipt to a charge (a suggestion or one the person picked), or say a suggested charge is not its. */
export const receiptMatchBody = z.object({
  receipt: idField('Receipt'),
  transaction: idField('Transaction'),
  action: z.enum(RECEIPT_MATCH_ACTIONS, { error: messages.notValid('Action') }).default('match'),
});

export const receiptBulkMatchBody = z.object({
  matches: z
    .array(z.object({ receipt: idField('Receipt'), transaction: idField('Transaction') }), { error: messages.required('Matches') })
    .min(1, { error: messages.required('Matches') })
    .max(200),
});

export const receiptFindMatchesBody = z.object({ receipt: idField('Receipt') });
export const receiptSuggestions = z.object({ suggestions: z.array(receiptSuggestion) });
export type ReceiptSuggestion = z.infer<typeof receiptSuggestion>;

/**
 * What each part of a match's score can reach at most: its weight. A part's points out of its
 * weight say how far that part agreed ("amount 0.45 of 0.45"); the four add up to 1.
 */
export const RECEIPT_MATCH_WEIGHTS: Record<string, number> = { AMOUNT: 0.45, DATE: 0.2, VENDOR: 0.3, CURRENCY: 0.05 };
/** Herd matches by itself only a charge scoring at least `auto`, at least `margin` ahead of the next one. */
export const RECEIPT_AUTO_MATCH = { auto: 0.85, margin: 0.15 } as const;

/**
 * Why another charge lost: it scored lower than the one Herd matched by itself (`LOWER_SCORE`),
 * a person picked another (`NOT_CHOSEN`), or a person said it is not this receipt's (`TURNED_DOWN`).
 */
export const RECEIPT_PASSED_OVER_REASONS = ['LOWER_SCORE', 'NOT_CHOSEN', 'TURNED_DOWN'] as const;

/**
 * Why a receipt is matched as it is, and what lost: the matched pairing's score and parts, whether
 * Herd or a person matched it (`recorded` false for matches made before this was kept: then only
 * the parts, if any, are known), the other charges with their scores and why they lost (those a
 * person may see), and the earlier receipt a duplicate repeats (`twin`, null when none or not visible).
 */
export const receiptReasons = z.object({
  receipt: z.number(),
  match: z
    .object({
      transaction: z.number(),
      score: z.number().nullable(),
      parts: z.array(receiptMatchPart),
      automatic: z.boolean().nullable(),
      recorded: z.boolean(),
    })
    .nullable(),
  passed_over: z.array(
    z.object({ transaction: receiptSuggestion.shape.transaction, score: z.number(), parts: z.array(receiptMatchPart), why: z.enum(RECEIPT_PASSED_OVER_REASONS) }),
  ),
  twin: z.object({ receipt, same_file: z.boolean() }).nullable(),
});
export type ReceiptReasons = z.infer<typeof receiptReasons>;
