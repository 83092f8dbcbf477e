import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createClientUser, emailsTo, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { TEST_APP_URL, createTestApp, type TestApp } from '../../../../test/harness.js';
import { auditLog, clientMemberships, firmMembers, pendingInvitations, users } from '../../../db/schema/index.js';

/*
 * Inviting an email must not tell the inviter whether it belongs to another firm's person. For each of
 * the three invitations, another firm's accountant, another firm's client and an unknown email get the
 * same answers, to the invitation and to every request that follows it.
 */

let t: TestApp;
const newClient = clientMaker(() => t.app, 24);
const COWORKERS = 'accounting/accountant-coworker/';
const CLIENT_USERS = 'accounting/accountant-client-user/';
const CLIENT_COWORKERS = 'accounting/client-coworker/';
const MEMBER = 'accounting/accountant/accountant-company-user/';
const NAMES = { first_name: 'Pat', last_name: 'Probe' };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Cast = Awaited<ReturnType<typeof signedInCast>>;
interface Invited {
  email: string;
  pk: number;
  userPk: number;
}
interface Kind {
  name: string;
  invite: (cast: Cast, email: string) => ReturnType<TestClient['post']>;
  /** Every request that follows an invitation, as [label, answer]; the last one removes it. */
  followUps: (cast: Cast, who: Invited) => Promise<[string, { statusCode: number; body: string }][]>;
  /** The counts the inviter reads (team size, users of the company): each invitation counts once, whoever it invites. */
  counts: (cast: Cast) => Promise<number[]>;
  /** What another firm's admin tries on the same pk. */
  foreignTries: (cast: Cast, who: Invited) => Promise<number[]>;
}

const answer = async (res: ReturnType<TestClient['get']>) => {
  const r = await res;
  return { statusCode: r.statusCode, body: r.body };
};

/** The answer with the person's own pks, email and one-time code replaced, so three people's answers compare equal. */
const normalized = (a: { statusCode: number; body: string }, who: Invited) => ({
  statusCode: a.statusCode,
  body: a.body
    .replaceAll(who.email, '<email>')
    .replace(/magic=[A-Za-z0-9_%-]+/g, 'magic=<code>')
    .replace(new RegExp(`("pk":|"user":)${who.pk}\\b`, 'g'), '$1<pk>')
    .replace(new RegExp(`("pk":|"user":)${who.userPk}\\b`, 'g'), '$1<user>'),
});

/** The company's users as the accountant counts them: the people list's count and the clients list's figure. */
const clientCounts = async (cast: Cast) => {
  const company = cast.clientUser.companyId;
  const listed = (await cast.admin.get(`${CLIENT_USERS}?client_company=${company}`)).json() as { count: number };
  const clients = (await cast.admin.get('accounting/accountant/client-companies/list/')).json() as { results: { pk: number; client_users_count: number }[] };
  return [listed.count, clients.results.find((c) => c.pk === company)!.client_users_count];
};

