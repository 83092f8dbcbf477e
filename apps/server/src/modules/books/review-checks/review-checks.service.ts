import type { ReviewFinding } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { SuggestionDeps } from '../suggestions/suggestions.face.js';
import type { Actor } from '../../../kernel/actor.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { can } from '../../../kernel/permissions.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { sendTransactionsBack } from '../transactions/transactions.face.js';
import { queueReviewChecks } from './review-checks.job.js';
import { findingOf, listFindings, settleFinding } from './review-checks.queries.js';
import type { ReviewFindingRow } from './review-checks.types.js';

const STATES = { open: 'OPEN', dismissed: 'DISMISSED', asked: 'ASKED' } as const;

const toFinding = (row: ReviewFindingRow): ReviewFinding => ({
  pk: row.pk,
  check: row.check,
  state: row.state,
  reason: row.reason,
  question: row.question,
  transaction: { pk: row.transactionPk, date: row.date, amount: row.amount, payee: row.payee, status: row.status },
  found_at: row.foundAt.toISOString(),
});

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

/**
 * `review-checks/{finding}/ask/`: one click sends the transaction back to the client with the finding's question (a note
 * on it, and the client hears of it as of any send-back), then marks the finding asked, so later runs do not raise it
 * again. Only an open finding of a transaction that can go back: a refusal says why, as the send-back's own does.
 */
export const askAboutFinding = async (deps: SuggestionDeps, actor: Actor, { companyPk, findingPk }: { companyPk: number; findingPk: number }) => {
  const firmActor = can.workOnClients(actor);
  const { company } = await companyAccess(deps.db, firmActor, companyPk, 'accountant');
  const finding = await findingOf(deps.db, firmActor.firmId, company.pk, findingPk);
  if (!finding) throw new NotFoundError();
  if (finding.state !== 'OPEN') throw ValidationError.detail('This finding was already dismissed or asked about.');
  await sendTransactionsBack(deps, actor, { companyPk: company.pk, pks: [finding.transactionPk], message: finding.question });
  // After the send-back: a mark that failed here leaves an open finding whose transaction is the client's again, which the next run drops.
  return toFinding((await settleFinding(deps.db, firmActor.firmId, company.pk, findingPk, { state: 'ASKED', by: actor.userId, at: new Date() }))!);
};
