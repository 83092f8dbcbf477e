import { DEFAULT_REMINDER_LADDER, type ReminderSchedule } from '@herd/contract';

const DAY_MS = 24 * 60 * 60_000;

/** How far each step of a company's ladder waits; null leaves the step out. */
export interface LadderSettings {
  textAfterDays: number | null;
  callAfterDays: number | null;
}

/** Where one unanswered stretch stands: when its first reminder went, and which steps were taken. */
export interface LadderState {
  unansweredSince: Date | null;
  textedAt: Date | null;
  callDueAt: Date | null;
}

/** A schedule saved before the ladder existed climbs it with the defaults. */
export const ladderOf = (schedule: Partial<ReminderSchedule>): LadderSettings => ({
  textAfterDays: schedule.text_after_days === undefined ? DEFAULT_REMINDER_LADDER.text_after_days : schedule.text_after_days,
  callAfterDays: schedule.call_after_days === undefined ? DEFAULT_REMINDER_LADDER.call_after_days : schedule.call_after_days,
});

const after = (from: Date, days: number) => new Date(from.getTime() + days * DAY_MS);

/**
 * When each step of a stretch that began at `since` falls due. The call counts its days from when the text was
 * due, not from when it went: a text held back by quiet hours does not push the call later, so the schedule
 * the accountant reads on the client's page is the one that happens.
 */
export const ladderDates = (settings: LadderSettings, since: Date) => {
  const text = settings.textAfterDays === null ? null : after(since, settings.textAfterDays);
  const call = settings.callAfterDays === null ? null : after(text ?? since, settings.callAfterDays);
  return { text, call };
};

/** The steps due at `now` and not taken yet; nothing while no reminder is waiting on the client. */
export const dueSteps = (settings: LadderSettings, state: LadderState, now: Date) => {
  if (!state.unansweredSince) return { text: false, call: false };
  const dates = ladderDates(settings, state.unansweredSince);
  return {
    text: dates.text !== null && state.textedAt === null && dates.text <= now,
    call: dates.call !== null && state.callDueAt === null && dates.call <= now,
  };
};
