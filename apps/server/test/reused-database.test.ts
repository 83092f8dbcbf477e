import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { openTestDatabase } from './harness.js';

/** What a later file would find: row counts, the next pk a table hands out, and a session setting. */
const look = async (database: Database) => {
  const { executeSql } = database;
  const one = async (text: string) => (await executeSql(text)).rows[0]!;
  return {
    firms: Number((await one('select count(*) as n from firms')).n),
    migrations: Number((await one('select count(*) as n from drizzle.__drizzle_migrations')).n),
    queues: Number((await one('select count(*) as n from pgboss.queue')).n),
    setting: String((await one("select coalesce(current_setting('herd.left_behind', true), '') as v")).v),
    hasScratchTable: Boolean((await one("select to_regclass('public.left_behind') is not null as v")).v),
  };
};

/** Which database this is: a new copy has another name on PostgreSQL, and on PGlite another start. */
const identity = async (database: Database) => String((await database.executeSql('select current_database() || pg_postmaster_start_time()::text as id')).rows[0]!.id);

/** Adds a firm and answers its pk: the next pk the table hands out shows whether its sequence went back. */
const addFirm = async (database: Database) => Number((await database.executeSql("insert into firms (company_name) values ('Left behind') returning pk")).rows[0]!.pk);

describe('one database reused by the files of a worker', () => {
  let open: Database | null = null;
  afterEach(async () => {
    await open?.close();
    open = null;
  });

  it('comes back to the next file as the template left it: rows, sequences and session', async () => {
    open = await openTestDatabase();
    const before = await look(open);
    const first = await identity(open);
    expect(before.migrations).toBeGreaterThan(0);
    expect(before.queues).toBeGreaterThan(0);
    const firstPk = await addFirm(open);
    await open.executeSql('delete from pgboss.queue');
    await open.executeSql("select set_config('herd.left_behind', 'yes', false)");
    await open.close();

    open = await openTestDatabase();
    expect(await identity(open)).toBe(first);
    expect(await look(open)).toEqual(before);
    expect(await addFirm(open)).toBe(firstPk);
  });

  it('is given up, not reused, after a file changed its schema', async () => {
    open = await openTestDatabase();
    const changed = await identity(open);
    await open.executeSql('create table left_behind (id int)');
    await open.close();

    open = await openTestDatabase();
    expect(await identity(open)).not.toBe(changed);
    expect((await look(open)).hasScratchTable).toBe(false);
  });

  it('a second database asked for while the first is held is another one', async () => {
    open = await openTestDatabase();
    await addFirm(open);
    const second = await openTestDatabase();
    try {
      expect((await look(second)).firms).toBe(0);
    } finally {
      await second.close();
    }
  });
});
