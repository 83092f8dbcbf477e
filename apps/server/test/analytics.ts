import type { TransactionStatus } from '@herd/contract';
import type { Db } from '../src/db/client.js';
import { auditLog, clientCompanies, clientCompanyAssignments, clientMemberships, transactions } from '../src/db/schema/index.js';
import { insertUser } from '../src/modules/people/auth/auth.queries.js';
import { uniqueEmail } from './factories.js';

/** Test data for analytics: rows and audit entries written with the times a test needs, as the app's writers would have left them. */
export const analyticsFixture = (db: Db) => {
  let external = 0;
  const company = async (firmId: number, name: string) => {
    const [row] = await db.insert(clientCompanies).values({ firmId, name, connectionKind: 'CSV' }).returning();
    return row!.pk;
  };
  /** A client user of the company; with a password hash, one who can sign in. */
  const clientUser = async (companyPk: number, firstName: string, passwordHash: string | null = null) => {
    const user = await insertUser(db, { email: uniqueEmail('answerer'), passwordHash, firstName, lastName: 'Client', accountType: 'CLIENT' });
    await db.insert(clientMemberships).values({ clientCompanyId: companyPk, userId: user.pk, role: 'CLIENT' });
    return { pk: user.pk, email: user.email };
  };
  const assign = (companyPk: number, firmMemberId: number) => db.insert(clientCompanyAssignments).values({ clientCompanyId: companyPk, firmMemberId });
  const transaction = async (companyPk: number, createdAt: string, status: TransactionStatus, isHidden = false) => {
    external += 1;
    const [row] = await db
      .insert(transactions)
      .values({
        clientCompanyId: companyPk,
        externalId: `analytics-${external}-${Math.random()}`,
        ledgerEntityType: 'csv',
        type: 'EXPENSE',
        subtype: 'Expense',
        date: createdAt.slice(0, 10),
        amount: '10.00',
        status,
        isHidden,
        createdAt: new Date(createdAt),
      })
      .returning();
    return row!.pk;
  };
  /** A status move's audit entry, as `moveStatuses` writes it. */
  const move = (firmId: number, actorUserId: number | null, action: string, pk: number, from: TransactionStatus, to: TransactionStatus, at: string, extra = {}) =>
    db.insert(auditLog).values({ firmId, actorUserId, action, targetType: 'transaction', targetPk: pk, details: { from, to, ...extra }, createdAt: new Date(at) });
  return { company, clientUser, assign, transaction, move };
};
