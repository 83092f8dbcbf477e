import { maskTin, type Communication, type CommunicationStatus } from '@herd/contract';
import type { Db } from '../../db/client.js';
import { toStoredFile } from '../storage/storage.service.js';
import { companyNamesOf, filesOf, itemsOf, noteCountsOf, peopleOf, signedFormsOf, w9sOf } from './communication-details.queries.js';
import type { CommunicationRow } from './communications.queries.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const nameOf = (p: { firstName: string | null; lastName: string | null; email: string }) => `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() || p.email;

/** Open and past its due date (the due date is a day: it is overdue from the next day on). */
const isOverdue = (row: CommunicationRow, today: string) => row.dueDate !== null && row.dueDate < today && (row.status === 'PROCESSING' || row.status === 'READY');

/**
 * Communications as the API answers them, with their checklist, files, W-9
 * (its TIN masked: the whole number only through the accountant's reveal)
 * and notes count, read for all the rows at once. All rows are of one firm.
 */
export const toCommunications = async (db: Db, firmId: number, rows: CommunicationRow[]): Promise<Communication[]> => {
  if (rows.length === 0) return [];
  const pks = rows.map((r) => r.pk);
  const [items, linked, w9s, companies, people, noteCounts] = await Promise.all([
    itemsOf(db, pks),
    filesOf(db, firmId, pks),
    w9sOf(db, pks),
    companyNamesOf(db, firmId, [...new Set(rows.map((r) => r.clientCompanyId))]),
    peopleOf(db, [...new Set(rows.map((r) => r.authorId).filter((pk): pk is number => pk !== null))]),
    noteCountsOf(db, firmId, pks),
  ]);
  const forms = await signedFormsOf(
    db,
    firmId,
    w9s.map((w) => w.signedFormFileId).filter((pk): pk is number => pk !== null),
  );
  const today = new Date().toISOString().slice(0, 10);
  return rows.map((row) => {
    const w9 = w9s.find((w) => w.communicationId === row.pk);
    const form = w9?.signedFormFileId ? forms.find((f) => f.pk === w9.signedFormFileId) : undefined;
    const author = people.find((p) => p.pk === row.authorId);
    const filesOfRow = linked.filter((l) => l.link.communicationId === row.pk);
    return {
      pk: row.pk,
      client_company: { pk: row.clientCompanyId, name: companies.find((c) => c.pk === row.clientCompanyId)?.name ?? '' },
      kind: row.kind,
      sender: row.sender,
      author: author ? { pk: author.pk, name: nameOf(author) } : null,
      status: row.status as CommunicationStatus,
      is_hidden: row.isHidden,
      subject: row.subject,
      text: row.text,
      due_date: row.dueDate,
      overdue: isOverdue(row, today),
      w9_vendor: row.w9Vendor,
      attachments: filesOfRow.filter((l) => l.link.role === 'ATTACHMENT').map((l) => toStoredFile(l.file)),
      items: items
        .filter((i) => i.communicationId === row.pk)
        .map((i) => ({
          pk: i.pk,
          label: i.label,
          answer_kind: i.answerKind,
          required: i.required,
          answer_text: i.answerText,
          answer_files: filesOfRow.filter((l) => l.link.role === 'ANSWER' && l.link.itemId === i.pk).map((l) => toStoredFile(l.file)),
          answered_at: iso(i.answeredAt),
        })),
      acknowledged_at: iso(row.acknowledgedAt),
      question: row.question,
      answered_at: iso(row.answeredAt),
      w9: w9
        ? {
            legal_name: w9.legalName,
            business_name: w9.businessName,
            tax_classification: w9.taxClassification,
            address_line: w9.addressLine,
            city: w9.city,
            state: w9.state,
            postal_code: w9.postalCode,
            tin_kind: w9.tinKind,
            tin_masked: w9.tinKind && w9.tinLast4 ? maskTin(w9.tinLast4, w9.tinKind) : null,
            signed_form: form ? toStoredFile(form) : null,
            submitted_at: w9.submittedAt.toISOString(),
          }
        : null,
      sync_error: row.syncError,
      recurring_schedule: row.recurringScheduleId,
      occurrence_date: row.occurrenceDate,
      notes_count: noteCounts.find((n) => n.pk === row.pk)?.n ?? 0,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
};
