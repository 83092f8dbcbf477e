import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { userAccountRestrictions } from '../../../db/schema/index.js';
import { createClientUser, createFirm, createLedgerAccount } from '../../../../test/factories.js';
import { openTestDatabase } from '../../../../test/harness.js';
import { deleteRestrictions, findRestrictedUsers, findRestrictions, updateRestriction } from './restrictions.queries.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('restrictions are read and written within their company and firm', () => {
  it('with another firm’s (or company’s) id nothing is read, updated or deleted', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const client = await createClientUser(db, firm.firmId);
    const otherClient = await createClientUser(db, other.firmId);
    const card = await createLedgerAccount(db, client.companyId, { name: 'Card', isPaymentAccount: true });
    const [row] = await db
      .insert(userAccountRestrictions)
      .values({ clientCompanyId: client.companyId, userId: client.userId, accountId: card.pk, kind: 'PAYMENT_ACCOUNT' })
      .returning();
    const stored = async () => (await db.select().from(userAccountRestrictions).where(eq(userAccountRestrictions.pk, row!.pk)))[0];

    expect(await findRestrictions(db, other.firmId, [row!.pk])).toEqual([]);
    expect(await findRestrictedUsers(db, otherClient.companyId, [client.userId])).toEqual([]);
    await updateRestriction(db, otherClient.companyId, row!.pk, { kind: 'WATCHED_ACCOUNT' });
    await deleteRestrictions(db, other.firmId, [row!.pk]);
    expect(await stored()).toMatchObject({ clientCompanyId: client.companyId, kind: 'PAYMENT_ACCOUNT' });

    expect((await findRestrictions(db, firm.firmId, [row!.pk])).map((r) => r.pk)).toEqual([row!.pk]);
    expect((await findRestrictedUsers(db, client.companyId, [client.userId])).map((u) => u.pk)).toEqual([client.userId]);
    await updateRestriction(db, client.companyId, row!.pk, { kind: 'WATCHED_ACCOUNT' });
    expect((await stored())?.kind).toBe('WATCHED_ACCOUNT');
    await deleteRestrictions(db, firm.firmId, [row!.pk]);
    expect(await stored()).toBeUndefined();
  });
});
