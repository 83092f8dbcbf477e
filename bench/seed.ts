import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/client.js';
import { hashPassword } from '../apps/server/src/lib/crypto.js';
import { firstPk, seedFirm, seedFirmAdmin, seedUser } from './seed-people.js';

export const BENCH_PASSWORD = 'bench-password-1';

/** A realistic mix of statuses over `g`: 12 in 20 waiting, 4 finished, 3 published, 1 in error. */
const STATUS_OF = sql.raw(
  `(case when g % 20 < 12 then 'READY' when g % 20 < 16 then 'FINISHED_IN_HERD' when g % 20 < 19 then 'PUBLISHED_IN_PLATFORM' else 'SYNC_ERROR' end)::transaction_status`,
);

export interface BenchData {
  firmPk: number;
  accountantPk: number;
  /** The one file every attachment of the big company points at. */
  receiptPk: number;
  bigCompanyPk: number;
  accountantEmail: string;
  clientEmail: string;
  transactions: number;
  bigCompanyTransactions: number;
}

/**
 * The benchmark's data, made with set-based SQL so a few hundred thousand
 * rows take seconds: `smallCompanies` companies of `perSmall` transactions
 * each, plus one company of `big` transactions with lines, notes and
 * attachment rows, in a realistic mix of statuses.
 */
export const seedBench = async (db: Db, opts: { smallCompanies: number; perSmall: number; big: number }): Promise<BenchData> => {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const firmPk = await seedFirm(db, 'Bench Firm');
  const accountantEmail = 'bench-accountant@example.com';
  const accountantPk = await seedUser(db, { email: accountantEmail, passwordHash, accountType: 'ACCOUNTANT', firstName: 'Bench' });
  await seedFirmAdmin(db, firmPk, accountantPk);
  const clientEmail = 'bench-client@example.com';
  const clientPk = await seedUser(db, { email: clientEmail, passwordHash, accountType: 'CLIENT', firstName: 'Client' });
  const bigPk = firstPk(await db.execute(sql`insert into client_companies (firm_id, name, connection_kind) values (${firmPk}, 'Big Company', 'CSV') returning pk`));
  await db.execute(sql`insert into client_memberships (client_company_id, user_id, role) values (${bigPk}, ${clientPk}, 'CLIENT')`);
  await db.execute(sql`insert into client_companies (firm_id, name, connection_kind)
    select ${firmPk}, 'Company ' || g, 'CSV' from generate_series(1, ${opts.smallCompanies}) g`);
  await db.execute(sql`insert into ledger_accounts (client_company_id, external_id, name, account_type, is_payment_account, is_watched)
    select ${bigPk}, 'a' || g, 'Account ' || g, case when g <= 2 then 'Bank' else 'Expense' end, g <= 2, g = 3
    from generate_series(1, 23) g`);
  await db.execute(sql`insert into ledger_refs (client_company_id, kind, external_id, name)
    select ${bigPk}, 'CLASS', 'c' || g, 'Class ' || g from generate_series(1, 5) g`);

  // The small companies' transactions here, the big company's in growBigCompany, their lines as each goes in.
  await db.execute(sql`insert into transactions (client_company_id, external_id, ledger_entity_type, type, subtype, date, amount, description, payee, status, is_hidden)
    select c.pk, 's' || c.pk || '-' || g, 'csv', case when g % 5 = 0 then 'DEPOSIT' else 'EXPENSE' end::transaction_type, 'BANK_DEBIT',
      date '2026-01-01' + (g % 300), ((g * 37) % 100000) / 100.0 + 1, 'Purchase ' || g, 'Vendor ' || (g % 50), ${STATUS_OF}, g % 97 = 0
    from client_companies c cross join generate_series(1, ${opts.perSmall}) g where c.firm_id = ${firmPk} and c.pk <> ${bigPk}`);
  await db.execute(sql`insert into transaction_lines (transaction_id, position, amount, category_id)
    select t.pk, 0, t.amount,
      case when t.status <> 'READY' then (select min(pk) from ledger_accounts where client_company_id = t.client_company_id) + 3 + (t.pk % 20) end
    from transactions t join client_companies c on c.pk = t.client_company_id where c.firm_id = ${firmPk}`);
  const receiptPk = firstPk(
    await db.execute(sql`insert into files (firm_id, client_company_id, storage_key, name, content_type, size, sha256)
      values (${firmPk}, ${bigPk}, 'bench/receipt', 'receipt.pdf', 'application/pdf', 1000, 'bench') returning pk`),
  );
  await growBigCompany(db, { firmPk, bigPk, accountantPk, receiptPk }, 0, opts.big);
  // The steady state autovacuum keeps a live database in: statistics and a visibility map for index-only counts.
  await db.execute(sql`vacuum analyze`);
  return {
    firmPk,
    accountantPk,
    receiptPk,
    bigCompanyPk: bigPk,
    accountantEmail,
    clientEmail,
    transactions: opts.smallCompanies * opts.perSmall + opts.big,
    bigCompanyTransactions: opts.big,
  };
};

