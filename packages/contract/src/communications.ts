import { z } from 'zod';
import { MESSAGE_KINDS, type TransactionStatus } from './enums.js';
import { optionalText, requiredText } from './fields.js';
import { idField } from './ids.js';
import { messages } from './messages.js';

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

type ContentShape = { kind: CommunicationKind; items: unknown[]; w9_vendor: string };

/** The rules between fields of the content: a REQUEST needs items and only a REQUEST has them; a W9 names its vendor. */
export const checkCommunicationContent = (value: ContentShape, ctx: z.RefinementCtx) => {
  if (value.kind === 'REQUEST' && value.items.length === 0) ctx.addIssue({ code: 'custom', path: ['items'], message: messages.tooFew('Items', 1) });
  if (value.kind !== 'REQUEST' && value.items.length > 0) ctx.addIssue({ code: 'custom', path: ['items'], message: 'Only a request has a checklist.' });
  if (value.kind === 'W9' && !value.w9_vendor) ctx.addIssue({ code: 'custom', path: ['w9_vendor'], message: messages.required('Vendor') });
};

export const communicationContent = z.object(communicationContentFields).superRefine(checkCommunicationContent);
export type CommunicationContent = z.infer<typeof communicationContent>;

/** A W-9's federal tax classification (line 3a of the form; an LLC says how it is taxed). */
export const W9_TAX_CLASSIFICATIONS = ['INDIVIDUAL', 'C_CORPORATION', 'S_CORPORATION', 'PARTNERSHIP', 'TRUST_ESTATE', 'LLC_C', 'LLC_S', 'LLC_P', 'OTHER'] as const;
export type W9TaxClassification = (typeof W9_TAX_CLASSIFICATIONS)[number];

/** Which number a TIN is: a person's Social Security number or a business's Employer Identification Number. */
export const W9_TIN_KINDS = ['SSN', 'EIN'] as const;
export type W9TinKind = (typeof W9_TIN_KINDS)[number];

/** What a file of a communication is: a file the sender shared, a client's answer to an item, or a signed W-9 form. */
export const COMMUNICATION_FILE_ROLES = ['ATTACHMENT', 'ANSWER', 'W9_FORM'] as const;
export type CommunicationFileRole = (typeof COMMUNICATION_FILE_ROLES)[number];
