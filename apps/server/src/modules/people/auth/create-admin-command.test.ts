import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, firmMembers, firms, requestTemplates, subscriptions } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { codeFromEmail, createClientUser, createFirm, uniqueEmail } from '../../../../test/factories.js';
import { TEST_APP_URL, createTestApp, type TestApp } from '../../../../test/harness.js';
import { CREATE_ADMIN_USAGE, parseCreateAdminArgs, runCreateAdminCommand } from './create-admin.command.js';

const NEW_PASSWORD = 'quiet harbour lantern 42';
const args = (email: string, firm = 'Lee & Co') => ['--email', email, '--firm', firm, '--first-name', 'Ann', '--last-name', 'Lee'];

describe('the create-admin command line', () => {
  it('reads the email, the firm, the admin’s names and an optional time zone', () => {
    expect(parseCreateAdminArgs([...args('ann@lee.example'), '--time-zone', 'America/Chicago'])).toEqual({
      email: 'ann@lee.example',
      firmName: 'Lee & Co',
      firstName: 'Ann',
      lastName: 'Lee',
      timeZone: 'America/Chicago',
    });
    expect(parseCreateAdminArgs(args('ann@lee.example')).timeZone).toBe('America/New_York');
  });

  it.each([
    [[], ['--email: Email is required.', '--firm: Company name is required.', '--first-name: First name is required.']],
    [['--email', 'not-an-email', '--firm', 'X', '--first-name', 'A', '--last-name', 'B'], ['--email: Email is not valid.']],
    [[...args('a@b.example'), '--time-zone', 'Mars/Olympus'], ['--time-zone:']],
    [[...args('a@b.example'), '--password', 'hunter2'], ['"--password" is not an option of this command.']],
    [['--email', '--firm', 'X'], ['--email needs a value.']],
    [[...args('a@b.example'), '--firm', 'Twice'], ['--firm is given twice.']],
  ])('refuses %o, saying every mistake and how to write it', (given, problems) => {
    const attempt = () => parseCreateAdminArgs(given);
    for (const problem of problems) expect(attempt).toThrow(problem);
    expect(attempt).toThrow(CREATE_ADMIN_USAGE);
  });
});

describe('running the create-admin command', () => {
  let t: TestApp;
  const newClient = clientMaker(() => t.app, 8);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const setPasswordAt = async (lines: string[]) => {
    const link = lines.find((line) => line.includes('/auth/?reset='))!.trim();
    expect(link.startsWith(`${TEST_APP_URL}/auth/?reset=`)).toBe(true);
    return newClient().post(`users/finish-reset-password/${codeFromEmail(link, 'reset')}/`, { password: NEW_PASSWORD });
  };

  it('creates the firm on its trial with the sign-up’s starter templates, and its admin, who sets a password at the printed link and signs in', async () => {
    const email = uniqueEmail('first-admin');
    const lines = await runCreateAdminCommand(t.db, { appUrl: TEST_APP_URL }, parseCreateAdminArgs(args(email)));
    const firmPk = Number(/^Created firm (\d+) \("Lee & Co"\) and its admin /.exec(lines[0]!)?.[1]);
    expect(firmPk).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(`Then sign in at ${TEST_APP_URL}/auth/.`);

    const [firm] = await t.db.select().from(firms).where(eq(firms.pk, firmPk));
    expect(firm).toMatchObject({ companyName: 'Lee & Co', timeZone: 'America/New_York' });
    expect((await t.db.select().from(subscriptions).where(eq(subscriptions.firmId, firmPk)))[0]?.status).toBe('TRIAL');
    expect((await t.db.select().from(requestTemplates).where(eq(requestTemplates.firmId, firmPk))).length).toBeGreaterThan(0);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.firmId, firmPk), eq(auditLog.action, 'firm.signup')));
    expect(audit?.details).toEqual({ via: 'operator' });

    // No password until the admin chooses one at the link.
    expect((await newClient().post('users/login/', { email, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await setPasswordAt(lines)).statusCode).toBe(200);
    const signedIn = await newClient().post('users/login/', { email, password: NEW_PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      email,
      first_name: 'Ann',
      account_type: 'ACCOUNTANT',
      accountant_company_user: { role: 'FIRM_ADMIN', company: { pk: firmPk, company_name: 'Lee & Co' } },
    });
  });

  it('run again for the same email and firm, creates nothing and prints a new link', async () => {
    const email = uniqueEmail('again');
    const first = await runCreateAdminCommand(t.db, { appUrl: TEST_APP_URL }, parseCreateAdminArgs(args(email)));
    const firmPk = Number(/^Created firm (\d+)/.exec(first[0]!)?.[1]);
    // The firm's name is matched as the operator would think of it, whatever its case.
    const again = await runCreateAdminCommand(t.db, { appUrl: TEST_APP_URL }, parseCreateAdminArgs(args(email.toUpperCase(), 'lee & co')));
    // The email is read as sign-up reads it (lower case).
    expect(again[0]).toBe(`${email} is already the admin of firm ${firmPk} ("Lee & Co"): nothing new was created.`);
    const [user] = await t.db.select({ userId: firmMembers.userId }).from(firmMembers).where(eq(firmMembers.firmId, firmPk));
    expect(await t.db.select().from(firmMembers).where(eq(firmMembers.userId, user!.userId))).toHaveLength(1);
    expect((await setPasswordAt(again)).statusCode).toBe(200);
  });

  it('refuses an email that belongs to another firm’s admin or to a client, changing nothing', async () => {
    const other = await createFirm(t.db, { name: 'Other Books' });
    await expect(runCreateAdminCommand(t.db, { appUrl: TEST_APP_URL }, parseCreateAdminArgs(args(other.adminEmail)))).rejects.toThrow(
      `${other.adminEmail} is already the admin of firm ${other.firmId} ("Other Books"): nothing was created. Choose another email for "Lee & Co".`,
    );
    const client = await createClientUser(t.db, other.firmId);
    await expect(runCreateAdminCommand(t.db, { appUrl: TEST_APP_URL }, parseCreateAdminArgs(args(client.email)))).rejects.toThrow(
      `${client.email} already has a Herd account, and is no firm's admin: nothing was created. Choose another email.`,
    );
    expect(await t.db.select().from(firmMembers).where(eq(firmMembers.firmId, other.firmId))).toHaveLength(1);
  });
});
