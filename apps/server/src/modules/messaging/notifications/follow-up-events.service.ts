import { dayInWords } from '../../../lib/calendar-days.js';
import type { Db } from '../../../db/client.js';
import { notify } from './notify.service.js';
import { companyNameOf } from './notifications.queries.js';

/**
 * What the bell tells the firm about work a client has let slide: a request
 * due today or overdue, and a client who let several reminders go by. Each is
 * called inside the transaction that records it was told, so it is told once.
 */

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** "Jun 5, 2026": a calendar date, never shifted by a time zone. */

/** A request waiting on the client is due today, or was due yesterday or earlier: the firm's people who see the company. */
export const notifyRequestDue = async (tx: Db, e: { firmId: number; companyPk: number; pk: number; subject: string; dueDate: string; overdue: boolean }) => {
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: e.overdue ? 'REQUEST_OVERDUE' : 'REQUEST_DUE',
    target: { type: 'COMMUNICATION', pk: e.pk },
    title: e.overdue ? `${name}: “${e.subject}” is overdue` : `${name}: “${e.subject}” is due today`,
    text: e.overdue ? `Due ${dayInWords(e.dueDate)}; not answered yet.` : 'Not answered yet.',
    to: { firm: true },
  });
};

/**
 * A client let `unanswered` reminders in a row go by: the same people the escalation email goes to (the
 * company's assigned accountants, its firm admins when nobody is assigned), still within who sees the company.
 */
export const notifyClientUnresponsive = async (tx: Db, e: { firmId: number; companyPk: number; unanswered: number; accountantPks: number[] }) => {
  if (e.accountantPks.length === 0) return 0;
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'CLIENT_UNRESPONSIVE',
    target: { type: 'CLIENT_COMPANY', pk: e.companyPk },
    title: `${name} has not answered ${plural(e.unanswered, 'reminder')}`,
    text: 'Nothing answered since. A call may get things moving.',
    to: { firm: { among: e.accountantPks } },
  });
};

/**
 * The reminder ladder's last step: the client left its questions unanswered through an email and a text, so the
 * company's assigned accountants (its firm admins when nobody is assigned) are asked to call, once per stretch.
 */
export const notifyCallDue = async (tx: Db, e: { firmId: number; companyPk: number; since: Date; timeZone: string; accountantPks: number[] }) => {
  if (e.accountantPks.length === 0) return 0;
  const name = await companyNameOf(tx, e.firmId, e.companyPk);
  const since = e.since.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: e.timeZone });
  return notify(tx, {
    firmId: e.firmId,
    clientCompanyId: e.companyPk,
    kind: 'CLIENT_CALL_DUE',
    target: { type: 'CLIENT_COMPANY', pk: e.companyPk },
    title: `Call ${name}`,
    text: `Their questions have waited since ${since}, through a reminder email and a text.`,
    to: { firm: { among: e.accountantPks } },
  });
};
