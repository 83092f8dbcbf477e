import { randomToken } from '../../../lib/crypto.js';
import type { Db } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import type { pendingInvitations } from '../../../db/schema/index.js';
import { insertPendingInvitation, reservePersonPks } from './pending-invitations.queries.js';

type NewInvitation = Omit<typeof pendingInvitations.$inferInsert, 'pk' | 'userPk' | 'memberPk' | 'createdAt' | 'resentAt'>;

/**
 * Records an invitation for the inviting firm, whoever the email belongs to: the same statements run for an
 * unknown email and for another firm's person, since nothing here looks beyond the firm. `sharedUserPk` is
 * the pk of a person the firm already invited elsewhere (a client invited to a second company).
 * Runs in the caller's transaction; the caller queues the job once it commits.
 */
export const recordInvitation = async (tx: Db, values: NewInvitation, sharedUserPk?: number) => {
  const coworker = values.clientCompanyId === null || values.clientCompanyId === undefined;
  const reserved = sharedUserPk === undefined ? await reservePersonPks(tx, coworker) : { userPk: sharedUserPk, memberPk: null };
  return insertPendingInvitation(tx, { ...values, userPk: reserved.userPk, memberPk: reserved.memberPk });
};

/** Queues the job that looks the email up and mails the person (a resend queues it again). */
export const queueInvitationJob = (jobs: JobQueue, pendingPk: number) =>
  jobs.send('auth-email', { kind: 'invitation', pendingPk }, `invitation:${pendingPk}:${randomToken()}`);
