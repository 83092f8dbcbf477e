import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { firmMembers, users } from '../../../db/schema/index.js';
import { addFirmMember, createFirm, firmMemberPkOf } from '../../../../test/factories.js';
import { openTestDatabase } from '../../../../test/harness.js';
import { deleteUserOfMember, updateFirmMember, updateMemberUserFields } from './coworkers.queries.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('coworkers are changed within their firm', () => {
  it('with another firm’s id a member and their user are neither updated nor deleted', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const member = await addFirmMember(db, firm.firmId, 'TEAM_MEMBER');
    const memberPk = await firmMemberPkOf(db, member.userId);
    const roleOf = async () => (await db.select({ role: firmMembers.role }).from(firmMembers).where(eq(firmMembers.pk, memberPk)))[0]?.role;
    const userOf = async () => (await db.select().from(users).where(eq(users.pk, member.userId)))[0];

    await updateFirmMember(db, other.firmId, memberPk, { role: 'FIRM_ADMIN' });
    await updateMemberUserFields(db, other.firmId, member.userId, { firstName: 'Mallory' });
    await deleteUserOfMember(db, other.firmId, member.userId);
    expect(await roleOf()).toBe('TEAM_MEMBER');
    expect((await userOf())?.firstName).toBe('Cody');

    await updateFirmMember(db, firm.firmId, memberPk, { role: 'CLIENT_ADMIN' });
    await updateMemberUserFields(db, firm.firmId, member.userId, { firstName: 'Cora' });
    expect(await roleOf()).toBe('CLIENT_ADMIN');
    expect((await userOf())?.firstName).toBe('Cora');
    await deleteUserOfMember(db, firm.firmId, member.userId);
    expect(await userOf()).toBeUndefined();
  });
});
