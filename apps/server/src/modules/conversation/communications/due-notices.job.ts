import type { Db } from '../../../db/client.js';
import { subscriptionIsReadOnly } from '../../firm/billing/billing.face.js';
import { notifyRequestDue } from '../../messaging/notifications/notifications.face.js';
import { claimDueNotice, holdClientDueNotices, requestsToTellOf } from './due-notices.queries.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { companiesWithFailedNotices, queueArrivalNotices } from './arrival-notices.queries.js';

/**
 * How long after its due date a request is still told of as overdue. After downtime (or when a lapsed firm
 * pays again) the requests that fell due within the week are told of once; older ones are not: a pile of
 * month-old news in the bell helps nobody, and the requests list shows them as overdue anyway.
 */
export const OVERDUE_WINDOW_DAYS = 7;

export interface DueNoticeDeps {
  db: Db;
  jobs: Pick<JobQueue, 'sendMany'>;
  /** Billing off: no firm is ever read-only. Absent: the subscriptions decide, as with billing on. */
  config?: { billing: { mode: string } };
  now?: () => Date;
}

/**
 * The clocked sweep (`request-due-sweep`): tells the firm's people who see each company of its requests
 * waiting on the client that are due today or became overdue, in the firm's zone, once per request and due
 * date. Each notice is claimed on the request's row in the transaction that writes its notifications, so
 * two workers' sweeps racing write them once. The client's people are told too, by email and text, from
 * their firm's morning on, unless their reminder goes that day. A read-only firm is told nothing (its clients cannot answer until it pays).
 * Returns how many requests it told of.
 */
export const sweepDueRequests = async (deps: DueNoticeDeps): Promise<number> => {
  const now = deps.now?.() ?? new Date();
  let told = 0;
  for (const request of await requestsToTellOf(deps.db, now, OVERDUE_WINDOW_DAYS)) {
    if (subscriptionIsReadOnly(deps.config?.billing, request.subscription, now)) continue;
    const claimed = await deps.db.transaction(async (tx) => {
      if (!(await claimDueNotice(tx, request.pk, request.dueDate, request.overdue))) return false;
      await notifyRequestDue(tx, { ...request, overdue: Boolean(request.overdue) });
      return true;
    });
    if (claimed) told += 1;
  }
  // The client's people, from their firm's morning on: by a message of their own, sent by the jobs, unless
  // the day's reminder lists the request (one message a day at most either way).
  // …and notices that could not be sent earlier go round again, for a few days.
  await queueArrivalNotices(deps.jobs, [...(await holdClientDueNotices(deps.db, now, OVERDUE_WINDOW_DAYS)), ...(await companiesWithFailedNotices(deps.db, now))]);
  return told;
};