/**
 * Transactions `from + 1` to `to` of the big company, with their lines (two in three with a class),
 * a note on one in ten and the receipt attached to one in five: the mix the lists are measured on.
 * Called again with the next range, it grows the company (the scale curve, bench/scale.ts).
 */
export const growBigCompany = async (db: Db, ids: { firmPk: number; bigPk: number; accountantPk: number; receiptPk: number }, from: number, to: number) => {
  const { firmPk, bigPk, accountantPk, receiptPk } = ids;
  const before = ((await db.execute(sql`select coalesce(max(pk), 0) as pk from transactions`)) as { rows: { pk: number }[] }).rows[0]!.pk;
  await db.execute(sql`insert into transactions (client_company_id, external_id, ledger_entity_type, type, subtype, date, amount, description, payee,
      payment_account_id, watched_account_id, status, is_hidden)
    select ${bigPk}, 'b' || g, 'csv', case when g % 5 = 0 then 'DEPOSIT' else 'EXPENSE' end::transaction_type, 'BANK_DEBIT',
      date '2026-01-01' + (g % 300), ((g * 37) % 100000) / 100.0 + 1, 'Purchase ' || g, 'Vendor ' || (g % 50),
      (select min(pk) from ledger_accounts where client_company_id = ${bigPk}) + (g % 2),
      (select min(pk) from ledger_accounts where client_company_id = ${bigPk}) + 2,
      ${STATUS_OF}, g % 97 = 0
    from generate_series(${from + 1}::int, ${to}::int) g`);
  await db.execute(sql`insert into transaction_lines (transaction_id, position, amount, category_id, class_id)
    select t.pk, 0, t.amount,
      case when t.status <> 'READY' then (select min(pk) from ledger_accounts where client_company_id = ${bigPk}) + 3 + (t.pk % 20) end,
      case when t.pk % 3 <> 0 then (select min(pk) from ledger_refs where client_company_id = ${bigPk}) + (t.pk % 5) end
    from transactions t where t.client_company_id = ${bigPk} and t.pk > ${before}`);
  await db.execute(sql`insert into notes (firm_id, client_company_id, target_type, target_pk, author_id, sender_kind, body)
    select ${firmPk}, ${bigPk}, 'TRANSACTION', t.pk, ${accountantPk}, 'ACCOUNTANT', 'Question about ' || t.description
    from transactions t where t.client_company_id = ${bigPk} and t.pk > ${before} and t.pk % 10 = 0`);
  await db.execute(sql`insert into transaction_attachments (transaction_id, file_id)
    select t.pk, ${receiptPk} from transactions t where t.client_company_id = ${bigPk} and t.pk > ${before} and t.pk % 5 = 0`);
};
