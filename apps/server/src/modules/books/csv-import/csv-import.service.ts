import { createHash } from 'node:crypto';
import type { CsvImportResult } from '@herd/contract';
import type { JobQueue } from '../../../jobs/job-queue.js';
import type { Db } from '../../../db/client.js';
import { ValidationError } from '../../../lib/errors.js';
import { writeAudit } from '../../../kernel/audit.queries.js';
import type { Upload } from '../../../lib/uploads.js';
import type { Actor } from '../../../kernel/actor.js';
import { upsertLedgerRows } from '../transactions/transactions.face.js';
import { fromCents } from '@herd/contract';
import { parseBankCsv, type BankRow } from './bank-csv.format.js';
import { CsvFormatError } from './read-csv.format.js';
import { ensureAccount } from './ledger-accounts.queries.js';
import { companyAccess } from '../../../kernel/company-access.js';
import { queueSuggestionRefresh } from '../suggestions/suggestions.face.js';
import { queueCompanyReceiptMatch } from '../../../jobs/receipt-match-requests.js';

/**
 * A row's identity across imports: the bank's own reference when the file has
 * one, else a hash of its content plus how many identical rows came before it
 * in the file (two $4.50 coffees on one day are two transactions).
 */
export const externalIds = (rows: BankRow[]): string[] => {
  const seen = new Map<string, number>();
  return rows.map((r) => {
    if (r.reference) return `ref:${r.reference}`;
    const content = [r.date, r.cents, r.description.toLowerCase(), r.payee.toLowerCase(), r.account.toLowerCase()].join('|');
    const n = (seen.get(content) ?? 0) + 1;
    seen.set(content, n);
    return `row:${createHash('sha256').update(content).digest('hex').slice(0, 32)}:${n}`;
  });
};

/**
 * Imports a bank CSV into a CSV company: every good row becomes a READY
 * transaction (one line, in the company's Uncategorized account) in a single
 * database transaction; rows already imported are counted as duplicates; bad
 * rows are reported by row number and imported by nothing. The file is read
 * (`readFile`) only once the accountant may import into the company.
 */
export const importBankCsv = async (
  { db, jobs }: { db: Db; jobs: Pick<JobQueue, 'send'> },
  actor: Actor,
  { companyPk, readFile }: { companyPk: number; readFile: () => Promise<Upload> },
): Promise<CsvImportResult> => {
  const scope = await companyAccess(db, actor, companyPk, 'accountant');
  const text = (await readFile()).bytes.toString('utf8');
  if (scope.company.connectionKind !== 'CSV') throw ValidationError.detail('Only CSV client companies import bank CSV files.');
  let parsed;
  try {
    parsed = parseBankCsv(text);
  } catch (err) {
    if (err instanceof CsvFormatError) throw ValidationError.field('file', err.message);
    throw err;
  }
  const ids = externalIds(parsed.rows);

  const imported = await db.transaction(async (tx) => {
    const uncategorizedExpense = await ensureAccount(tx, companyPk, {
      externalId: 'herd:uncategorized-expense',
      name: 'Uncategorized Expense',
      accountType: 'Expense',
      isWatched: true,
    });
    const uncategorizedIncome = await ensureAccount(tx, companyPk, {
      externalId: 'herd:uncategorized-income',
      name: 'Uncategorized Income',
      accountType: 'Income',
      isWatched: true,
    });
    const paymentAccounts = new Map<string, number>();
    for (const name of new Set(parsed.rows.map((r) => r.account || 'Bank account'))) {
      const account = await ensureAccount(tx, companyPk, { externalId: `csv:account:${name.toLowerCase()}`, name, accountType: 'Bank', isPaymentAccount: true });
      paymentAccounts.set(name, account.pk);
    }
    const created = await upsertLedgerRows(
      tx,
      companyPk,
      parsed.rows.map((r, i) => ({
        externalId: ids[i]!,
        create: {
          ledgerEntityType: 'csv',
          type: r.cents < 0 ? ('EXPENSE' as const) : ('DEPOSIT' as const),
          subtype: r.cents < 0 ? 'BANK_DEBIT' : 'BANK_CREDIT',
          date: r.date,
          amount: fromCents(Math.abs(r.cents)),
          currency: r.currency,
          description: r.description,
          payee: r.payee,
          paymentAccountId: paymentAccounts.get(r.account || 'Bank account')!,
          watchedAccountId: r.cents < 0 ? uncategorizedExpense.pk : uncategorizedIncome.pk,
          raw: { csv_row: r.row },
        },
      })),
    );
    const count = created.length;
    await writeAudit(tx, {
      firmId: scope.company.firmId,
      actorUserId: scope.actor.userId,
      action: 'transactions.import_csv',
      targetType: 'client_company',
      targetPk: companyPk,
      details: { imported: count, duplicates: parsed.rows.length - count, errors: parsed.errors.length },
    });
    return count;
  });
  if (imported > 0) {
    await queueSuggestionRefresh(jobs, companyPk, null);
    await queueCompanyReceiptMatch(jobs, companyPk);
  }
  return { imported, duplicates: parsed.rows.length - imported, errors: parsed.errors };
};
