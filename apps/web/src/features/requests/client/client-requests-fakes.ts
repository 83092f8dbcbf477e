import type { Communication, StoredFile } from '@herd/contract';

/** Typed fakes of the client's requests, for this folder's component tests. */

export const storedFile = (pk: number, name: string, contentType = 'application/pdf'): StoredFile => ({
  pk,
  name,
  content_type: contentType,
  size: 40_000,
  url: `/api/v1/storage/file/retrieve/${pk}/`,
  created_at: '2026-11-20T10:00:00Z',
});

/** A checklist of company 7 from the accountant, waiting on the client: one text item, one file item, one optional. */
export const makeRequest = (overrides: Partial<Communication> = {}): Communication => ({
  pk: 301,
  client_company: { pk: 7, name: 'Sunrise Bakery LLC' },
  kind: 'REQUEST',
  sender: 'ACCOUNTANT',
  author: { pk: 1, name: 'Avery Stone' },
  status: 'PROCESSING',
  is_hidden: false,
  subject: 'November close',
  text: 'A few things to close November.',
  due_date: '2099-12-31',
  overdue: false,
  w9_vendor: '',
  attachments: [],
  items: [
    { pk: 11, label: 'What was the $1,200 payment to Acme?', answer_kind: 'TEXT', required: true, answer_text: '', answer_files: [], answered_at: null },
    { pk: 12, label: 'Bank statement', answer_kind: 'FILES', required: true, answer_text: '', answer_files: [], answered_at: null },
    { pk: 13, label: 'Anything else?', answer_kind: 'TEXT', required: false, answer_text: '', answer_files: [], answered_at: null },
  ],
  acknowledged_at: null,
  question: '',
  answered_at: null,
  w9: null,
  sync_error: null,
  undelivered: 0,
  recurring_schedule: null,
  occurrence_date: null,
  notes_count: 0,
  created_at: '2026-11-20T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
  ...overrides,
});

export const makeNotice = (overrides: Partial<Communication> = {}): Communication =>
  makeRequest({ pk: 302, kind: 'NOTICE', subject: 'Office closed on Friday', text: 'We are closed for the holiday.', items: [], due_date: null, ...overrides });

export const makeReport = (overrides: Partial<Communication> = {}): Communication =>
  makeRequest({ pk: 303, kind: 'REPORT', subject: 'October P&L', items: [], attachments: [storedFile(950, 'october-pl.pdf')], ...overrides });

export const makeW9Request = (overrides: Partial<Communication> = {}): Communication =>
  makeRequest({ pk: 304, kind: 'W9', subject: 'W-9 for Acme Plumbing', items: [], w9_vendor: 'Acme Plumbing', ...overrides });

export const requestPage = (results: Communication[], count = results.length) => ({ count, next: null, previous: null, results });

export const requestCounters = (overrides: Partial<{ active: number; completed: number; hidden: number; waiting_on_client: number; overdue: number }> = {}) => ({
  active: 1,
  completed: 0,
  hidden: 0,
  waiting_on_client: 1,
  waiting_on_accountant: 0,
  overdue: 0,
  sync_errors: 0,
  ...overrides,
});
