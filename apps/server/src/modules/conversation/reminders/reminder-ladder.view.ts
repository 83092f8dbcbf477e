import type { ReminderLadderStep, ReminderLadderView } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { can } from '../../../kernel/permissions.js';
import { ladderDates, ladderOf, type LadderSettings } from './reminder-ladder.rule.js';
import { findLadderCompany, neverTextedOf, type LadderCompany } from './reminder-ladder.queries.js';
import { clientActedSince, findFirmOfCompany } from './reminders.queries.js';

/** "2026-12-07": the day `at` falls on in `timeZone`. */
const localDay = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();

/** The firm-local day of the next reminder run: today when its day has begun and it has not run yet, else the next reminder weekday. */
export const nextReminderDay = (weekdays: number[], lastRunDay: string | null, today: string) => {
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const day = addDays(today, ahead);
    if (ahead === 0 && lastRunDay !== null && lastRunDay >= today) continue;
    if (weekdays.includes(weekdayOf(day))) return day;
  }
  return null;
};

const step = (name: ReminderLadderStep['step'], state: ReminderLadderStep['state'], at: string | null): ReminderLadderStep => ({ step: name, state, at });

/** The steps of a stretch under way: what was taken and when, what comes and when. */
const stepsUnderWay = (settings: LadderSettings, company: LadderCompany, since: Date): ReminderLadderStep[] => {
  const dates = ladderDates(settings, since);
  const later = (done: Date | null, planned: Date | null, name: 'TEXT' | 'CALL') =>
    done ? step(name, 'DONE', done.toISOString()) : planned ? step(name, 'PLANNED', planned.toISOString()) : step(name, 'OFF', null);
  return [step('EMAIL', 'DONE', since.toISOString()), later(company.ladderTextedAt, dates.text, 'TEXT'), later(company.ladderCallDueAt, dates.call, 'CALL')];
};

/** The steps planned from the next reminder day, for a client who is not behind. */
const stepsAhead = (settings: LadderSettings, next: string | null): ReminderLadderStep[] => {
  const text = settings.textAfterDays === null ? null : next && addDays(next, settings.textAfterDays);
  const call = settings.callAfterDays === null ? null : next && addDays(text ?? next, settings.callAfterDays);
  return [
    step('EMAIL', 'PLANNED', next),
    settings.textAfterDays === null ? step('TEXT', 'OFF', null) : step('TEXT', 'PLANNED', text),
    settings.callAfterDays === null ? step('CALL', 'OFF', null) : step('CALL', 'PLANNED', call),
  ];
};

/** `reminder-ladder/`: the company's next reminder and the ladder after it, for the accountant. */
export const reminderLadderOf = async ({ db }: { db: Db }, actor: Actor, { companyPk }: { companyPk: number }, now = new Date()): Promise<ReminderLadderView> => {
  const firmActor = can.workOnClients(actor);
  await companyAccess(db, firmActor, companyPk, 'accountant');
  const company = (await findLadderCompany(db, firmActor.firmId, companyPk))!;
  const firm = await findFirmOfCompany(db, firmActor.firmId);
  const schedule = company.reminderSchedule;
  const settings = ladderOf(schedule);
  const next = schedule.enabled ? nextReminderDay(schedule.weekdays ?? [firm.reminderWeekday], company.lastReminderDate, localDay(now, firm.timeZone)) : null;
  // A client who acted since is not behind, whether or not a sweep or a run has ended the stretch yet.
  const since = schedule.enabled && company.unansweredSince && !(await clientActedSince(db, company.pk, company.unansweredSince)) ? company.unansweredSince : null;
  return {
    client_company: company.pk,
    enabled: schedule.enabled,
    next_reminder: next,
    unanswered_since: since?.toISOString() ?? null,
    steps: since ? stepsUnderWay(settings, company, since) : stepsAhead(settings, next),
    never_texted: await neverTextedOf(db, company.pk),
  };
};
