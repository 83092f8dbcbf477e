import { communicationContent } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ValidationError } from '../../../lib/errors.js';
import { writeAuditMany } from '../../../kernel/audit.queries.js';
import { checkCommunicationFiles } from './communication-files.rule.js';
import { findOccurrenceCommunications, insertCommunicationFiles, insertItems, insertOccurrenceCommunications } from './communications.queries.js';

/** One schedule of one firm and the dates to write for it: every date of a schedule shares its content. */
export interface ScheduleOccurrences {
  schedulePk: number;
  clientCompanyPk: number;
  /** The schedule's stored content: checked again here, as a stored schedule may predate a rule. */
  content: unknown;
  authorPk: number | null;
  dates: { date: string; dueDate: string | null }[];
}

export interface OccurrenceCommunicationsResult {
  /** `<schedule>:<date>` → the communication standing for that date (written now, or found from an earlier run). */
  written: Map<string, number>;
  /** Schedules whose content the rules no longer accept (a shared file deleted since), with the field errors. */
  refused: { schedulePk: number; fields: Record<string, string[]> }[];
}

export const occurrencePairKey = (schedulePk: number, date: string) => `${schedulePk}:${date}`;

/** The content of one schedule, checked once for all of its dates: null with the reasons when refused. */
const checkedContent = async (tx: Db, firmId: number, schedule: ScheduleOccurrences) => {
  const parsed = communicationContent.safeParse(schedule.content);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[issue.path.map(String).join('.') || 'detail'] ??= []).push(issue.message);
    return { refused: fields } as const;
  }
  try {
    const home = { firmId, companyPk: schedule.clientCompanyPk };
    const attachments = await checkCommunicationFiles(tx, home, parsed.data.attachments, 'attachments', null);
    return { content: parsed.data, attachments } as const;
  } catch (err) {
    if (err instanceof ValidationError) return { refused: err.fields } as const;
    throw err;
  }
};

/**
 * Writes the communications of many schedule dates of one firm, inside the caller's transaction, in a few
 * set-based statements (the communications, all their checklists, all their shared files, all their audit
 * entries) rather than several statements per date: the sweep's batches write hundreds at once.
 * What `createCommunication` does for one, from the accountant's side, waiting on the client. The unique
 * (schedule, date) index refuses a second communication for a date; a refused one is looked up instead.
 */
export const createOccurrenceCommunications = async (tx: Db, firmId: number, schedules: ScheduleOccurrences[]): Promise<OccurrenceCommunicationsResult> => {
  const refused: OccurrenceCommunicationsResult['refused'] = [];
  const accepted = [];
  for (const schedule of schedules) {
    const checked = await checkedContent(tx, firmId, schedule);
    if ('refused' in checked) refused.push({ schedulePk: schedule.schedulePk, fields: checked.refused! });
    else accepted.push({ schedule, ...checked });
  }
  const rows = accepted.flatMap(({ schedule, content }) =>
    schedule.dates.map(({ date, dueDate }) => ({
      firmId,
      clientCompanyId: schedule.clientCompanyPk,
      kind: content.kind,
      sender: 'ACCOUNTANT' as const,
      authorId: schedule.authorPk,
      subject: content.subject,
      text: content.text,
      w9Vendor: content.kind === 'W9' ? content.w9_vendor : '',
      dueDate,
      status: 'PROCESSING' as const,
      recurringScheduleId: schedule.schedulePk,
      occurrenceDate: date,
    })),
  );
  const inserted = await insertOccurrenceCommunications(tx, rows);
  const written = new Map(inserted.map((r) => [occurrencePairKey(r.schedulePk, r.date), r.pk]));
  const bySchedule = new Map(accepted.map((a) => [a.schedule.schedulePk, a]));
  await insertItems(
    tx,
    inserted.flatMap((r) =>
      bySchedule
        .get(r.schedulePk)!
        .content.items.map((item, position) => ({ communicationId: r.pk, position, label: item.label, answerKind: item.answer_kind, required: item.required })),
    ),
  );
  await insertCommunicationFiles(
    tx,
    inserted.flatMap((r) => {
      const { attachments, schedule } = bySchedule.get(r.schedulePk)!;
      return attachments.map((fileId) => ({ communicationId: r.pk, fileId, role: 'ATTACHMENT' as const, addedBy: schedule.authorPk }));
    }),
  );
  await writeAuditMany(
    tx,
    inserted.map((r) => {
      const { content, schedule } = bySchedule.get(r.schedulePk)!;
      return {
        firmId,
        actorUserId: schedule.authorPk,
        action: 'communication.create',
        targetType: 'communication',
        targetPk: r.pk,
        details: { kind: content.kind, sender: 'ACCOUNTANT', schedule: r.schedulePk, occurrence_date: r.date },
      };
    }),
  );
  // A date the index refused was written before (by a run this one cannot see the occurrence row of): answer that one.
  if (inserted.length < rows.length) {
    const dates = [...new Set(rows.map((r) => r.occurrenceDate!))];
    for (const found of await findOccurrenceCommunications(tx, firmId, [...bySchedule.keys()], dates)) {
      const key = occurrencePairKey(found.schedulePk, found.date);
      if (!written.has(key)) written.set(key, found.pk);
    }
  }
  return { written, refused };
};
