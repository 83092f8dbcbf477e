import type { RecurringSchedule } from '@herd/contract';
import { recurrenceOf, type ScheduleRow } from './schedule-row.rule.js';

/** A schedule as the API answers it. */
export const toSchedule = (row: ScheduleRow, occurrencesCount: number): RecurringSchedule => {
  const recurrence = recurrenceOf(row);
  return {
    pk: row.pk,
    client_company: row.clientCompanyId,
    content: row.content,
    due_days: row.dueDays,
    ...recurrence,
    next_occurrence: row.nextOccurrenceDate,
    occurrences_count: occurrencesCount,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};