const kinds: Kind[] = [
  {
    name: 'a coworker (accountant-coworker/)',
    invite: (cast, email) => cast.admin.post(COWORKERS, { email, ...NAMES, role: 'TEAM_MEMBER' }),
    followUps: async (cast, who) => {
      const list = ((await cast.admin.get(COWORKERS)).json() as { pk: number }[]).filter((c) => c.pk === who.pk);
      return [
        ['list entry', { statusCode: 200, body: JSON.stringify(list) }],
        ['retrieve', await answer(cast.admin.get(`${COWORKERS}${who.pk}/`))],
        ['require MFA', await answer(cast.admin.patch(`${MEMBER}${who.pk}/mfa-setup/update/`, { mfa_enabled: true }))],
        ['reset MFA', await answer(cast.admin.post(`${MEMBER}${who.pk}/mfa-reset/`))],
        ['retrieve after MFA', await answer(cast.admin.get(`${COWORKERS}${who.pk}/`))],
        ['update', await answer(cast.admin.patch(`${COWORKERS}${who.pk}/`, { first_name: 'Renamed', role: 'CLIENT_ADMIN' }))],
        ['update nothing', await answer(cast.admin.patch(`${COWORKERS}${who.pk}/`, {}))],
        ['resend', await answer(cast.admin.post(`${COWORKERS}${who.pk}/resend-invitation/`))],
        ['copy link', await answer(cast.admin.post(`${COWORKERS}${who.pk}/invitation-link/`))],
        ['remove', await answer(cast.admin.delete(`${COWORKERS}${who.pk}/`))],
        ['retrieve after remove', await answer(cast.admin.get(`${COWORKERS}${who.pk}/`))],
      ];
    },
    counts: async (cast) => [(await cast.admin.get(`${COWORKERS}count/`)).json().count, ((await cast.admin.get(COWORKERS)).json() as unknown[]).length],
    foreignTries: async (cast, who) => [
      (await cast.otherFirmAdmin.get(`${COWORKERS}${who.pk}/`)).statusCode,
      (await cast.otherFirmAdmin.patch(`${COWORKERS}${who.pk}/`, { first_name: 'Mallory' })).statusCode,
      (await cast.otherFirmAdmin.post(`${COWORKERS}${who.pk}/resend-invitation/`)).statusCode,
      (await cast.otherFirmAdmin.post(`${COWORKERS}${who.pk}/invitation-link/`)).statusCode,
      (await cast.otherFirmAdmin.patch(`${MEMBER}${who.pk}/mfa-setup/update/`, { mfa_enabled: true })).statusCode,
      (await cast.otherFirmAdmin.delete(`${COWORKERS}${who.pk}/`)).statusCode,
    ],
  },
  {
    name: 'a client user (accountant-client-user/)',
    invite: (cast, email) => cast.admin.post(CLIENT_USERS, { email, ...NAMES, client_company: cast.clientUser.companyId }),
    followUps: async (cast, who) => {
      const company = cast.clientUser.companyId;
      const list = (await cast.admin.get(`${CLIENT_USERS}?client_company=${company}`)).json() as { count: number; results: { pk: number }[] };
      return [
        ['list entry', { statusCode: 200, body: JSON.stringify(list.results.filter((u) => u.pk === who.pk)) }],
        ['search', await answer(cast.admin.get(`${CLIENT_USERS}?search=${encodeURIComponent(who.email)}`))],
        ['retrieve', await answer(cast.admin.get(`${CLIENT_USERS}${who.pk}/`))],
        ['update', await answer(cast.admin.patch(`${CLIENT_USERS}${who.pk}/`, { first_name: 'Renamed' }))],
        ['update nothing', await answer(cast.admin.patch(`${CLIENT_USERS}${who.pk}/`, {}))],
        ['phone', await answer(cast.admin.patch(`users/accountant/user/${who.pk}/contacts-update/`, { phone: '+15550100' }))],
        ['copy link', await answer(cast.admin.post('accounting/accountant/client-company/get-magic-link/', { client_company: company, user: who.pk }))],
        ['remove', await answer(cast.admin.delete(`${CLIENT_USERS}${who.pk}/?client_company=${company}`))],
        ['retrieve after remove', await answer(cast.admin.get(`${CLIENT_USERS}${who.pk}/`))],
      ];
    },
    counts: (cast) => clientCounts(cast),
    foreignTries: async (cast, who) => [
      (await cast.otherFirmAdmin.get(`${CLIENT_USERS}${who.pk}/`)).statusCode,
      (await cast.otherFirmAdmin.patch(`${CLIENT_USERS}${who.pk}/`, { first_name: 'Mallory' })).statusCode,
      (await cast.otherFirmAdmin.patch(`users/accountant/user/${who.pk}/contacts-update/`, { phone: '+15550199' })).statusCode,
      (await cast.otherFirmAdmin.delete(`${CLIENT_USERS}${who.pk}/`)).statusCode,
    ],
  },
  {
    name: 'a client’s coworker (client-coworker/)',
    invite: (cast, email) => cast.client.post(CLIENT_COWORKERS, { email, ...NAMES, client_company: cast.clientUser.companyId }),
    followUps: async (cast, who) => {
      const company = cast.clientUser.companyId;
      const people = ((await cast.client.get(`${CLIENT_COWORKERS}?client_company=${company}`)).json() as { pk: number }[]).filter((p) => p.pk === who.pk);
      const accountantView = (await cast.admin.get(`${CLIENT_USERS}?client_company=${company}`)).json() as { results: { pk: number }[] };
      return [
        ['client’s list entry', { statusCode: 200, body: JSON.stringify(people) }],
        ['accountant’s list entry', { statusCode: 200, body: JSON.stringify(accountantView.results.filter((u) => u.pk === who.pk)) }],
        ['remove', await answer(cast.client.delete(`${CLIENT_COWORKERS}${who.pk}/?client_company=${company}`))],
        ['remove again', await answer(cast.client.delete(`${CLIENT_COWORKERS}${who.pk}/?client_company=${company}`))],
      ];
    },
    counts: async (cast) => [
      ...(await clientCounts(cast)),
      ((await cast.client.get(`${CLIENT_COWORKERS}?client_company=${cast.clientUser.companyId}`)).json() as unknown[]).length,
    ],
    foreignTries: async (cast, who) => [
      (await cast.otherFirmAdmin.get(`${CLIENT_USERS}${who.pk}/`)).statusCode,
      (await cast.otherFirmAdmin.delete(`${CLIENT_USERS}${who.pk}/`)).statusCode,
    ],
  },
];

