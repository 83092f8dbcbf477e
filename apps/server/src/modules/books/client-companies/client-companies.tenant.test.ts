import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, clientCompanyAssignments, ledgerConnections } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { addFirmMember, createClientUser, createFirm, firmMemberPkOf, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { countClientUsers, findLedgerConnections, replaceAssignments, updateCompany } from './client-companies.queries.js';
import { findAssignments } from '../../../kernel/company-membership.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 61);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const assignedTo = async (companyPk: number) =>
  (await t.db.select().from(clientCompanyAssignments).where(eq(clientCompanyAssignments.clientCompanyId, companyPk))).map((a) => a.firmMemberId);

describe('client companies are read and written within their firm', () => {
  it('another firm’s member in a stray assignment is never shown as assigned, nor as the client’s contact', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const stranger = await addFirmMember(t.db, cast.outsider.firmId, 'TEAM_MEMBER');
    await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: pk, firmMemberId: await firmMemberPkOf(t.db, stranger.userId) });
    const company = (await cast.admin.get(`accounting/accountant/client-company/${pk}/retrieve/`)).json();
    expect(company.assigned_members).toEqual([]);
    const listed = (await cast.admin.get('accounting/accountant/client-companies/list/')).json().results as { pk: number; assigned_members: unknown[] }[];
    expect(listed.find((c) => c.pk === pk)?.assigned_members).toEqual([]);
    const accountant = (await cast.client.get(`accounting/my-accountant/?client_company=${pk}`)).json();
    expect(accountant.contact.email).toBe(cast.firm.adminEmail);
  });

  it('with another firm’s id a company is neither read nor updated, and its assignments stay', async () => {
    const firm = await createFirm(t.db);
    const other = await createFirm(t.db);
    const { companyId } = await createClientUser(t.db, firm.firmId);
    const ours = await firmMemberPkOf(t.db, (await addFirmMember(t.db, firm.firmId)).userId);
    const theirs = await firmMemberPkOf(t.db, (await addFirmMember(t.db, other.firmId)).userId);
    await t.db.insert(ledgerConnections).values({ clientCompanyId: companyId, provider: 'QBO', externalCompanyId: 'realm-1' });
    await replaceAssignments(t.db, firm.firmId, companyId, [ours]);

    expect(await updateCompany(t.db, other.firmId, companyId, { name: 'Taken over' })).toBeNull();
    expect((await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyId)))[0]?.name).toBe('Client Co');
    expect(await findAssignments(t.db, other.firmId, [companyId])).toEqual([]);
    expect(await countClientUsers(t.db, other.firmId, [companyId])).toEqual([]);
    expect(await findLedgerConnections(t.db, other.firmId, [companyId])).toEqual([]);
    await replaceAssignments(t.db, other.firmId, companyId, [theirs]);
    expect(await assignedTo(companyId)).toEqual([ours]);
    // Even for the owning firm, another firm's member is not assigned.
    await replaceAssignments(t.db, firm.firmId, companyId, [theirs]);
    expect(await assignedTo(companyId)).toEqual([]);

    await replaceAssignments(t.db, firm.firmId, companyId, [ours]);
    expect((await findAssignments(t.db, firm.firmId, [companyId])).map((a) => a.pk)).toEqual([ours]);
    expect(await countClientUsers(t.db, firm.firmId, [companyId])).toEqual([{ clientCompanyId: companyId, n: 1 }]);
    expect(await findLedgerConnections(t.db, firm.firmId, [companyId])).toHaveLength(1);
    expect((await updateCompany(t.db, firm.firmId, companyId, { name: 'Renamed' }))?.name).toBe('Renamed');
  });
});
