import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';

/**
 * Faults injected into a test database part-way through a write, to prove
 * that a write which belongs together is all or nothing. Each fault is a
 * statement-level trigger on one table that acts on the `nth` statement
 * writing to it (counted by a sequence), so the write has already done some
 * of its work when the fault strikes.
 */
type Event = 'insert' | 'update';

const install = async (db: Db, table: string, event: Event, nth: number, action: string) => {
  await db.execute(sql.raw('create sequence if not exists test_fault_statements'));
  await db.execute(sql.raw(`alter sequence test_fault_statements restart with 1`));
  await db.execute(
    sql.raw(`create or replace function test_fault() returns trigger language plpgsql as $$
      begin
        if nextval('test_fault_statements') = ${nth} then
          ${action}
        end if;
        return null;
      end $$`),
  );
  await db.execute(sql.raw(`drop trigger if exists test_fault on ${table}`));
  await db.execute(sql.raw(`create trigger test_fault after ${event} on ${table} for each statement execute function test_fault()`));
};

/** The `nth` statement writing to `table` fails, as a crash or a lost connection would end it. */
export const failOnStatement = (db: Db, table: string, event: Event, nth: number) =>
  install(db, table, event, nth, `raise exception 'injected fault: the write stops here';`);

/**
 * The `nth` statement writing to `table` waits for the advisory lock `key`
 * (which the test holds), so a process can be killed while its database
 * transaction is open and part-written.
 */
export const pauseOnStatement = (db: Db, table: string, event: Event, nth: number, key: number) =>
  install(db, table, event, nth, `perform pg_advisory_lock_shared(${key}); perform pg_advisory_unlock_shared(${key});`);

export const removeFault = (db: Db, table: string) => db.execute(sql.raw(`drop trigger if exists test_fault on ${table}`));
