import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { clientCompanyAssignments, pendingInvitationAssignments } from '../../../db/schema/index.js';

/*
 * Assigning a coworker whose invitation is still pending must not tell the admin whether the invited email
 * belongs to another firm's person: both are assigned alike, and the assignment becomes real once the
 * invitation job creates the person.
 */

let t: TestApp;
const newClient = clientMaker(() => t.app, 24);
const COWORKERS = 'accounting/accountant-coworker/';
const UPDATE = (pk: number) => `accounting/accountant/client-company/${pk}/update/`;
const RETRIEVE = (pk: number) => `accounting/accountant/client-company/${pk}/retrieve/`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('assigning a coworker whose invitation is pending', () => {
  it('answers alike for another firm’s email and an unknown one, and the unknown one is assigned for real after the job', async () => {
    const cast = await signedInCast(t.db, newClient);
    const company = cast.clientUser.companyId;
    const invite = async (email: string) =>
      (await cast.admin.post(COWORKERS, { email, first_name: 'Pat', last_name: 'Probe', role: 'TEAM_MEMBER' })).json() as { pk: number; user: number };
    const foreignEmail = cast.outsider.adminEmail;
    const unknownEmail = uniqueEmail('assignee');
    const foreign = await invite(foreignEmail);
    const unknown = await invite(unknownEmail);

    const normalized = (body: string, pk: number, email: string) => body.replaceAll(email, '<email>').replace(new RegExp(`"pk":${pk}\\b`, 'g'), '"pk":<pk>');
    const assign = async (pk: number, email: string) => {
      const res = await cast.admin.patch(UPDATE(company), { assigned_members: [pk] });
      const again = await cast.admin.get(RETRIEVE(company));
      return [res.statusCode, normalized(res.body, pk, email), again.statusCode, normalized(again.body, pk, email)];
    };
    const foreignAnswer = await assign(foreign.pk, foreignEmail);
    const unknownAnswer = await assign(unknown.pk, unknownEmail);
    expect(foreignAnswer[0]).toBe(200);
    expect(unknownAnswer).toEqual(foreignAnswer);
    expect((await cast.admin.get(RETRIEVE(company))).json().assigned_members).toEqual([{ pk: unknown.pk, name: 'Pat Probe', email: unknownEmail }]);

    // Both assigned at once, then the job: the unknown email becomes a member who keeps the client.
    await cast.admin.patch(UPDATE(company), { assigned_members: [foreign.pk, unknown.pk] });
    await t.runJobs();
    const assigned = (await cast.admin.get(RETRIEVE(company))).json().assigned_members as { pk: number }[];
    expect(assigned.map((a) => a.pk).sort()).toEqual([foreign.pk, unknown.pk].sort());
    expect(await t.db.select().from(clientCompanyAssignments).where(eq(clientCompanyAssignments.clientCompanyId, company))).toEqual([
      { clientCompanyId: company, firmMemberId: unknown.pk },
    ]);
    // The foreign invitation stays pending, still assigned, and only in this firm.
    const waiting = await t.db.select().from(pendingInvitationAssignments).where(eq(pendingInvitationAssignments.clientCompanyId, company));
    expect(waiting).toHaveLength(1);
    // Removing the pending coworker takes their assignment with them.
    await cast.admin.delete(`${COWORKERS}${foreign.pk}/`);
    expect((await cast.admin.get(RETRIEVE(company))).json().assigned_members).toEqual([{ pk: unknown.pk, name: 'Pat Probe', email: unknownEmail }]);
  });

  it('still refuses another firm’s pending coworker', async () => {
    const cast = await signedInCast(t.db, newClient);
    const theirs = (await cast.otherFirmAdmin.post(COWORKERS, { email: uniqueEmail('theirs'), first_name: 'A', last_name: 'B', role: 'TEAM_MEMBER' })).json() as {
      pk: number;
    };
    const res = await cast.admin.patch(UPDATE(cast.clientUser.companyId), { assigned_members: [theirs.pk] });
    expect(res.json()).toEqual({ assigned_members: ['Assigned members is not valid.'] });
  });
});
