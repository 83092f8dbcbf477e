import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { LineInput, SamePayee, TransactionChange } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Db } from '../../../db/client.js';
import { transactions } from '../../../db/schema/index.js';
import { ValidationError } from '../../../lib/errors.js';
import { companyAccess, type CompanyAccess } from '../../../kernel/company-access.js';
import type { Actor } from '../../../kernel/actor.js';
import { restrictionWhere } from '../../../kernel/account-scope.js';
import type { AnswerDeps } from './rule-overrides.service.js';
import { merchantOfTransaction } from '../suggestions/suggestions.face.js';
import { CLIENT_COMPLETED_STATUSES } from './status.rule.js';
import { loadLines, type LineRow, type TransactionRow } from './transactions.queries.js';
import { findScoped } from '../../../kernel/transaction-access.js';
import { applyChanges } from './transactions-write.service.js';

/**
 * "Same payee at once": after a client answered one transaction, the other open
 * transactions of that payee can take the same answer in one tap. Open means
 * what the client's own list shows (READY, not hidden), within their account
 * restrictions, of the same company and direction (an Adobe refund is not an
 * Adobe charge).
 */

/** How many are offered at once: enough for a month of a daily charge, and one short write. */
export const SAME_PAYEE_LIMIT = 100;

const NOT_ANSWERED = 'This transaction has no answer to repeat yet: answer it first.';
const SEVERAL_ANSWERS = 'This transaction is split between several answers; answer the others one by one.';

const isDeposit = (row: TransactionRow) => row.type === 'DEPOSIT';

/** The answered transaction whose answer is repeated, and its payee; a client may only repeat an answer they can see. */
const sourceOf = async (db: Db, scope: CompanyAccess, transactionPk: number) => {
  const [row] = await findScoped(db, scope, [transactionPk]);
  const merchant = merchantOfTransaction(row!);
  // The stored key wins: it is what the suggestions group by; it is null only until the next suggestion run fills it.
  const key = row!.merchantKey ?? merchant?.key ?? '';
  return { row: row!, key, name: key === '' ? '' : (merchant?.name ?? '') };
};

const openOfPayee = async (db: Db, scope: CompanyAccess, source: TransactionRow, key: string) => {
  if (key === '') return [];
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, scope.company.pk),
        eq(transactions.merchantKey, key),
        eq(transactions.status, 'READY'),
        eq(transactions.isHidden, false),
        ne(transactions.pk, source.pk),
        isDeposit(source) ? eq(transactions.type, 'DEPOSIT') : sql`${transactions.type} <> 'DEPOSIT'`,
        restrictionWhere(scope.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId }),
      ),
    )
    .orderBy(desc(transactions.date), desc(transactions.pk))
    .limit(SAME_PAYEE_LIMIT);
};

export const samePayee = async (
  { db }: Pick<AppDeps, 'db'>,
  actor: Actor,
  { companyPk, transactionPk }: { companyPk: number; transactionPk: number },
): Promise<SamePayee> => {
  const scope = await companyAccess(db, actor, companyPk, 'client');
  const { row, key, name } = await sourceOf(db, scope, transactionPk);
  // Only an answered transaction has an answer to repeat; an open one offers nothing yet.
  if (!CLIENT_COMPLETED_STATUSES.includes(row.status)) return { merchant: name, transactions: [] };
  const open = await openOfPayee(db, scope, row, key);
  return { merchant: name, transactions: open.map((t) => ({ pk: t.pk, date: t.date, amount: t.amount, description: t.description })) };
};

type Answer = Pick<LineInput, 'category' | 'vendor' | 'customer' | 'class'>;

/**
 * The answer to repeat: the one category (and vendor, customer, class where
 * they were set) on every line. A split with different answers has none.
 * Fields this client may not set are left out: the targets keep theirs.
 */
const answerOf = (lines: LineRow[], scope: CompanyAccess): Answer => {
  const first = lines[0];
  if (!first || first.categoryId === null) throw ValidationError.detail(NOT_ANSWERED);
  const same = lines.every((l) => l.categoryId === first.categoryId && l.vendorId === first.vendorId && l.customerId === first.customerId && l.classId === first.classId);
  if (!same) throw ValidationError.detail(SEVERAL_ANSWERS);
  const may = (field: 'category' | 'vendor' | 'customer' | 'class') => scope.editable === 'all' || scope.editable.includes(field);
  const answer: Answer = {};
  if (may('category')) answer.category = first.categoryId;
  if (may('vendor') && first.vendorId !== null) answer.vendor = first.vendorId;
  if (may('customer') && first.customerId !== null) answer.customer = first.customerId;
  if (may('class') && first.classId !== null) answer.class = first.classId;
  return answer;
};

/**
 * Gives each chosen transaction the answered one's answer and finishes it, all
 * in one write (the categorization write: one database transaction, each
 * status change with its audit entry, the finish rule checked for each).
 * Every pk must still be an open transaction of that payee the client sees;
 * otherwise nothing is written.
 */
export const applySamePayee = async (deps: AnswerDeps, actor: Actor, { companyPk, transactionPk, pks }: { companyPk: number; transactionPk: number; pks: number[] }) => {
  const scope = await companyAccess(deps.db, actor, companyPk, 'client');
  const { row, key } = await sourceOf(deps.db, scope, transactionPk);
  if (!CLIENT_COMPLETED_STATUSES.includes(row.status)) throw ValidationError.detail(NOT_ANSWERED);
  const answer = answerOf(await loadLines(deps.db, scope.company.pk, [row.pk]), scope);
  const open = new Map((await openOfPayee(deps.db, scope, row, key)).map((t) => [t.pk, t]));
  const unique = [...new Set(pks)];
  // A transaction this client may not see (another company, a restricted account) is 404, as everywhere.
  await findScoped(deps.db, scope, unique);
  const gone = unique.filter((pk) => !open.has(pk));
  if (gone.length > 0) {
    throw ValidationError.field(
      'pks',
      `${gone.length === 1 ? 'One transaction is' : `${gone.length} transactions are`} no longer waiting for an answer from this payee.`,
    );
  }
  const stored = await loadLines(deps.db, scope.company.pk, unique);
  const changes: TransactionChange[] = unique.map((pk) => {
    const target = open.get(pk)!;
    const lines = stored.filter((l) => l.transactionId === pk);
    const input: LineInput[] = lines.length > 0 ? lines.map((l) => ({ pk: l.pk, amount: l.amount, ...answer })) : [{ amount: target.amount, ...answer }];
    return { pk, lines: input, finished: true };
  });
  return applyChanges(deps, scope, changes);
};
