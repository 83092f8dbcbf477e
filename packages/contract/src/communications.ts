import { z } from 'zod';
import { MESSAGE_KINDS, SENDER_KINDS, type TransactionStatus } from './enums.js';
import { optionalText, requiredText } from './fields.js';
import { idField } from './ids.js';
import { messages } from './messages.js';
import { storedFile } from './people.js';
import { communicationW9, W9_TAX_CLASSIFICATIONS, W9_TIN_KINDS, w9FormAnswer } from './communication-w9.js';

/**
 * Requests ("communications") between a firm and a client company. This file holds what both the
 * one-off communications and the recurring schedules share: the kinds, the statuses and the moves
 * between them, and the content an accountant writes (which a schedule repeats).
 */

/** REPORT shares files to review; REQUEST asks for answers item by item; NOTICE informs; W9 asks for a vendor's W-9. */
export const COMMUNICATION_KINDS = MESSAGE_KINDS;
export type CommunicationKind = (typeof COMMUNICATION_KINDS)[number];

/** The statuses a communication can have: the transactions' progress statuses that apply to a conversation. */
export const COMMUNICATION_STATUSES = ['PROCESSING', 'READY', 'SYNC_ERROR', 'CANCELLED', 'FINISHED_IN_HERD'] as const satisfies readonly TransactionStatus[];
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];

/**
 * Who moves a communication, and why:
 * - `answer`: the client's side answers every required item, acknowledges, or submits the W-9;
 * - `accept`: the accountant accepts the answers (or a client-started message is dealt with);
 * - `back`: the accountant sends it back to the client with a message;
 * - `reopen`: the accountant reopens a finished or cancelled one;
 * - `cancel`: the accountant withdraws it (a deleted communication that had answers is kept, cancelled);
 * - `sync_error`: a sync to another system refused it; `clear_error`: the error is cleared.
 */
export const COMMUNICATION_ACTIONS = ['answer', 'accept', 'back', 'reopen', 'cancel', 'sync_error', 'clear_error'] as const;
export type CommunicationAction = (typeof COMMUNICATION_ACTIONS)[number];

/**
 * The only moves allowed, from → action → to. PROCESSING waits on the client; READY waits on the
 * accountant. A NOTICE, or a REPORT acknowledged without a question, finishes on `answer` (see
 * `answerFinishes`). Clearing a sync error returns to where the communication stood, so that entry
 * names READY as the usual case and the server restores the status it kept.
 */
export const COMMUNICATION_TRANSITIONS: Record<CommunicationStatus, Partial<Record<CommunicationAction, CommunicationStatus>>> = {
  PROCESSING: { answer: 'READY', cancel: 'CANCELLED', sync_error: 'SYNC_ERROR', accept: 'FINISHED_IN_HERD' },
  READY: { accept: 'FINISHED_IN_HERD', back: 'PROCESSING', cancel: 'CANCELLED', sync_error: 'SYNC_ERROR' },
  SYNC_ERROR: { clear_error: 'READY', cancel: 'CANCELLED' },
  CANCELLED: { reopen: 'PROCESSING' },
  FINISHED_IN_HERD: { reopen: 'PROCESSING', sync_error: 'SYNC_ERROR' },
};

/** Where a move leads, or null when the table does not allow it. */
export const nextCommunicationStatus = (from: CommunicationStatus, action: CommunicationAction): CommunicationStatus | null =>
  COMMUNICATION_TRANSITIONS[from][action] ?? null;

/** Kinds that are done as soon as the client answers (nothing is left for the accountant to accept). */
export const answerFinishes = (kind: CommunicationKind, hasQuestion: boolean): boolean => kind === 'NOTICE' || (kind === 'REPORT' && !hasQuestion);

/** Which statuses each list shows (hidden ones only in the accountant's Hidden list). */
export const COMMUNICATION_LIST_STATUSES = {
  active: ['PROCESSING', 'READY', 'SYNC_ERROR'],
  completed: ['FINISHED_IN_HERD', 'CANCELLED'],
} as const satisfies Record<string, readonly CommunicationStatus[]>;

/** What a checklist item asks for. */
export const COMMUNICATION_ITEM_ANSWER_KINDS = ['TEXT', 'FILES'] as const;
export type CommunicationItemAnswerKind = (typeof COMMUNICATION_ITEM_ANSWER_KINDS)[number];

export const COMMUNICATION_MAX_ITEMS = 50;
export const COMMUNICATION_MAX_ATTACHMENTS = 20;
export const COMMUNICATION_SUBJECT_MAX = 200;
export const COMMUNICATION_TEXT_MAX = 10_000;

/** One checklist item of a REQUEST, as the accountant writes it. */
export const communicationItemDraft = z.object({
  label: requiredText('Item', 500),
  answer_kind: z.enum(COMMUNICATION_ITEM_ANSWER_KINDS, { error: messages.notValid('Answer kind') }),
  required: z.boolean({ error: messages.notValid('Required') }).default(true),
});
export type CommunicationItemDraft = z.infer<typeof communicationItemDraft>;

