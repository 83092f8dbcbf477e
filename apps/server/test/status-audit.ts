import { eq, sql } from 'drizzle-orm';
import { canTransition, type TransactionStatus } from '@herd/contract';
import type { Db } from '../src/db/client.js';
import { transactions } from '../src/db/schema/index.js';

/**
 * Every test database records each change of a transaction's status, whoever
 * makes it, with a trigger; when the test app closes, each recorded change
 * must be allowed by the transition table and have its audit entry. A write
 * path that skips the status writer fails whatever test drives it.
 */
export const installStatusRecorder = async (db: Db) => {
  await db.execute(
    sql.raw(
      'create table if not exists test_status_changes (id serial primary key, transaction_pk integer not null, from_status text not null, to_status text not null)',
    ),
  );
  await db.execute(
    sql.raw(`create or replace function test_record_status_change() returns trigger language plpgsql as $$
      begin
        if coalesce(current_setting('herd.test_fixture', true), '') <> 'on' then
          insert into test_status_changes (transaction_pk, from_status, to_status) values (new.pk, old.status, new.status);
        end if;
        return new;
      end $$`),
  );
  await db.execute(sql.raw('drop trigger if exists test_status_change on transactions'));
  await db.execute(
    sql.raw(
      'create trigger test_status_change after update of status on transactions for each row when (old.status is distinct from new.status) execute function test_record_status_change()',
    ),
  );
};

/** Puts a transaction in a state for a test's setup, openly outside the rules (the recorder does not count it). */
export const forceStatus = (db: Db, pk: number, status: TransactionStatus) =>
  db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('herd.test_fixture', 'on', true)`);
    await tx.update(transactions).set({ status }).where(eq(transactions.pk, pk));
  });

export interface StatusReport {
  changes: number;
  violations: string[];
}

/** The recorded changes, and those against the table or without a matching audit entry. */
export const statusChangeReport = async (db: Db): Promise<StatusReport> => {
  const changes = await rowsOf<{ transaction_pk: number; from_status: TransactionStatus; to_status: TransactionStatus }>(
    db,
    'select transaction_pk, from_status, to_status from test_status_changes order by id',
  );
  const audits = await rowsOf<{ target_pk: number; from: string; to: string }>(
    db,
    `select target_pk, details->>'from' as "from", details->>'to' as "to" from audit_log where target_type = 'transaction' and details ? 'to'`,
  );
  const unmatched = new Map<string, number>();
  for (const a of audits) unmatched.set(`${a.target_pk}:${a.from}:${a.to}`, (unmatched.get(`${a.target_pk}:${a.from}:${a.to}`) ?? 0) + 1);
  const violations: string[] = [];
  for (const c of changes) {
    const key = `${c.transaction_pk}:${c.from_status}:${c.to_status}`;
    if (!canTransition(c.from_status, c.to_status)) violations.push(`transaction ${c.transaction_pk}: ${c.from_status} → ${c.to_status} is not in the transition table`);
    const left = unmatched.get(key) ?? 0;
    if (left === 0) violations.push(`transaction ${c.transaction_pk}: ${c.from_status} → ${c.to_status} has no audit entry`);
    else unmatched.set(key, left - 1);
  }
  return { changes: changes.length, violations };
};

// Both drivers answer raw SQL with `{ rows }`; the query builder types it as unknown.
const rowsOf = async <Row>(db: Db, text: string) => ((await db.execute(sql.raw(text))) as { rows: Row[] }).rows;
