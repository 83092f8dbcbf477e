import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { answerNotices } from '../../../db/schema/index.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { notifyTransactionsAnswered } from './events.service.js';

/**
 * A client's answers are news for the firm (`docs/notifications.md`), but telling each of the firm's
 * people who see the company is a read of the company, of its people and of their unread lines and a
 * write per person: done in the answer's request, it held the answer's transaction open for all of
 * it. The answer only adds its count to the company's pending notice, in its own transaction (so an
 * answer rolled back tells nobody); the `answers-notify` job tells the firm soon after. Unsent: the upsert
 * goes out with the answer's other writes (`writeTogether`); undefined when there is nothing to add.
 */
export const answerNoticeHold = (tx: Db, e: { firmId: number; companyPk: number; count: number }) =>
  e.count <= 0
    ? undefined
    : tx
        .insert(answerNotices)
        .values({ clientCompanyId: e.companyPk, firmId: e.firmId, answers: e.count })
        .onConflictDoUpdate({ target: answerNotices.clientCompanyId, set: { answers: sql`${answerNotices.answers} + excluded.answers`, updatedAt: sql`now()` } });

/** After the answer's transaction committed: one job per company at a time (answers meanwhile join the next). */
export const queueAnswerNotice = (jobs: Pick<JobQueue, 'send'>, companyPk: number) => jobs.send('answers-notify', { companyPk }, `answers:${companyPk}`);

/**
 * The job: takes the company's pending count and tells the firm, in one transaction, so a retry or a
 * second worker finds nothing left to tell. A notice whose job was never queued (the process stopped
 * between the answer's commit and the queueing) goes out with the company's next answers.
 */
export const sendAnswerNotice = (db: Db, companyPk: number) =>
  db.transaction(async (tx) => {
    const [pending] = await tx.delete(answerNotices).where(eq(answerNotices.clientCompanyId, companyPk)).returning();
    if (!pending) return 0;
    return notifyTransactionsAnswered(tx, { firmId: pending.firmId, companyPk, count: pending.answers });
  });
