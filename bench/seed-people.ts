/**
 * The firms and people a bench seeds, in SQL that names only the columns it fills. The side-by-side
 * run (bench/against.ts) seeds an older commit's schema with the working tree's seed: the ORM's
 * inserts list every column the working tree knows, and would fail on a schema that lacks a new one.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';

/** The pk of the first row a `returning pk` statement gave back. */
export const firstPk = (result: unknown) => (result as { rows: { pk: number }[] }).rows[0]!.pk;

/** A firm with a paid subscription; its pk. */
export const seedFirm = async (db: Db, companyName: string) => {
  const firm = firstPk(await db.execute(sql`insert into firms (company_name) values (${companyName}) returning pk`));
  await db.execute(sql`insert into subscriptions (firm_id, status) values (${firm}, 'PAID')`);
  return firm;
};

/** A user who signs in with a password; their pk. */
export const seedUser = async (db: Db, user: { email: string; passwordHash: string; accountType: 'ACCOUNTANT' | 'CLIENT'; firstName: string }) =>
  firstPk(
    await db.execute(
      sql`insert into users (email, password_hash, account_type, first_name) values (${user.email}, ${user.passwordHash}, ${user.accountType}, ${user.firstName}) returning pk`,
    ),
  );

/** A firm's administrator. */
export const seedFirmAdmin = async (db: Db, firm: number, user: number) => {
  await db.execute(sql`insert into firm_members (firm_id, user_id, role) values (${firm}, ${user}, 'FIRM_ADMIN')`);
};
