import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { clientCompanies, syncErrors, transactions } from '../db/schema/index.js';
import { NotFoundError } from '../lib/errors.js';
import { companyAccess, type CompanyAccess } from './company-access.js';
import type { Actor } from './actor.js';
import { isFirmActor } from './permissions.js';
import { restrictionWhere } from './account-scope.js';

/** The access's transactions with these pks; any pk outside it (another company, a restricted account) is 404. */
export const findScoped = async (db: Db, access: CompanyAccess, pks: number[]) => {
  const unique = [...new Set(pks)];
  const rows = await db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.clientCompanyId, access.company.pk),
        inArray(transactions.pk, unique),
        restrictionWhere(access.restrictions, { paymentAccountId: transactions.paymentAccountId, watchedAccountId: transactions.watchedAccountId }),
      ),
    );
  if (rows.length !== unique.length) throw new NotFoundError();
  return unique.map((pk) => rows.find((r) => r.pk === pk)!);
};

/**
 * The one visibility rule for a transaction reached by its own pk (its notes,
 * attachments): a transaction of the actor's firm whose company they may see
 * from their side, within their account restrictions. Anything else is 404.
 */
export const transactionAccess = async (db: Db, actor: Actor, transactionPk: number) => {
  if (actor.firmId === null) throw new NotFoundError();
  // Only a transaction of a company of the actor's firm is looked at further.
  const [row] = await db
    .select({ companyPk: transactions.clientCompanyId })
    .from(transactions)
    .innerJoin(clientCompanies, eq(clientCompanies.pk, transactions.clientCompanyId))
    .where(and(eq(clientCompanies.firmId, actor.firmId), eq(transactions.pk, transactionPk)));
  if (!row) throw new NotFoundError();
  const access = await companyAccess(db, actor, row.companyPk, isFirmActor(actor) ? 'accountant' : 'client');
  const [transaction] = await findScoped(db, access, [transactionPk]);
  return { access, transaction: transaction! };
};

/** How many of the ledger's refusals of one of the company's transactions are still open: while any is, nothing new is built on it. */
export const openSyncErrorCount = async (db: Db, companyPk: number, txPk: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(syncErrors)
    .where(
      and(
        inArray(
          syncErrors.transactionId,
          db
            .select({ pk: transactions.pk })
            .from(transactions)
            .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.pk, txPk))),
        ),
        isNull(syncErrors.clearedAt),
      ),
    );
  return row?.n ?? 0;
};
