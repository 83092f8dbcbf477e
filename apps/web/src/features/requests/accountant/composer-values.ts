import type {
  CommunicationCreateBody,
  CommunicationItemAnswerKind,
  CommunicationKind,
  RecurrenceFrequency,
  RecurringSchedule,
  RecurringScheduleCreateBody,
  RecurringScheduleUpdateBody,
  StoredFile,
  Weekday,
} from '@herd/contract';
import type { RequestDraft } from '../components/request-draft';

/** "NONE" sends the request once; any frequency creates a schedule instead. */
export type RepeatChoice = 'NONE' | RecurrenceFrequency;

/** The composer's form as antd holds it. */
export interface ComposerValues {
  kind: CommunicationKind;
  subject: string;
  text?: string;
  items?: { label?: string; answer_kind: CommunicationItemAnswerKind; required: boolean }[];
  w9_vendor?: string;
  due_date?: string;
  repeat: RepeatChoice;
  weekdays?: Weekday[];
  /** A day 1–31 or "LAST". */
  day_of_month?: number | 'LAST';
  start_date?: string;
  end_date?: string;
  due_days?: number | null;
}

/** Today in the browser, as YYYY-MM-DD (the server judges by the firm's day and says so if they differ). */
export const localToday = (now = new Date()): string => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const valuesFromDraft = (draft: RequestDraft, today: string): ComposerValues => ({
  kind: draft.kind,
  subject: draft.subject,
  text: draft.text,
  items: draft.items.length ? draft.items.map((item) => ({ ...item })) : [{ label: '', answer_kind: 'FILES', required: true }],
  repeat: 'NONE',
  start_date: today,
  day_of_month: Number(today.slice(8, 10)),
  weekdays: [],
});

/** The words and checklist as they stand, for "Save as template" (the kind's checklist only, as it would be sent). */
export const draftFromValues = (v: Partial<ComposerValues>): RequestDraft => ({
  kind: v.kind ?? 'REQUEST',
  subject: (v.subject ?? '').trim(),
  text: (v.text ?? '').trim(),
  items: v.kind === 'REQUEST' ? (v.items ?? []).map((item) => ({ label: (item.label ?? '').trim(), answer_kind: item.answer_kind, required: item.required })) : [],
});

const contentOf = (v: ComposerValues, files: StoredFile[]) => ({
  // Only a request has a checklist; items left over from switching kinds are not sent.
  ...draftFromValues(v),
  attachments: files.map((f) => f.pk),
  w9_vendor: v.kind === 'W9' ? (v.w9_vendor ?? '').trim() : '',
});

export const oneOffBody = (companyPk: number, v: ComposerValues, files: StoredFile[]): CommunicationCreateBody => ({
  client_company: companyPk,
  due_date: v.due_date || null,
  ...contentOf(v, files),
});

export const scheduleBody = (companyPk: number, v: ComposerValues, files: StoredFile[]): RecurringScheduleCreateBody => {
  const frequency = v.repeat as RecurrenceFrequency;
  return {
    client_company: companyPk,
    content: contentOf(v, files),
    frequency,
    weekdays: frequency === 'WEEKLY' ? (v.weekdays ?? []) : [],
    day_of_month: frequency === 'WEEKLY' ? null : (v.day_of_month ?? null),
    start_date: v.start_date ?? '',
    end_date: v.end_date || null,
    due_days: v.due_days ?? null,
  };
};

/** Form fields the server's keys land on; the schedule's content keys (`content.subject`) are the same fields. */
const TOP_FIELDS = ['kind', 'subject', 'text', 'w9_vendor', 'due_date', 'weekdays', 'day_of_month', 'start_date', 'end_date', 'due_days', 'frequency'] as const;

/**
 * Where a server error key goes: a form field's path (`['items', 0, 'label']`), the checklist or
 * the files as a whole, or nowhere (then it shows above the form).
 */
export const composerFieldOf = (key: string): (string | number)[] | 'items' | 'attachments' | null => {
  const bare = key.replace(/^content\./, '');
  const item = /^items\.(\d+)\.(label|answer_kind|required)$/.exec(bare);
  if (item) return ['items', Number(item[1]), item[2]!];
  if (bare === 'items' || bare.startsWith('items.')) return 'items';
  if (bare === 'attachments' || bare.startsWith('attachments.')) return 'attachments';
  if (bare === 'frequency') return ['repeat'];
  const top = TOP_FIELDS.find((f) => f === bare);
  return top ? [top] : null;
};

/** A stored schedule as the editor's form values. */
export const valuesFromSchedule = (s: RecurringSchedule): ComposerValues => ({
  kind: s.content.kind,
  subject: s.content.subject,
  text: s.content.text,
  items: s.content.items.map((item) => ({ label: item.label, answer_kind: item.answer_kind === 'TEXT' ? 'TEXT' : 'FILES', required: item.required })),
  w9_vendor: s.content.w9_vendor,
  repeat: s.frequency,
  weekdays: s.weekdays,
  day_of_month: s.day_of_month ?? undefined,
  start_date: s.start_date,
  end_date: s.end_date ?? undefined,
  due_days: s.due_days,
});

/** The schedule's change: its content (files kept as they are) and recurrence; the start date only when it was moved. */
export const scheduleChange = (s: RecurringSchedule, v: ComposerValues): RecurringScheduleUpdateBody => {
  const { client_company: _company, start_date, ...rest } = scheduleBody(s.client_company, { ...v, kind: s.content.kind }, []);
  return { ...rest, content: { ...rest.content, attachments: s.content.attachments }, ...(start_date !== s.start_date ? { start_date } : {}) };
};
