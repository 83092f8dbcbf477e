import { communicationContent, type CommunicationContent, type SenderKind } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import { notifyCommunicationCreated } from '../../messaging/notifications/notifications.face.js';
import { checkCommunicationFiles } from './communication-files.rule.js';
import { holdArrivalNotices } from './arrival-notices.queries.js';
import { findOccurrence, insertCommunication, insertCommunicationFiles, insertItems, type CommunicationHome } from './communications.queries.js';

/** What makes one communication, whoever writes it: a person through the create endpoint, or a schedule's job for one occurrence. */
export interface NewCommunication {
  firmId: number;
  clientCompanyPk: number;
  content: CommunicationContent;
  /** ISO date (`2026-12-01`) or null. The caller decides whether a past date is acceptable (a person may not pick one; a late job may write one). */
  dueDate: string | null;
  sender: SenderKind;
  /** Null for a schedule's job. */
  authorPk: number | null;
  /** The schedule and the day this occurrence stands for; a second call for the same pair returns the first one. */
  occurrence?: { schedulePk: number; occurrenceDate: string };
}

export interface CreatedCommunication {
  pk: number;
  /** False when the occurrence already existed (a job that ran twice): nothing was written. */
  created: boolean;
}

/** Zod issues as the API's field errors, for content that did not come through a request's own validation. */
const contentErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) (fields[issue.path.map(String).join('.') || 'detail'] ??= []).push(issue.message);
  return new ValidationError(fields);
};

/**
 * Writes a communication with its checklist and shared files, and its audit
 * entry, inside the caller's transaction (`tx`). The content is checked again
 * (a schedule's stored content may predate a rule), and the attachments by
 * `checkCommunicationFiles`: another company's file, or one whose name lies
 * about its type, is a field error on `attachments`. The caller has already checked that the
 * author may write to the company. A communication from the accountant waits
 * on the client (PROCESSING); one from the client waits on the accountant (READY).
 */
export const createCommunication = async (tx: Db, input: NewCommunication): Promise<CreatedCommunication> => {
  const parsed = communicationContent.safeParse(input.content);
  if (!parsed.success) throw contentErrors(parsed.error.issues);
  const content = parsed.data;
  const home: CommunicationHome = { firmId: input.firmId, companyPk: input.clientCompanyPk };
  // A client shares only what they uploaded to the company; the firm any file of its own or of the company.
  const attachments = await checkCommunicationFiles(tx, home, content.attachments, 'attachments', input.sender === 'CLIENT' ? input.authorPk : null);

  const row = await insertCommunication(tx, {
    firmId: home.firmId,
    clientCompanyId: home.companyPk,
    kind: content.kind,
    sender: input.sender,
    authorId: input.authorPk,
    subject: content.subject,
    text: content.text,
    w9Vendor: content.kind === 'W9' ? content.w9_vendor : '',
    dueDate: input.dueDate,
    status: input.sender === 'CLIENT' ? 'READY' : 'PROCESSING',
    recurringScheduleId: input.occurrence?.schedulePk ?? null,
    occurrenceDate: input.occurrence?.occurrenceDate ?? null,
  });
  if (!row) {
    const existing = input.occurrence && (await findOccurrence(tx, home, input.occurrence.schedulePk, input.occurrence.occurrenceDate));
    if (!existing) throw new Error('A communication was refused by the database without an occurrence to explain it');
    return { pk: existing.pk, created: false };
  }
  await insertItems(
    tx,
    content.items.map((item, position) => ({ communicationId: row.pk, position, label: item.label, answerKind: item.answer_kind, required: item.required })),
  );
  await insertCommunicationFiles(
    tx,
    attachments.map((fileId) => ({ communicationId: row.pk, fileId, role: 'ATTACHMENT' as const, addedBy: input.authorPk })),
  );
  await writeAudit(tx, {
    firmId: home.firmId,
    actorUserId: input.authorPk,
    action: 'communication.create',
    targetType: 'communication',
    targetPk: row.pk,
    details: {
      kind: content.kind,
      sender: input.sender,
      ...(input.occurrence ? { schedule: input.occurrence.schedulePk, occurrence_date: input.occurrence.occurrenceDate } : {}),
    },
  });
  await holdArrivalNotices(tx, home.firmId, [row.pk]);
  await notifyCommunicationCreated(tx, {
    firmId: home.firmId,
    companyPk: home.companyPk,
    pk: row.pk,
    kind: content.kind,
    subject: content.subject,
    fromFirm: input.sender === 'ACCOUNTANT',
    by: input.authorPk,
  });
  return { pk: row.pk, created: true };
};