/** Another firm with an accountant and a client, and an email nobody uses. */
const targets = async (cast: Cast) => {
  const foreignClient = await createClientUser(t.db, cast.outsider.firmId);
  return { 'another firm’s accountant': cast.outsider.adminEmail, 'another firm’s client': foreignClient.email, 'an unknown email': uniqueEmail('nobody') };
};

const userRow = async (email: string) =>
  (
    await t.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
  )[0] ?? null;
const firmsOf = async (userPk: number) => ({
  staff: await t.db.select({ firm: firmMembers.firmId, role: firmMembers.role }).from(firmMembers).where(eq(firmMembers.userId, userPk)),
  companies: await t.db.select({ company: clientMemberships.clientCompanyId }).from(clientMemberships).where(eq(clientMemberships.userId, userPk)),
});

describe.each(kinds)('inviting $name', (kind) => {
  it('answers the same for another firm’s accountant, another firm’s client and an unknown email, and looks nothing up before the answer', async () => {
    const cast = await signedInCast(t.db, newClient);
    const emails = await targets(cast);
    const before = { accountant: await userRow(emails['another firm’s accountant']), client: await userRow(emails['another firm’s client']) };
    const countsBefore = await kind.counts(cast);
    const answers = [];
    for (const email of Object.values(emails)) {
      const res = await kind.invite(cast, email);
      const body = res.json();
      answers.push({ who: { email, pk: body.pk, userPk: body.user ?? body.pk }, res });
    }
    const shapes = answers.map(({ who, res }) => normalized({ statusCode: res.statusCode, body: res.body }, who));
    expect(shapes[0]!.statusCode).toBe(201);
    expect(shapes[1]).toEqual(shapes[0]);
    expect(shapes[2]).toEqual(shapes[0]);

    // Before the job, the three requests wrote the same rows: a pending invitation each, no user, no email.
    for (const { who } of answers) {
      const [row] = await t.db
        .select()
        .from(pendingInvitations)
        .where(and(eq(pendingInvitations.firmId, cast.firm.firmId), eq(pendingInvitations.email, who.email)));
      expect(row).toMatchObject({ userPk: who.userPk, firstName: 'Pat', lastName: 'Probe' });
      expect(await emailsTo(t.db, who.email)).toHaveLength(0);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.firmId, cast.firm.firmId), eq(auditLog.targetPk, who.pk)));
      expect(audit?.action).toMatch(/invite$/);
    }
    expect(await userRow(emails['an unknown email'])).toBeNull();

    await t.runJobs();
    // The unknown email is now a person of the firm under the pk it was answered with; the others got a notice without a way in.
    expect((await userRow(emails['an unknown email']))?.pk).toBe(answers[2]!.who.userPk);
    expect((await emailsTo(t.db, emails['an unknown email'])).map((m) => m.template)).toEqual(['INVITATION']);
    for (const email of [emails['another firm’s accountant'], emails['another firm’s client']]) {
      const mails = await emailsTo(t.db, email);
      expect(mails.map((m) => m.template)).toEqual(['INVITATION_EMAIL_TAKEN']);
      const text = await t.lastMailTo(email);
      expect(text).toContain('Test Firm invited you, but this email already belongs to another Herd firm');
      expect(text).toContain('ask them to invite a different address');
      expect(text).not.toMatch(/magic=|reset=|signup=/);
    }
    // Their accounts and firms are untouched.
    expect(await userRow(emails['another firm’s accountant'])).toEqual(before.accountant);
    expect(await userRow(emails['another firm’s client'])).toEqual(before.client);
    expect((await firmsOf(before.accountant!.pk)).staff).toEqual([{ firm: cast.outsider.firmId, role: 'FIRM_ADMIN' }]);
    expect((await firmsOf(before.client!.pk)).staff).toEqual([]);
    expect((await firmsOf(before.client!.pk)).companies).toHaveLength(1);

    // Each of the three counts once, as an invitation.
    expect(await kind.counts(cast)).toEqual(countsBefore.map((n) => n + 3));

    // Another firm sees and touches none of the three.
    for (const { who } of answers) {
      const codes = await kind.foreignTries(cast, who);
      expect(codes).toEqual(codes.map(() => 404));
    }

    // Every request that follows answers alike.
    const followed: [string, ReturnType<typeof normalized>][][] = [];
    for (const { who } of answers) followed.push((await kind.followUps(cast, who)).map(([label, a]) => [label, normalized(a, who)]));
    expect(followed.flat().filter(([, a]) => a.statusCode >= 500)).toEqual([]);
    expect(followed[1]).toEqual(followed[0]);
    expect(followed[2]).toEqual(followed[0]);
  });
});

