import type { JobQueue } from '../../../jobs/job-queue.js';
import { subscriptionIsReadOnly } from '../../firm/billing/billing.face.js';
import { findSubscriptionOfCompany } from '../../firm/billing/billing.face.js';
import { notifyClientUnresponsive } from '../../messaging/notifications/notifications.face.js';
import { accountantsToTell, emailEscalation, type Accountant, type Escalation } from './escalation.content.js';
import { hasOpenWork } from './reminder.content.js';
import {
  claimReminderRun,
  clientActedSince,
  companiesDueForReminders,
  findFirmOfCompany,
  markEscalated,
  openWorkReader,
  recordReminderRun,
  reminderRecipients,
} from './reminders.queries.js';
import { sendReminder } from './send-reminder.service.js';
import type { ReminderContext } from './reminders.types.js';
import { climbCompanyLadder } from './reminder-ladder.job.js';

export interface ReminderRunDeps extends ReminderContext {
  jobs: JobQueue;
  /** Billing off: no firm is ever read-only. Absent: the subscriptions decide, as with billing on. */
  config?: { billing: { mode: string } };
  now?: () => Date;
}

/** The job key of one company's run on one firm-local date: pg-boss keeps one waiting per key. */
export const reminderKey = (companyPk: number, date: string) => `${companyPk}:${date}`;

/**
 * The clocked sweep: every company whose reminder day has begun in its firm's zone, not yet run today,
 * with something open, gets one `client-reminder` job. A day the workers missed is not caught up: the
 * next reminder day comes soon enough, and a late reminder beside a fresh one is noise. A read-only (lapsed)
 * firm's clients are not reminded: they could not answer until it pays. Returns how many it queued.
 */
export const sweepReminders = async (deps: ReminderRunDeps): Promise<number> => {
  const now = deps.now?.() ?? new Date();
  const due = (await companiesDueForReminders(deps.db, now)).filter((c) => !subscriptionIsReadOnly(deps.config?.billing, c.subscription, now));
  await deps.jobs.sendMany(
    'client-reminder',
    due.map(({ companyPk, date }) => ({ data: { companyPk, date }, key: reminderKey(companyPk, date) })),
  );
  return due.length;
};

/**
 * One company's run on one date, exactly once: claiming the date on the company's row lets one caller
 * through (two workers, a retry, a job queued twice). Each active client user with something open in
 * their own view gets a reminder; the rest get nothing. Then the escalation count: reset if a client of
 * the company acted since the last reminder, one more if this run reached anyone, and at the firm's
 * threshold the accountants are told, once.
 */
export const runCompanyReminder = async (deps: ReminderRunDeps, data: { companyPk: number; date: string }): Promise<number> => {
  // A run queued just before the firm lapsed sends nothing and leaves its day unclaimed.
  if (subscriptionIsReadOnly(deps.config?.billing, await findSubscriptionOfCompany(deps.db, data.companyPk), deps.now?.() ?? new Date())) return 0;
  const company = await claimReminderRun(deps.db, data.companyPk, data.date);
  if (!company) return 0;
  const firm = await findFirmOfCompany(deps.db, company.firmId);
  const brand = { firmName: firm.companyName, mainColor: firm.mainColor };
  const acted = company.lastRemindedAt ? await clientActedSince(deps.db, company.pk, company.lastRemindedAt) : false;
  let unanswered = acted ? 0 : company.unansweredReminders;
  const escalatedAt = acted ? null : company.reminderEscalatedAt;

  let reached = 0;
  const workOf = openWorkReader(deps.db, company.firmId, company.pk);
  for (const person of await reminderRecipients(deps.db, company.pk)) {
    const work = await workOf(person);
    if (!hasOpenWork(work)) continue;
    if (await sendReminder(deps, brand, company, person, work, { text: false })) reached += 1;
  }

  const now = deps.now?.() ?? new Date();
  let escalation: Escalation | null = null;
  if (reached > 0) {
    unanswered += 1;
    if (unanswered >= firm.reminderEscalateAfter && !escalatedAt) escalation = { firmId: company.firmId, company, unanswered };
  }
  const accountants: Accountant[] = escalation ? await accountantsToTell(deps, escalation) : [];
  // The escalation's mark and its in-app notifications commit together, and only for the run that set the mark
  // (the run's claim on its date already lets one run through; the mark keeps it so whatever overlaps).
  // The ladder's stretch begins with the first reminder the client leaves unanswered, and ends when they act.
  const kept = acted ? null : company.unansweredSince;
  const unansweredSince = kept ?? (reached > 0 ? now : null);
  const stretch = unansweredSince === kept ? {} : { unansweredSince, ladderTextedUsers: [], ladderTextedAt: null, ladderCallDueAt: null };
  const escalated = await deps.db.transaction(async (tx) => {
    await recordReminderRun(tx, company.pk, {
      ...(reached > 0 ? { lastRemindedAt: now } : {}),
      unansweredReminders: unanswered,
      reminderEscalatedAt: escalatedAt,
      ...stretch,
    });
    const marked = escalation !== null && (await markEscalated(tx, company.pk, now));
    if (marked) await notifyClientUnresponsive(tx, { firmId: company.firmId, companyPk: company.pk, unanswered, accountantPks: accountants.map((a) => a.pk) });
    return marked;
  });
  if (escalated && escalation) await emailEscalation(deps, brand, escalation, accountants);
  // A ladder whose text comes with the email (after 0 days) takes it now, not at the next sweep.
  await climbCompanyLadder(deps, { ...company, ...stretch }, now);
  return reached;
};
