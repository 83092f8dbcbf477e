import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { DIRECTIONS, FILTER_MARKERS, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@herd/contract';
import type { Db } from '../../../db/client.js';
import { ledgerAccounts, transactions } from '../../../db/schema/index.js';
import { type CompanyAccess } from '../../../kernel/company-access.js';

/** What the filter bar can offer for this company: subtypes and payment accounts that actually occur. */
export const transactionChoices = async (db: Db, scope: CompanyAccess) => {
  const subtypes = await db
    .selectDistinct({ subtype: transactions.subtype })
    .from(transactions)
    .where(eq(transactions.clientCompanyId, scope.company.pk))
    .orderBy(asc(transactions.subtype));
  const accounts = await db
    .selectDistinct({ pk: ledgerAccounts.pk, name: ledgerAccounts.name })
    .from(transactions)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.pk, transactions.paymentAccountId))
    .where(and(eq(transactions.clientCompanyId, scope.company.pk), isNotNull(transactions.paymentAccountId)))
    .orderBy(asc(ledgerAccounts.name));
  return {
    statuses: [...TRANSACTION_STATUSES],
    types: [...TRANSACTION_TYPES],
    subtypes: subtypes.map((s) => s.subtype),
    directions: [...DIRECTIONS],
    markers: [...FILTER_MARKERS],
    payment_accounts: accounts,
  };
};
