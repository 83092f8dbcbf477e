import { ValidationError } from '../../../lib/errors.js';

/** A due date a person picks may not be before the firm's today (`firmToday`, in its time zone). */
export const checkDueDate = (dueDate: string | null | undefined, firmToday: string, field = 'due_date') => {
  if (dueDate && dueDate < firmToday) throw ValidationError.field(field, 'Due date cannot be in the past.');
};
