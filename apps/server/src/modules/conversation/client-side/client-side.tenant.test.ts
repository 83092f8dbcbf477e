import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { clientCompanyAssignments } from '../../../db/schema/index.js';
import { addFirmMember, createClientUser, createFirm, firmMemberPkOf } from '../../../../test/factories.js';
import { openTestDatabase } from '../../../../test/harness.js';
import { findContactFor } from './client-side.queries.js';
import { findCompany } from '../../../kernel/companies.queries.js';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('the client side reads companies and contacts within their firm', () => {
  it('findCompany with another firm’s id reads nothing', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const { companyId } = await createClientUser(db, firm.firmId);
    expect(await findCompany(db, other.firmId, companyId)).toBeNull();
    expect((await findCompany(db, firm.firmId, companyId))?.pk).toBe(companyId);
  });

  it('findContactFor ignores an assigned member of another firm', async () => {
    const { db } = database;
    const firm = await createFirm(db);
    const other = await createFirm(db);
    const { companyId } = await createClientUser(db, firm.firmId);
    const stranger = await addFirmMember(db, other.firmId, 'FIRM_ADMIN');
    await db.insert(clientCompanyAssignments).values({ clientCompanyId: companyId, firmMemberId: await firmMemberPkOf(db, stranger.userId) });
    expect((await findContactFor(db, companyId, firm.firmId))?.email).toBe(firm.adminEmail);
    const colleague = await addFirmMember(db, firm.firmId, 'TEAM_MEMBER');
    await db.insert(clientCompanyAssignments).values({ clientCompanyId: companyId, firmMemberId: await firmMemberPkOf(db, colleague.userId) });
    expect((await findContactFor(db, companyId, firm.firmId))?.email).toBe(colleague.email);
  });
});