/**
 * What an accountant writes, once or for a schedule to repeat: the kind, subject and text, the
 * checklist (REQUEST only, at least one item), the files shared (uploaded first with
 * `storage/file/create/`), and for a W9 the vendor whose form is asked for.
 */
export const communicationContentFields = {
  kind: z.enum(COMMUNICATION_KINDS, { error: messages.notValid('Kind') }),
  subject: requiredText('Subject', COMMUNICATION_SUBJECT_MAX),
  text: optionalText('Text', COMMUNICATION_TEXT_MAX).default(''),
  items: z
    .array(communicationItemDraft, { error: messages.notValid('Items') })
    .max(COMMUNICATION_MAX_ITEMS, { error: messages.tooMany('Items', COMMUNICATION_MAX_ITEMS) })
    .default([]),
  attachments: z
    .array(idField('Attachment'), { error: messages.notValid('Attachments') })
    .max(COMMUNICATION_MAX_ATTACHMENTS, { error: messages.tooMany('Attachments', COMMUNICATION_MAX_ATTACHMENTS) })
    .default([]),
  w9_vendor: optionalText('Vendor', 255).default(''),
};

type ChecklistShape = { kind: CommunicationKind; items: unknown[] };
type ContentShape = ChecklistShape & { w9_vendor: string };

/** The checklist's rule: a REQUEST needs items and only a REQUEST has them. Request templates, which name no vendor, apply it alone. */
export const checkCommunicationChecklist = (value: ChecklistShape, ctx: z.RefinementCtx) => {
  if (value.kind === 'REQUEST' && value.items.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: messages.tooFew('Items', 1) });
  if (value.kind !== 'REQUEST' && value.items.length > 0) ctx.addIssue({ code: 'custom', path: ['items'], message: 'Only a request has a checklist.' });
};

/** The rules between fields of the content: the checklist's, and a W9 names its vendor. */
export const checkCommunicationContent = (value: ContentShape, ctx: z.RefinementCtx) => {
  checkCommunicationChecklist(value, ctx);
  if (value.kind === 'W9' && !value.w9_vendor) ctx.addIssue({ code: 'custom', path: ['w9_vendor'], message: messages.required('Vendor') });
};

export const communicationContent = z.object(communicationContentFields).superRefine(checkCommunicationContent);
export type CommunicationContent = z.infer<typeof communicationContent>;

/** What a file of a communication is: a file the sender shared, a client's answer to an item, or a signed W-9 form. */
export const COMMUNICATION_FILE_ROLES = ['ATTACHMENT', 'ANSWER', 'W9_FORM'] as const;
export type CommunicationFileRole = (typeof COMMUNICATION_FILE_ROLES)[number];

// ---- The API's shapes: what the lists answer, and what each side sends. ----

/** One checklist item with the client's answer: text, or files. */
export const communicationItem = z.object({
  pk: z.number(),
  label: z.string(),
  answer_kind: z.enum(COMMUNICATION_ITEM_ANSWER_KINDS),
  required: z.boolean(),
  answer_text: z.string(),
  answer_files: z.array(storedFile),
  answered_at: z.string().nullable(),
});

export const communication = z.object({
  pk: z.number(),
  client_company: z.object({ pk: z.number(), name: z.string() }),
  kind: z.enum(COMMUNICATION_KINDS),
  sender: z.enum(SENDER_KINDS),
  author: z.object({ pk: z.number(), name: z.string() }).nullable(),
  status: z.enum(COMMUNICATION_STATUSES),
  is_hidden: z.boolean(),
  subject: z.string(),
  text: z.string(),
  due_date: z.string().nullable(),
  /** Past its due date and still open. */
  overdue: z.boolean(),
  w9_vendor: z.string(),
  attachments: z.array(storedFile),
  items: z.array(communicationItem),
  acknowledged_at: z.string().nullable(),
  /** The question the client asked when acknowledging a report. */
  question: z.string(),
  answered_at: z.string().nullable(),
  /** The client's W-9 (W9 only), its TIN masked. */
  w9: communicationW9.nullable(),
  sync_error: z.string().nullable(),
  /** How many of the client's people Herd has not yet managed to email about it (it keeps trying): 0 when all went. */
  undelivered: z.number(),
  /** The schedule that made it, and the day it stands for. */
  recurring_schedule: z.number().nullable(),
  occurrence_date: z.string().nullable(),
  notes_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Communication = z.infer<typeof communication>;

export const COMMUNICATION_ORDERINGS = ['-created_at', 'created_at', 'due_date', '-due_date'] as const;
export const communicationListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(200).optional(),
  ordering: z.enum(COMMUNICATION_ORDERINGS).default('-created_at'),
  kind: z.enum(COMMUNICATION_KINDS, { error: messages.notValid('Kind') }).optional(),
  sender: z.enum(SENDER_KINDS, { error: messages.notValid('Sender') }).optional(),
});
export type CommunicationListQuery = z.infer<typeof communicationListQuery>;