describe('a pending invitation of another firm’s person', () => {
  it('gives a link of the usual form that signs nobody in, and keeps the firm’s own duplicates as field errors', async () => {
    const cast = await signedInCast(t.db, newClient);
    const taken = cast.outsider.adminEmail;
    const invited = (await cast.admin.post(COWORKERS, { email: taken, ...NAMES, role: 'TEAM_MEMBER' })).json() as { pk: number };
    await t.runJobs();
    const { url } = (await cast.admin.post(`${COWORKERS}${invited.pk}/invitation-link/`)).json() as { url: string };
    expect(url.startsWith(`${TEST_APP_URL}/auth/?magic=`)).toBe(true);
    const opened = await newClient().post('login/with-magic-link/', { code: new URL(url).searchParams.get('magic')! });
    expect(opened.statusCode).toBe(400);
    // The firm's own invitation again is the firm's own data: a field error, as for a coworker who exists.
    expect((await cast.admin.post(COWORKERS, { email: taken, ...NAMES, role: 'TEAM_MEMBER' })).json()).toEqual({ email: ['An account with this email already exists.'] });
    expect((await cast.admin.post(CLIENT_USERS, { email: taken, ...NAMES, client_company: cast.clientUser.companyId })).json()).toEqual({
      email: ['This email belongs to an accountant and cannot be added as a client.'],
    });
    const client = (await cast.admin.post(CLIENT_USERS, { email: uniqueEmail('pending'), ...NAMES, client_company: cast.clientUser.companyId })).json();
    expect((await cast.admin.post(CLIENT_USERS, { email: client.email, ...NAMES, client_company: cast.clientUser.companyId })).json()).toEqual({
      email: ['This person already has access to this client.'],
    });
  });
});

describe('a pending invitation taken up by the job', () => {
  it('keeps its pk and what the admin set meanwhile (name, role, required MFA)', async () => {
    const cast = await signedInCast(t.db, newClient);
    const email = uniqueEmail('later');
    const invited = (await cast.admin.post(COWORKERS, { email, ...NAMES, role: 'TEAM_MEMBER' })).json() as { pk: number; user: number };
    await cast.admin.patch(`${COWORKERS}${invited.pk}/`, { first_name: 'Renamed' });
    await cast.admin.patch(`${MEMBER}${invited.pk}/mfa-setup/update/`, { mfa_enabled: true });
    await t.runJobs();
    expect((await cast.admin.get(`${COWORKERS}${invited.pk}/`)).json()).toMatchObject({ pk: invited.pk, user: invited.user, first_name: 'Renamed', mfa_enabled: true });
    const [member] = await t.db.select().from(firmMembers).where(eq(firmMembers.pk, invited.pk));
    expect(member).toMatchObject({ userId: invited.user, firmId: cast.firm.firmId, mfaEnabled: true });
    expect(await t.db.select().from(pendingInvitations).where(eq(pendingInvitations.email, email))).toEqual([]);
  });
});
