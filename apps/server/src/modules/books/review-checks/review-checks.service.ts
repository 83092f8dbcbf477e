import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { can } from '../../../kernel/permissions.js';
import { NotFoundError } from '../../../lib/errors.js';
import { queueReviewChecks } from './review-checks.job.js';
import { listFindings, settleFinding } from './review-checks.queries.js';
import { toFinding } from './review-checks.view.js';

const STATES = { open: 'OPEN', dismissed: 'DISMISSED', asked: 'ASKED' } as const;

/** `review-checks/`: the findings of the company's last run, open or dismissed, for whoever works on the client. */
export const listReviewFindings = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, state }: { companyPk: number; state: 'open' | 'dismissed' | 'asked' },
) => {
  const firmActor = can.workOnClients(actor);
  const { company } = await companyAccess(db, firmActor, companyPk, 'accountant');
  const rows = await listFindings(db, firmActor.firmId, company.pk, STATES[state]);
  return { count: rows.length, results: rows.map(toFinding), checked_at: company.reviewCheckedAt?.toISOString() ?? null };
};

/** `review-checks/run/`: queues a run now (it reads a year of the company's books, so never on the request). */
export const runReviewChecksNow = async ({ db, jobs }: Pick<AppDeps, 'db' | 'jobs'>, actor: Actor, { companyPk }: { companyPk: number }) => {
  const firmActor = can.workOnClients(actor);
  const { company } = await companyAccess(db, firmActor, companyPk, 'accountant');
  await queueReviewChecks(jobs, company.pk);
  return { queued: true };
};

/** `review-checks/{finding}/dismiss/`: a finding the accountant judged fine stays dismissed in later runs. */
export const dismissReviewFinding = async ({ db }: Pick<AppDeps, 'db'>, actor: Actor, { companyPk, findingPk }: { companyPk: number; findingPk: number }) => {
  const firmActor = can.workOnClients(actor);
  const { company } = await companyAccess(db, firmActor, companyPk, 'accountant');
  const row = await settleFinding(db, firmActor.firmId, company.pk, findingPk, { state: 'DISMISSED', by: actor.userId, at: new Date() });
  if (!row) throw new NotFoundError();
  return toFinding(row);
};
