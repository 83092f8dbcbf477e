import { z } from 'zod';

/** The ladder's steps, in the order they come: the reminder email, a text, a call task for the accountant. */
export const LADDER_STEPS = ['EMAIL', 'TEXT', 'CALL'] as const;
/** A step taken; planned (its day given); or left out by the company's settings. */
export const LADDER_STEP_STATES = ['DONE', 'PLANNED', 'OFF'] as const;

export const reminderLadderStep = z.object({
  step: z.enum(LADDER_STEPS),
  state: z.enum(LADDER_STEP_STATES),
  /** When it was taken (an ISO date-time), or when it is planned: a date-time within an unanswered stretch, else the firm-local day. */
  at: z.string().nullable(),
});

/** Where a client company's reminders stand, for its page: the next reminder day and the ladder after it. */
export const reminderLadderView = z.object({
  client_company: z.number(),
  enabled: z.boolean(),
  /** The firm-local day of the next scheduled reminder run (it emails only people with something open). */
  next_reminder: z.string().nullable(),
  /** When the first reminder the client left unanswered went; null when they are not behind. */
  unanswered_since: z.string().nullable(),
  steps: z.array(reminderLadderStep),
  /** The company's people the firm marked never to be texted. */
  never_texted: z.array(z.string()),
});
export type ReminderLadderView = z.infer<typeof reminderLadderView>;
export type ReminderLadderStep = z.infer<typeof reminderLadderStep>;
