import { hasOptedOut } from '../../../mail/unsubscribe.js';
import { notifyCallDue } from '../../messaging/notifications/notifications.face.js';
import { oweKarbon } from '../../firm/practice-management/practice-management.face.js';
import { dueSteps, ladderOf } from './reminder-ladder.rule.js';
import {
  claimLadderCall,
  claimLadderText,
  companiesOnTheLadder,
  companyHasOpenWork,
  endStretch,
  giveBackLadderText,
  markLadderTexted,
  type LadderCompany,
} from './reminder-ladder.queries.js';
import { textReminder } from './reminder-text.service.js';
import { accountantsOfCompany, clientActedSince, findFirmOfCompany, openWorkReader, reminderRecipients } from './reminders.queries.js';
import type { ReminderContext } from './reminders.types.js';

/**
 * The ladder's text: each of the company's people with something open is texted once in the stretch. A person in
 * their quiet hours, or whose phone took a push in the last day, keeps their turn for a later sweep; the step is
 * taken once nobody is left waiting.
 */
const takeTextStep = async (ctx: ReminderContext, company: LadderCompany, since: Date, now: Date) => {
  const firm = await findFirmOfCompany(ctx.db, company.firmId);
  let waiting = false;
  const workOf = openWorkReader(ctx.db, company.firmId, company.pk);
  for (const person of await reminderRecipients(ctx.db, company.pk)) {
    if (company.ladderTextedUsers.includes(person.pk)) continue;
    if (await hasOptedOut(ctx.db, { userId: person.pk, kind: 'REMINDERS' })) continue;
    const work = await workOf(person);
    if (!(await claimLadderText(ctx.db, company.pk, since, person.pk))) continue;
    const outcome = await textReminder(ctx, firm.companyName ?? 'Your accountant', company, person, work, now);
    // Their quiet hours, or a push in the last day: their turn waits for a later sweep.
    if (outcome === 'quiet' || outcome === 'pushed') {
      await giveBackLadderText(ctx.db, company.pk, since, person.pk);
      waiting = true;
    }
  }
  if (!waiting) await markLadderTexted(ctx.db, company.pk, since, now);
};

/** The ladder's call: the accountants' bell and, when the company is linked to Karbon, a work item; once per stretch. */
const takeCallStep = async (ctx: ReminderContext, company: LadderCompany, since: Date, now: Date) => {
  const firm = await findFirmOfCompany(ctx.db, company.firmId);
  const accountants = await accountantsOfCompany(ctx.db, company.firmId, company.pk);
  await ctx.db.transaction(async (tx) => {
    if (!(await claimLadderCall(tx, company.pk, since, now))) return;
    await notifyCallDue(tx, { firmId: company.firmId, companyPk: company.pk, since, timeZone: firm.timeZone, accountantPks: accountants.map((a) => a.pk) });
    const sinceDay = since.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: firm.timeZone });
    await oweKarbon(tx, { firmId: company.firmId, companyPk: company.pk, kind: 'CALL_DUE', about: `call:${since.toISOString()}`, payload: { since: sinceDay } });
  });
};

/**
 * Takes the steps of one company's ladder due at `now` (docs/reminders.md). The moment a client of the company acts,
 * or nothing is open any more, the stretch ends instead: no text or call follows an answer.
 */
export const climbCompanyLadder = async (ctx: ReminderContext, company: LadderCompany, now: Date) => {
  const since = company.unansweredSince;
  if (!since) return;
  if ((await clientActedSince(ctx.db, company.pk, since)) || !(await companyHasOpenWork(ctx.db, company.pk))) {
    await endStretch(ctx.db, company.pk, since);
    return;
  }
  const due = dueSteps(ladderOf(company.reminderSchedule), { unansweredSince: since, textedAt: company.ladderTextedAt, callDueAt: company.ladderCallDueAt }, now);
  if (due.text) await takeTextStep(ctx, company, since, now);
  if (due.call) await takeCallStep(ctx, company, since, now);
};

/** The clocked sweep (every 15 minutes, beside the reminders'): each company on the ladder climbs what is due. */
export const climbLadders = async (ctx: ReminderContext, now: Date, log?: { warn: (details: object, message: string) => void }) => {
  for (const company of await companiesOnTheLadder(ctx.db)) {
    // One company's failure (a texting outage) must not hold the others; the next sweep tries it again.
    await climbCompanyLadder(ctx, company, now).catch((error: unknown) => log?.warn({ err: error, companyPk: company.pk }, 'reminder ladder step failed'));
  }
};
