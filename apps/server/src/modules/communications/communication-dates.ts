import { ValidationError } from '../../lib/errors.js';

/**
 * The firm's today, for refusing a due date in the past. Firms have no time
 * zone of their own yet, so this is today on the last clocks on Earth to reach
 * it (UTC−12): a date that is still today anywhere is accepted, and a firm is
 * never refused its own today. Replace with the firm's time zone once it has one.
 */
export const firmToday = (now = new Date()) => new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);

/** A due date a person picks may not be in the past. */
export const checkDueDate = (dueDate: string | null | undefined, field = 'due_date') => {
  if (dueDate && dueDate < firmToday()) throw ValidationError.field(field, 'Due date cannot be in the past.');
};
