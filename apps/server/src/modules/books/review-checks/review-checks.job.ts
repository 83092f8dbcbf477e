import type { Db } from '../../../db/client.js';
import type { JobQueue } from '../../../jobs/job-queue.js';
import { effectiveReviewCheckSettings } from '@herd/contract';
import { findingsOf } from './review-checks.rule.js';
import { categoryNamesOf, companyForChecks, payeeHistory, rowsToCheck, saveFindings, subAccountsOf } from './review-checks.queries.js';

/** One run per company waits at a time: a pull and an accountant's "run now" meeting in the queue run it once. */
export const queueReviewChecks = (jobs: Pick<JobQueue, 'send'>, companyPk: number) => jobs.send('review-checks', { companyPk }, `review:${companyPk}`);

/**
 * Runs every check over one company's categorized transactions of the window, and keeps what they found
 * (docs/review-checks.md). Reads and computes off the request path; writes the findings in one transaction.
 */
export const runReviewChecks = async (deps: { db: Db }, companyPk: number, now = new Date()) => {
  const company = await companyForChecks(deps.db, companyPk);
  if (!company) return 0;
  const settings = effectiveReviewCheckSettings(company.settings);
  const since = new Date(now.getTime() - settings.window_days * 86_400_000).toISOString().slice(0, 10);
  const rows = await rowsToCheck(deps.db, companyPk, since);
  const findings = findingsOf(rows, {
    settings,
    history: settings.checks.PAYEE_CODED_DIFFERENTLY ? await payeeHistory(deps.db, companyPk) : new Map(),
    categoryNames: await categoryNamesOf(deps.db, companyPk),
    subAccounts: settings.checks.PARENT_ACCOUNT ? await subAccountsOf(deps.db, companyPk) : new Map(),
    // The company's own receipt rule first; the firm's amount for a company that sets none.
    receiptAbove: company.askRules.receipt_above ?? settings.receipt_above,
  });
  await saveFindings(deps.db, company, findings, now);
  return findings.length;
};
