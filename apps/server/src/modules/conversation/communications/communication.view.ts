import { maskTin, type Communication, type CommunicationStatus, type StoredFile } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { fileUrl } from '../../platform/stored-files/stored-files.face.js';
import { communicationsWithDetails, type CommunicationDetails, type DetailFile } from './communication-details.queries.js';
import type { CommunicationRow } from './communications.queries.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const nameOf = (p: { first_name: string | null; last_name: string | null; email: string }) => `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() || p.email;
const toStoredFile = (file: DetailFile): StoredFile => ({ ...file, url: fileUrl(file.pk) });

/** Open and past its due date (the due date is a day: it is overdue from the next day on). */
const isOverdue = (row: CommunicationRow, today: string) => row.dueDate !== null && row.dueDate < today && (row.status === 'PROCESSING' || row.status === 'READY');

/** One communication as the API answers it, from its row and its details; the W-9's TIN only masked (the whole number only through the accountant's reveal). */
const toCommunication = (row: CommunicationRow, details: CommunicationDetails, today: string): Communication => {
  const { files, w9 } = details;
  return {
    pk: row.pk,
    client_company: { pk: row.clientCompanyId, name: details.company_name },
    kind: row.kind,
    sender: row.sender,
    author: details.author ? { pk: details.author.pk, name: nameOf(details.author) } : null,
    status: row.status as CommunicationStatus,
    is_hidden: row.isHidden,
    subject: row.subject,
    text: row.text,
    due_date: row.dueDate,
    overdue: isOverdue(row, today),
    w9_vendor: row.w9Vendor,
    attachments: files.filter((l) => l.role === 'ATTACHMENT').map((l) => toStoredFile(l.file)),
    items: details.items.map((item) => ({
      ...item,
      answer_files: files.filter((l) => l.role === 'ANSWER' && l.item_id === item.pk).map((l) => toStoredFile(l.file)),
    })),
    acknowledged_at: iso(row.acknowledgedAt),
    question: row.question,
    answered_at: iso(row.answeredAt),
    w9: w9
      ? {
          legal_name: w9.legal_name,
          business_name: w9.business_name,
          tax_classification: w9.tax_classification,
          address_line: w9.address_line,
          city: w9.city,
          state: w9.state,
          postal_code: w9.postal_code,
          tin_kind: w9.tin_kind,
          tin_masked: w9.tin_kind && w9.tin_last4 ? maskTin(w9.tin_last4, w9.tin_kind) : null,
          signed_form: w9.signed_form ? toStoredFile(w9.signed_form) : null,
          submitted_at: w9.submitted_at,
        }
      : null,
    sync_error: row.syncError,
    undelivered: details.undelivered,
    recurring_schedule: row.recurringScheduleId,
    occurrence_date: row.occurrenceDate,
    notes_count: details.notes_count,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

/**
 * The firm's communications with these pks as the API answers them, in the
 * order asked, read with their details in one statement (a pk of another
 * firm is left out: callers pass pks they found in their scope).
 */
export const communicationsByPk = async (db: Db, firmId: number, pks: number[]): Promise<Communication[]> => {
  const today = new Date().toISOString().slice(0, 10);
  return (await communicationsWithDetails(db, firmId, pks)).map(({ row, details }) => toCommunication(row, details, today));
};

/** Communications already read, as the API answers them (read again with their details, as they now stand). */
export const toCommunications = (db: Db, firmId: number, rows: CommunicationRow[]) =>
  communicationsByPk(
    db,
    firmId,
    rows.map((r) => r.pk),
  );
