import type { JobQueue } from '../../jobs/job-queue.js';
import { escalate, type EscalationHook } from './escalation.js';
import { hasOpenWork } from './reminder-content.js';
import {
  claimReminderRun,
  clientActedSince,
  companiesDueForReminders,
  findFirmOfCompany,
  openWorkOf,
  recordReminderRun,
  reminderRecipients,
  type OpenWork,
} from './reminders.queries.js';
import { sendReminder, type ReminderContext } from './send-reminder.js';

export interface ReminderRunDeps extends ReminderContext {
  jobs: JobQueue;
  now?: () => Date;
  onEscalation?: EscalationHook;
}

/** The job key of one company's run on one firm-local date: pg-boss keeps one waiting per key. */
export const reminderKey = (companyPk: number, date: string) => `${companyPk}:${date}`;

/**
 * The clocked sweep: every company whose reminder day has begun in its firm's zone, not yet run today,
 * with something open, gets one `client-reminder` job. A day the workers missed is not caught up: the
 * next reminder day comes soon enough, and a late reminder beside a fresh one is noise. Returns how many it queued.
 */
export const sweepReminders = async (deps: ReminderRunDeps): Promise<number> => {
  const due = await companiesDueForReminders(deps.db, deps.now?.() ?? new Date());
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
  const company = await claimReminderRun(deps.db, data.companyPk, data.date);
  if (!company) return 0;
  const firm = await findFirmOfCompany(deps.db, company.firmId);
  const brand = { firmName: firm.companyName, mainColor: firm.mainColor };
  const acted = company.lastRemindedAt ? await clientActedSince(deps.db, company.pk, company.lastRemindedAt) : false;
  let unanswered = acted ? 0 : company.unansweredReminders;
  let escalatedAt = acted ? null : company.reminderEscalatedAt;

  let reached = 0;
  let unrestrictedWork: OpenWork | null = null;
  for (const person of await reminderRecipients(deps.db, company.pk)) {
    const restricted = person.restrictions.paymentAccountIds !== null || person.restrictions.watchedAccountIds !== null;
    // Everyone without account restrictions sees the same work: read it once.
    const work = restricted
      ? await openWorkOf(deps.db, company.firmId, company.pk, { userPk: person.pk, restrictions: person.restrictions })
      : (unrestrictedWork ??= await openWorkOf(deps.db, company.firmId, company.pk, { userPk: person.pk, restrictions: person.restrictions }));
    if (!hasOpenWork(work)) continue;
    if (await sendReminder(deps, brand, company, person, work)) reached += 1;
  }

  const now = deps.now?.() ?? new Date();
  if (reached > 0) {
    unanswered += 1;
    if (unanswered >= firm.reminderEscalateAfter && !escalatedAt) {
      await escalate(deps, brand, { firmId: company.firmId, company, unanswered }, deps.onEscalation);
      escalatedAt = now;
    }
  }
  await recordReminderRun(deps.db, company.pk, {
    ...(reached > 0 ? { lastRemindedAt: now } : {}),
    unansweredReminders: unanswered,
    reminderEscalatedAt: escalatedAt,
  });
  return reached;
};
