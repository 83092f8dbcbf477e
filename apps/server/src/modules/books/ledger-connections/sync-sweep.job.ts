import type { AppDeps } from '../../../app-deps.js';
import { LedgerLimitReachedError } from '../ledger/ledger.face.js';
import { subscriptionIsReadOnly } from '../../firm/billing/billing.face.js';
import { queuePull } from './pull-requests.service.js';
import { GRANT_RENEWAL_INTERVALS, nextRunAfterFailure, nextRunAfterSuccess, slotAfter } from './sync-schedule.rule.js';
import { claimDuePulls, countPullFailure, findUnscheduled, recordPullSuccess, setBackedOffRun, setFirstRuns } from './sync-schedule.queries.js';

export type SyncSweepDeps = Pick<AppDeps, 'db' | 'ledgers' | 'jobs' | 'storage' | 'config'>;

export interface SyncSweepResult {
  /** Companies whose turn had come (claimed by this sweep and no other). */
  claimed: number;
  /** Of them, those queued for a pull (the others belong to read-only firms). */
  queued: number;
}

/**
 * The clocked sweep (`ledger-sync-sweep`, every five minutes): places the connections the schedule has
 * not seen yet at their slot, then queues an incremental pull of every connected company whose turn has
 * come or whose grant needs renewing. A read-only firm's companies are passed over (their turn moves on
 * by an interval, so they are looked at again); the first pull after the firm pays catches up.
 */
export const sweepLedgerSyncs = async (deps: SyncSweepDeps, now = new Date()): Promise<SyncSweepResult> => {
  const interval = deps.config.ledgerSyncIntervalMs;
  const unscheduled = await findUnscheduled(deps.db);
  await setFirstRuns(
    deps.db,
    unscheduled.map((c) => ({ pk: c.pk, at: slotAfter(c.companyPk, now, interval) })),
  );
  const claimed = await claimDuePulls(deps.db, {
    now,
    leaseUntil: new Date(now.getTime() + interval),
    renewBy: new Date(now.getTime() + GRANT_RENEWAL_INTERVALS * interval),
    queuedBefore: new Date(now.getTime() - interval),
  });
  let queued = 0;
  for (const company of claimed) {
    // A ledger that calls Herd (QuickBooks Desktop) runs on its Web Connector's own schedule.
    const adapter = deps.ledgers.adapterFor(company.kind);
    if (!adapter.remote || adapter.waitsForConnector || subscriptionIsReadOnly(deps.config.billing, company.subscription, now)) continue;
    // The job key is the company's (`company:<pk>`), as for every pull: one waiting and one running at most.
    await queuePull(deps, company.companyPk, 'INCREMENTAL');
    queued += 1;
  }
  return { claimed: claimed.length, queued };
};

/**
 * Runs one pull (scheduled or not: a webhook's, a person's, a connect's) and records how it went on the
 * schedule: a pull that finished forgives earlier failures and sets the company's next slot; one that
 * failed counts, pushes the next scheduled try further out, and is thrown on so the job is retried;
 * one stopped by a spent allowance waits until the ledger allows it and is not retried before.
 * `now` is read when the pull ends (the bench moves it).
 */
export const recordPullOutcome = async (
  deps: Pick<AppDeps, 'db' | 'config'>,
  companyPk: number,
  pull: () => Promise<void>,
  now: () => Date = () => new Date(),
): Promise<void> => {
  const interval = deps.config.ledgerSyncIntervalMs;
  try {
    await pull();
  } catch (err) {
    const failures = await countPullFailure(deps.db, companyPk);
    // A spent allowance names when it comes back: the company waits for that (or its back-off, if later).
    const allowedAgain = err instanceof LedgerLimitReachedError && err.retryAfterMs !== null ? new Date(now().getTime() + err.retryAfterMs) : null;
    const backedOff = failures === null ? null : nextRunAfterFailure(failures, now(), interval);
    if (failures !== null && backedOff) await setBackedOffRun(deps.db, companyPk, failures, allowedAgain && allowedAgain > backedOff ? allowedAgain : backedOff);
    // The job's own retries would only meet the same refusal before then; the schedule resumes the pull.
    if (allowedAgain) return;
    throw err;
  }
  await recordPullSuccess(deps.db, companyPk, nextRunAfterSuccess(companyPk, now(), interval));
};
