import { UPCOMING_DAYS, UPCOMING_MAX, type CommunicationStatus, type UpcomingOccurrence } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { NotFoundError } from '../../../lib/errors.js';
import { pageLinks } from '../../../lib/pagination.js';
import { companyAccess } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { requireFirmActor } from '../../../kernel/permissions.js';
import { findFirmByPk } from '../../firm/firm-settings/firm-settings.face.js';
import { occurrencesBetween } from './recurrence.rule.js';
import { addDays, todayIn } from '../../../lib/calendar-days.js';
import { companySchedules, countSchedules, listSchedules, occurrenceCounts, scheduleOccurrences } from './recurring.queries.js';
import { recurrenceOf } from './schedule-row.rule.js';
import { toSchedule } from './schedule.view.js';
import { visibleSchedule } from './recurring.service.js';
import type { AppDeps } from '../../../app-deps.js';

/** A company's schedules, newest first, a page at a time (staff only). */
export const listCompanySchedules = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, query, url }: { companyPk: number; query: { page: number; page_size: number }; url: string },
) => {
  const firmActor = requireFirmActor(actor);
  await companyAccess(db, actor, companyPk, 'accountant');
  const [count, rows] = await Promise.all([
    countSchedules(db, firmActor.firmId, companyPk),
    listSchedules(db, firmActor.firmId, companyPk, query.page_size, (query.page - 1) * query.page_size),
  ]);
  const counts = await occurrenceCounts(
    db,
    rows.map((r) => r.pk),
  );
  return { count, ...pageLinks(url, query.page, query.page_size, count), results: rows.map((row) => toSchedule(row, counts.get(row.pk) ?? 0)) };
};

/** The company's schedules for pickers. */
export const scheduleChoices = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const firmActor = requireFirmActor(actor);
  await companyAccess(db, actor, companyPk, 'accountant');
  const rows = await companySchedules(db, firmActor.firmId, companyPk);
  return rows.map((row) => ({ pk: row.pk, subject: row.content.subject, kind: row.content.kind, frequency: row.frequency }));
};

/** What a schedule created: each date with its communication (null once that was deleted), newest first. */
export const scheduleCommunications = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { schedulePk }: { schedulePk: number }) => {
  const { firmActor } = await visibleSchedule(db, actor, schedulePk);
  const rows = await scheduleOccurrences(db, firmActor.firmId, schedulePk);
  return rows.map((r) => ({
    occurrence_date: r.occurrenceDate,
    communication: r.communicationId,
    subject: r.subject,
    status: r.status as CommunicationStatus | null,
    created_at: r.createdAt.toISOString(),
  }));
};

/**
 * The dates still to come across a company's schedules, soonest first: from each schedule's next date
 * (a due one not yet created included) to `UPCOMING_DAYS` ahead of the firm's today. Staff of the firm
 * and the company's own client users read it (the client's Scheduled screen); anyone else gets 404.
 */
export const upcomingOccurrences = async (
  deps: { db: Db; now?: () => Date },
  actor: Actor,
  { companyPk, side }: { companyPk: number; side: 'accountant' | 'client' },
): Promise<UpcomingOccurrence[]> => {
  const access = await companyAccess(deps.db, actor, companyPk, side);
  const firm = await findFirmByPk(deps.db, access.company.firmId);
  if (!firm) throw new NotFoundError();
  const until = addDays(todayIn(firm.timeZone, deps.now?.() ?? new Date()), UPCOMING_DAYS);
  const upcoming: UpcomingOccurrence[] = [];
  for (const row of await companySchedules(deps.db, firm.pk, companyPk)) {
    if (row.nextOccurrenceDate === null) continue;
    for (const date of occurrencesBetween(recurrenceOf(row), row.nextOccurrenceDate, until)) {
      upcoming.push({
        schedule: row.pk,
        occurrence_date: date,
        kind: row.content.kind,
        subject: row.content.subject,
        due_date: row.dueDays === null ? null : addDays(date, row.dueDays),
        frequency: row.frequency,
      });
    }
  }
  upcoming.sort((a, b) => a.occurrence_date.localeCompare(b.occurrence_date) || a.schedule - b.schedule);
  return upcoming.slice(0, UPCOMING_MAX);
};
