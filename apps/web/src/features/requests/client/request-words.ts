import type { Communication, CommunicationKind, CommunicationStatus, W9TaxClassification } from '@herd/contract';
import { formatDate } from '../../../lib/format';

/** What each kind is called on the client's screens. */
export const KIND_WORDS: Record<CommunicationKind, string> = { REQUEST: 'Request', REPORT: 'Report', NOTICE: 'Notice', W9: 'W-9' };

/** Where a request stands, said from the client's side. */
export const STATUS_WORDS: Record<CommunicationStatus, string> = {
  PROCESSING: 'Waiting on you',
  READY: 'With your accountant',
  SYNC_ERROR: 'With your accountant',
  FINISHED_IN_HERD: 'Finished',
  CANCELLED: 'Cancelled',
};

export const TAX_CLASSIFICATION_WORDS: Record<W9TaxClassification, string> = {
  INDIVIDUAL: 'Individual / sole proprietor or single-member LLC',
  C_CORPORATION: 'C corporation',
  S_CORPORATION: 'S corporation',
  PARTNERSHIP: 'Partnership',
  TRUST_ESTATE: 'Trust / estate',
  LLC_C: 'LLC taxed as a C corporation',
  LLC_S: 'LLC taxed as an S corporation',
  LLC_P: 'LLC taxed as a partnership',
  OTHER: 'Other',
};

const DAY_MS = 86_400_000;

/** Whole calendar days from `today` to an ISO date (both read as local calendar days, so daylight saving cannot tip it). */
const daysUntil = (iso: string, today: Date) => {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(y, m - 1, d) - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate())) / DAY_MS);
};

/**
 * The due date as a person reads it: "overdue" (the server's word, judged by its day), "due today",
 * "due tomorrow", "due in 3 days", and past two weeks the date itself.
 */
export const dueWords = (request: Pick<Communication, 'due_date' | 'overdue'>, today = new Date()): string | null => {
  if (!request.due_date) return null;
  if (request.overdue) return `Overdue (due ${formatDate(request.due_date)})`;
  const days = daysUntil(request.due_date, today);
  if (days <= 0) return 'Due today';
  if (days === 1) return 'Due tomorrow';
  if (days <= 14) return `Due in ${days} days`;
  return `Due ${formatDate(request.due_date)}`;
};

/** What the request asks of the client, in one line for its row. */
export const askWords = (request: Communication): string => {
  if (request.sender === 'CLIENT')
    return request.attachments.length > 0 ? `${request.attachments.length} ${request.attachments.length === 1 ? 'file' : 'files'} shared` : 'Message';
  switch (request.kind) {
    case 'REQUEST': {
      const left = request.items.filter((item) => item.required && item.answered_at === null).length;
      const total = request.items.length;
      const answered = request.items.filter((item) => item.answered_at !== null).length;
      if (request.status !== 'PROCESSING') return `${answered} of ${total} ${total === 1 ? 'item' : 'items'} answered`;
      return left === 0 ? `${total} ${total === 1 ? 'item' : 'items'}, all required answered` : `${left} of ${total} ${total === 1 ? 'item' : 'items'} to answer`;
    }
    case 'REPORT':
      if (request.acknowledged_at) return request.question ? 'Acknowledged, with a question' : 'Acknowledged';
      return `${request.attachments.length} ${request.attachments.length === 1 ? 'file' : 'files'} to review and acknowledge`;
    case 'NOTICE':
      return request.acknowledged_at ? 'Acknowledged' : 'Read and acknowledge';
    case 'W9':
      if (request.w9) return request.w9_vendor ? `W-9 for ${request.w9_vendor} given` : 'W-9 given';
      return request.w9_vendor ? `A W-9 for ${request.w9_vendor}` : 'A W-9';
  }
};

/** Who wrote it: the accountant by name, a schedule's request as the firm's, or the client's own message (any of the company's users may have written it). */
export const fromWords = (request: Communication): string => {
  if (request.sender === 'CLIENT') return request.author ? `Asked by ${request.author.name}` : 'Asked by your company';
  return request.author ? `From ${request.author.name}` : 'From your accountant';
};
