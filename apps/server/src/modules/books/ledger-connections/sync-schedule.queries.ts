import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ConnectionKind, SubscriptionStatus } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ledgerConnections } from '../../../db/schema/index.js';

/** Connections the schedule has not placed yet: just connected, or made before the schedule existed. */
export const findUnscheduled = (db: Db) =>
  db.select({ pk: ledgerConnections.pk, companyPk: ledgerConnections.clientCompanyId }).from(ledgerConnections).where(isNull(ledgerConnections.nextPullAt));

/** Gives each connection its first run, in one statement per thousand; one placed meanwhile (a pull finished) keeps its own. */
export const setFirstRuns = async (db: Db, runs: { pk: number; at: Date }[]) => {
  for (let i = 0; i < runs.length; i += 1000) {
    const values = runs.slice(i, i + 1000).map((run) => sql`(${run.pk}::int, ${run.at.toISOString()}::timestamptz)`);
    await db.execute(sql`
      update ledger_connections lc set next_pull_at = v.at
      from (values ${sql.join(values, sql`, `)}) as v(pk, at)
      where lc.pk = v.pk and lc.next_pull_at is null`);
  }
};

export interface ClaimedPull {
  companyPk: number;
  kind: ConnectionKind;
  /** The firm's subscription, for the read-only check (null: a firm from before billing). */
  subscription: { status: SubscriptionStatus | null; trialEndsAt: Date | null } | null;
}

interface ClaimedRow {
  company_pk: number;
  kind: ConnectionKind;
  status: SubscriptionStatus | null;
  trial_ends_at: string | Date | null;
}

/**
 * Claims, in one statement, every connected company whose turn has come at `now` (its run is due, or its
 * refresh token expires before `renewBy` and no sweep queued it within the last interval), moving its next
 * run to `leaseUntil` so that no other sweep claims it again: on PostgreSQL a second sweep waits for the
 * first's row locks and then finds the rows no longer due. The pull's outcome sets the real next run.
 */
export const claimDuePulls = async (db: Db, at: { now: Date; leaseUntil: Date; renewBy: Date; queuedBefore: Date }): Promise<ClaimedPull[]> => {
  const result = (await db.execute(sql`
    update ledger_connections lc
    set next_pull_at = ${at.leaseUntil.toISOString()}::timestamptz, last_scheduled_at = ${at.now.toISOString()}::timestamptz
    from client_companies c
    left join subscriptions s on s.firm_id = c.firm_id
    where c.pk = lc.client_company_id and c.connection_state = 'CONNECTED'
      and (lc.next_pull_at <= ${at.now.toISOString()}::timestamptz
        or (lc.refresh_expires_at <= ${at.renewBy.toISOString()}::timestamptz
          and (lc.last_scheduled_at is null or lc.last_scheduled_at <= ${at.queuedBefore.toISOString()}::timestamptz)))
    returning lc.client_company_id as company_pk, c.connection_kind as kind, s.status, s.trial_ends_at`)) as { rows: ClaimedRow[] };
  return result.rows.map((row) => ({
    companyPk: row.company_pk,
    kind: row.kind,
    subscription: row.status ? { status: row.status, trialEndsAt: row.trial_ends_at === null ? null : new Date(row.trial_ends_at) } : null,
  }));
};

const ofCompany = (companyPk: number) => eq(ledgerConnections.clientCompanyId, companyPk);

/** A pull finished: the failures are forgiven and the next run is set. */
export const recordPullSuccess = (db: Db, companyPk: number, nextPullAt: Date) =>
  db.update(ledgerConnections).set({ pullFailures: 0, nextPullAt }).where(ofCompany(companyPk));

/** A pull failed: one more failure in a row; answers how many (null when the company has no connection). */
export const countPullFailure = async (db: Db, companyPk: number): Promise<number | null> => {
  const [row] = await db
    .update(ledgerConnections)
    .set({ pullFailures: sql`${ledgerConnections.pullFailures} + 1` })
    .where(ofCompany(companyPk))
    .returning({ failures: ledgerConnections.pullFailures });
  return row?.failures ?? null;
};

/** The failing company's next try; only while no later failure or success has been recorded since. */
export const setBackedOffRun = (db: Db, companyPk: number, failures: number, nextPullAt: Date) =>
  db
    .update(ledgerConnections)
    .set({ nextPullAt })
    .where(and(ofCompany(companyPk), eq(ledgerConnections.pullFailures, failures)));
