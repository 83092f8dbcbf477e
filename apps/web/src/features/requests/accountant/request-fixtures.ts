import {
  clientCompanyEndpoints,
  communicationEndpoints as e,
  noteEndpoints,
  profileEndpoints,
  transactionEndpoints,
  type Communication,
  type RecurringSchedule,
  type StoredFile,
} from '@herd/contract';
import { createFakeApi, makeClientCompany, makeProfile, paginated } from '../../../../test/fake-api';

/** Test data for the accountant's requests screens, typed by the contract. */
export const company = { pk: 7 };

export const makeFile = (pk: number, name: string): StoredFile => ({
  pk,
  name,
  content_type: 'application/pdf',
  size: 1000,
  url: `/api/v1/storage/file/retrieve/${pk}/`,
  created_at: '2026-11-20T10:00:00Z',
});

export const makeCommunication = (overrides: Partial<Communication> = {}): Communication => ({
  pk: 1,
  client_company: { pk: 7, name: 'Sunrise Bakery LLC' },
  kind: 'REQUEST',
  sender: 'ACCOUNTANT',
  author: { pk: 1, name: 'Alex Accountant' },
  status: 'PROCESSING',
  is_hidden: false,
  subject: 'November close',
  text: 'Please send the November documents.',
  due_date: '2026-12-05',
  overdue: false,
  w9_vendor: '',
  attachments: [],
  items: [],
  acknowledged_at: null,
  question: '',
  answered_at: null,
  w9: null,
  sync_error: null,
  undelivered: 0,
  recurring_schedule: null,
  occurrence_date: null,
  notes_count: 0,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

export const item = (pk: number, label: string, answer: Partial<Communication['items'][number]> = {}): Communication['items'][number] => ({
  pk,
  label,
  answer_kind: 'TEXT',
  required: true,
  answer_text: '',
  answer_files: [],
  answered_at: null,
  ...answer,
});

export const makeSchedule = (overrides: Partial<RecurringSchedule> = {}): RecurringSchedule => ({
  pk: 40,
  client_company: 7,
  content: {
    kind: 'REQUEST',
    subject: 'Monthly statements',
    text: 'Bank statements, please.',
    items: [{ label: 'Statement', answer_kind: 'FILES', required: true }],
    attachments: [90],
    w9_vendor: '',
  },
  due_days: 5,
  frequency: 'MONTHLY',
  weekdays: [],
  day_of_month: 5,
  start_date: '2026-12-01',
  end_date: '2027-06-30',
  next_occurrence: '2026-12-05',
  occurrences_count: 2,
  created_by: 1,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

/** The fake API a requests screen reads: the session, the company, its counts and its active list. */
export const fakeRequests = (list: Communication[]) =>
  createFakeApi()
    .answer(profileEndpoints.profile, {}, makeProfile())
    .answer(clientCompanyEndpoints.retrieve, company, makeClientCompany({ pk: 7, name: 'Sunrise Bakery LLC' }))
    .answer(transactionEndpoints.accountantCounters, company, { active: 3, categorized: 2, hidden: 0, sync_errors: 0, completed: 2, processing: 0 })
    .answer(e.accountantCounters, company, { active: list.length, completed: 4, hidden: 1, waiting_on_client: 1, waiting_on_accountant: 1, overdue: 1, sync_errors: 0 })
    .answer(e.accountantActive, company, paginated(list))
    .answer(noteEndpoints.communicationList, { pk: 1 }, [])
    .answer(noteEndpoints.communicationList, { pk: 2 }, [])
    .answer(noteEndpoints.communicationList, { pk: 3 }, [])
    .install();