/** How many communications each list holds, and of the active ones whom they wait on. */
export const communicationCounters = z.object({
  active: z.number(),
  completed: z.number(),
  hidden: z.number(),
  waiting_on_client: z.number(),
  waiting_on_accountant: z.number(),
  overdue: z.number(),
  sync_errors: z.number(),
});
/** The client never sees hidden communications, nor how many there are. */
/**
 * The client's counters: the firm's hidden ones are not theirs to know of, so `hidden` counts the
 * finished and cancelled requests the client's side took off their own list, which `completed`
 * leaves out.
 */
export const clientCommunicationCounters = communicationCounters;

/** The client's completed list: `hidden=true` lists instead the ones their side took off it. */
export const clientCompletedCommunicationsQuery = communicationListQuery.extend({
  hidden: z.enum(['true', 'false'], { error: messages.notValid('Hidden') }).optional(),
});

const dueDateField = z.iso.date({ error: messages.notValid('Due date') }).nullable();

/** A new communication: to a client company from the accountant, or from a client to their firm (NOTICE or REPORT only). */
export const communicationCreateBody = z
  .object({ client_company: idField('Client company'), due_date: dueDateField.default(null), ...communicationContentFields })
  .superRefine(checkCommunicationContent);
export type CommunicationCreateBody = z.infer<typeof communicationCreateBody>;

const pksOf = (label: string) =>
  z
    .array(idField(label), { error: messages.required(label) })
    .min(1, { error: messages.required(label) })
    .max(500);
export const communicationPksBody = z.object({ pks: pksOf('Communications') });
export const communicationBackBody = communicationPksBody.extend({ message: optionalText('Message', 2000).optional() });

/** The accountant's change: edit the words or the due date, or move it (accept, reopen, cancel). */
export const COMMUNICATION_ACCOUNTANT_ACTIONS = ['accept', 'reopen', 'cancel'] as const satisfies readonly CommunicationAction[];
export const communicationAccountantChange = z.object({
  pk: idField('Communication'),
  subject: requiredText('Subject', COMMUNICATION_SUBJECT_MAX).optional(),
  text: optionalText('Text', COMMUNICATION_TEXT_MAX).optional(),
  due_date: dueDateField.optional(),
  action: z.enum(COMMUNICATION_ACCOUNTANT_ACTIONS, { error: messages.notValid('Action') }).optional(),
});
export const communicationsAccountantUpdateBody = z.object({
  communications: z
    .array(communicationAccountantChange, { error: messages.required('Communications') })
    .min(1, { error: messages.required('Communications') })
    .max(200),
});

/** A client's answer to one checklist item: its text, or its files (uploaded first). Sending it empty clears an optional item. */
export const communicationItemAnswer = z.object({
  item: idField('Item'),
  text: optionalText('Answer', COMMUNICATION_TEXT_MAX).optional(),
  files: z
    .array(idField('File'), { error: messages.notValid('Files') })
    .max(COMMUNICATION_MAX_ATTACHMENTS, { error: messages.tooMany('Files', COMMUNICATION_MAX_ATTACHMENTS) })
    .optional(),
});

/**
 * The client's change: answers to items (a REQUEST moves on once every required item has one),
 * an acknowledgement with an optional question (REPORT, NOTICE), or a W-9 (its form, or a signed form's file).
 */
export const communicationClientChange = z.object({
  pk: idField('Communication'),
  answers: z
    .array(communicationItemAnswer, { error: messages.notValid('Answers') })
    .max(COMMUNICATION_MAX_ITEMS)
    .optional(),
  acknowledge: z.literal(true, { error: messages.notValid('Acknowledge') }).optional(),
  question: optionalText('Question', 2000).optional(),
  w9: w9FormAnswer.optional(),
  w9_signed_form: idField('Signed form').optional(),
});
export type CommunicationClientChange = z.infer<typeof communicationClientChange>;
export const communicationsClientUpdateBody = z.object({
  communications: z
    .array(communicationClientChange, { error: messages.required('Communications') })
    .min(1, { error: messages.required('Communications') })
    .max(200),
});

export const communicationChoices = z.object({
  kinds: z.array(z.enum(COMMUNICATION_KINDS)),
  /** What a client may start: a message or files to share, not a request of their firm. */
  client_kinds: z.array(z.enum(COMMUNICATION_KINDS)),
  statuses: z.array(z.enum(COMMUNICATION_STATUSES)),
  item_answer_kinds: z.array(z.enum(COMMUNICATION_ITEM_ANSWER_KINDS)),
  tax_classifications: z.array(z.enum(W9_TAX_CLASSIFICATIONS)),
  tin_kinds: z.array(z.enum(W9_TIN_KINDS)),
});

/** The kinds a client may start. */
export const CLIENT_COMMUNICATION_KINDS = ['NOTICE', 'REPORT'] as const satisfies readonly CommunicationKind[];

/** Notes to many communications of one company at once. */
export const communicationsNoteBody = z.object({ body: requiredText('Message', 5000), client_company: idField('Client company'), pks: pksOf('Communications') });
