import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { clientMemberships, users } from '../../../db/schema/index.js';
import { createClientUser, createFirm } from '../../../../test/factories.js';
import { openTestDatabase } from '../../../../test/harness.js';
import { findUserOfFirm } from '../../people/auth/auth.queries.js';
import { removeClientAccess, updateClientUserContacts, updateClientUserFields } from './client-users.queries.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

const userRow = async (pk: number) => (await database.db.select().from(users).where(eq(users.pk, pk)))[0];
const memberships = (userPk: number) => database.db.select().from(clientMemberships).where(eq(clientMemberships.userId, userPk));

describe('client users are read and changed within their firm', () => {
  it('findUserOfFirm finds the firm’s staff and clients, never another firm’s', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const client = await createClientUser(db, firm.firmId);
    expect((await findUserOfFirm(db, firm.firmId, client.userId))?.email).toBe(client.email);
    expect((await findUserOfFirm(db, firm.firmId, firm.adminId))?.email).toBe(firm.adminEmail);
    expect(await findUserOfFirm(db, other.firmId, client.userId)).toBeNull();
    expect(await findUserOfFirm(db, other.firmId, firm.adminId)).toBeNull();
  });

  it('with another firm’s id a client user is neither edited nor removed', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const client = await createClientUser(db, firm.firmId);

    await updateClientUserFields(db, other.firmId, client.userId, { firstName: 'Mallory' });
    await updateClientUserContacts(db, other.firmId, client.userId, { email: 'mallory@example.com' });
    expect(await removeClientAccess(db, other.firmId, client.userId, [client.companyId])).toEqual({ deleted: false });
    expect(await userRow(client.userId)).toMatchObject({ firstName: 'Cleo', email: client.email });
    expect(await memberships(client.userId)).toHaveLength(1);

    await updateClientUserFields(db, firm.firmId, client.userId, { firstName: 'Clea' });
    expect((await userRow(client.userId))?.firstName).toBe('Clea');
    expect(await removeClientAccess(db, firm.firmId, client.userId, [client.companyId])).toEqual({ deleted: true });
    expect(await userRow(client.userId)).toBeUndefined();
  });

  it('removing one of two companies keeps the user; only that firm’s membership goes', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const client = await createClientUser(db, firm.firmId);
    const second = await createClientUser(db, firm.firmId);
    await db.insert(clientMemberships).values({ clientCompanyId: second.companyId, userId: client.userId, role: 'CLIENT_COWORKER' });

    expect(await removeClientAccess(db, other.firmId, client.userId, [second.companyId])).toEqual({ deleted: false });
    expect(await memberships(client.userId)).toHaveLength(2);
    expect(await removeClientAccess(db, firm.firmId, client.userId, [second.companyId])).toEqual({ deleted: false });
    const left = await db.select().from(clientMemberships).where(eq(clientMemberships.userId, client.userId));
    expect(left.map((m) => m.clientCompanyId)).toEqual([client.companyId]);
  });
});
