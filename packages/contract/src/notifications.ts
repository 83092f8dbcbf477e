import { z } from 'zod';
import { paginated } from './client-companies.js';
import { idField, ID_MAX } from './ids.js';
import { messages } from './messages.js';

/** What happened, for the bell: each kind links to one kind of object and has its own wording. */
export const NOTIFICATION_KINDS = [
  'TRANSACTIONS_ANSWERED',
  'NOTE',
  'NOTE_MENTION',
  'REQUEST_CREATED',
  'REQUEST_ANSWERED',
  'RECEIPT_ARRIVED',
  'RECEIPT_MATCHED',
  'SYNC_ERROR',
  'LEDGER_REAUTH',
  'CLIENT_UNRESPONSIVE',
  'CLIENT_CALL_DUE',
  'REQUEST_DUE',
  'REQUEST_OVERDUE',
  'DOCUMENTS_ADDED',
  'RULE_PAUSED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The object a notification opens. A DOCUMENT_FOLDER's pk is the folder's, or 0 for the company's top level (`client_company` names the company). */
export const NOTIFICATION_TARGETS = ['TRANSACTION', 'RECEIPT', 'COMMUNICATION', 'CLIENT_COMPANY', 'ACCOUNTANT_COMPANY', 'DOCUMENT_FOLDER'] as const;
export type NotificationTarget = (typeof NOTIFICATION_TARGETS)[number];

/** How many ids one mark-read may name. */
export const NOTIFICATION_MARK_MAX = 200;

export const notification = z.object({
  pk: z.number(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Plain text, never markup: shown as it is. */
  title: z.string(),
  text: z.string(),
  target: z.object({ type: z.enum(NOTIFICATION_TARGETS), pk: z.number() }),
  /** The client company the object belongs to; null for the firm's own thread. */
  client_company: z.number().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notification>;

export const notificationPage = paginated(notification);
export type NotificationPage = z.infer<typeof notificationPage>;

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(ID_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
  unread: z.enum(['true', 'false'], { error: messages.notValid('Unread') }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuery>;

export const unreadCount = z.object({ unread_count: z.number() });
export type UnreadCount = z.infer<typeof unreadCount>;

/** One notification (`pk`), several (`pks`) or every one (`all: true`); exactly one of the three. */
export const markReadBody = z
  .object({
    pk: idField('Notification').optional(),
    pks: z.array(idField('Notification')).min(1).max(NOTIFICATION_MARK_MAX).optional(),
    all: z.literal(true, { error: messages.notValid('All') }).optional(),
  })
  .superRefine((body, ctx) => {
    const given = [body.pk !== undefined, body.pks !== undefined, body.all !== undefined].filter(Boolean).length;
    if (given !== 1) ctx.addIssue({ code: 'custom', path: ['pks'], message: 'Name one notification, several, or all of them.' });
  });
export type MarkReadBody = z.infer<typeof markReadBody>;
