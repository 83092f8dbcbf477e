import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, details, karbonEndpoints, unavailable, type ClientConfig } from '@herd/contract';
import { loadConfig, type Config } from '../../../config.js';
import { clientMaker } from '../../../../test/client.js';
import { emailsTo, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { TEST_APP_URL, createTestApp, type TestApp } from '../../../../test/harness.js';

/**
 * The configuration `NODE_ENV=production npm start` reads with nothing else set (no SMTP server, no
 * provider's credentials, sandboxes off), as `loadConfig` makes it, driven in process.
 */
const productionConfig = (env: NodeJS.ProcessEnv = {}): Partial<Config> => ({
  ...loadConfig({ NODE_ENV: 'production', DATA_DIR: path.join(mkdtempSync(path.join(tmpdir(), 'herd-prod-config-')), 'data'), WEB_DIST_DIR: '', ...env }),
  appUrl: TEST_APP_URL,
  logLevel: 'silent',
});

const SIGNUP = { password: 'quiet harbour lantern 42', first_name: 'Pat', last_name: 'Ledger', company_name: 'Ledger & Co' };
/** Operator words that must never reach a person's screen. */
const OPERATOR_WORDS = /SMTP_URL|QBO_CLIENT|XERO_CLIENT|TWILIO|SANDBOXES|operator/;

describe('a production installation with nothing configured', () => {
  let t: TestApp;
  const newClient = clientMaker(() => t.app, 16);
  beforeAll(async () => {
    t = await createTestApp(productionConfig());
  });
  afterAll(async () => t?.close());

  it('tells the web app it can deliver no email, has no QuickBooks, Xero, texts or sandbox Karbon', async () => {
    const config = (await newClient().get('generic/client-config/')).json() as ClientConfig;
    expect(config).toMatchObject({ email_delivery: false, quickbooks: 'off', quickbooks_signup: false, xero: 'off', karbon_sandbox: false, texts: false });
  });

  it('refuses a sign-up by email in the visitor’s words, rather than saying "check your email"; nothing is mailed', async () => {
    const email = uniqueEmail('honest-signup');
    const res = await newClient().post(authEndpoints.signup.path, { email, ...SIGNUP });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: unavailable.signupByEmail });
    expect(res.body).not.toContain(details.signupLinkSent);
    await t.runJobs();
    expect(await emailsTo(t.db, email)).toEqual([]);
  });

  it('refuses emailed sign-in links and password resets the same way for any address', async () => {
    const cast = await signedInCast(t.db, newClient);
    for (const email of [cast.firm.adminEmail, uniqueEmail('nobody')]) {
      for (const endpoint of [authEndpoints.sendMagicLink, authEndpoints.resetPassword]) {
        const res = await newClient().post(endpoint.path, { email });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ detail: unavailable.emailedLinks });
      }
    }
    await t.runJobs();
    expect(await emailsTo(t.db, cast.firm.adminEmail)).toEqual([]);
  });

  it('tells an admin to hand an invitation on themselves rather than claiming it was mailed again', async () => {
    const cast = await signedInCast(t.db, newClient);
    const invited = await cast.admin.post('accounting/accountant-coworker/', {
      email: uniqueEmail('invitee'),
      first_name: 'Ines',
      last_name: 'Invitee',
      role: 'TEAM_MEMBER',
    });
    expect(invited.statusCode).toBe(201);
    await t.runJobs();
    const res = await cast.admin.post(`accounting/accountant-coworker/${invited.json().pk as number}/resend-invitation/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: unavailable.invitationEmail });
    // Another firm's admin still learns nothing of the invitee.
    expect((await cast.otherFirmAdmin.post(`accounting/accountant-coworker/${invited.json().pk as number}/resend-invitation/`)).statusCode).toBe(404);
  });

  it('refuses "Notify now" for a client rather than saying a reminder went to people it never reached', async () => {
    const cast = await signedInCast(t.db, newClient);
    const res = await cast.admin.post('accounting/accountant/client-company/send-notification/', { client_company: cast.clientUser.companyId });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: unavailable.reminderEmail });
    await t.runJobs();
    expect(await emailsTo(t.db, cast.clientUser.email)).toEqual([]);
    // Another firm still gets 404 for the company, before any word about email.
    expect((await cast.otherFirmAdmin.post('accounting/accountant/client-company/send-notification/', { client_company: cast.clientUser.companyId })).statusCode).toBe(
      404,
    );
  });

  it('answers "Connect QuickBooks", "Connect Xero" and the sandbox Karbon in the accountant’s words, naming no setting', async () => {
    const cast = await signedInCast(t.db, newClient);
    const qbo = await cast.admin.get('quickbooks/oauth2/');
    expect(qbo.json()).toEqual({ detail: unavailable.quickbooks });
    const xero = await cast.admin.get('xero/oauth2/');
    expect(xero.json()).toEqual({ detail: unavailable.xero });
    const karbon = await cast.admin.post(karbonEndpoints.connectSandbox.path);
    expect(karbon.statusCode).toBe(404);
    expect(karbon.json()).toEqual({ detail: unavailable.karbonSandbox });
    for (const answer of [qbo, xero, karbon]) expect(answer.body).not.toMatch(OPERATOR_WORDS);
  });
});

describe('a production installation with an SMTP server', () => {
  let t: TestApp;
  const newClient = clientMaker(() => t.app, 4);
  beforeAll(async () => {
    t = await createTestApp(productionConfig({ SMTP_URL: 'smtp://mail.herd.test:587' }));
  });
  afterAll(async () => t?.close());

  it('says email is delivered, and a sign-up says to check the email that went out', async () => {
    expect(((await newClient().get('generic/client-config/')).json() as ClientConfig).email_delivery).toBe(true);
    const email = uniqueEmail('smtp-signup');
    const res = await newClient().post(authEndpoints.signup.path, { email, ...SIGNUP });
    expect(res.json()).toEqual({ detail: details.signupLinkSent });
    expect(await t.lastMailTo(email)).toContain('/auth/?signup=');
  });
});

describe('development', () => {
  let t: TestApp;
  const newClient = clientMaker(() => t.app, 2);
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('offers everything its sandboxes and outbox stand in for', async () => {
    expect((await newClient().get('generic/client-config/')).json()).toMatchObject({
      email_delivery: true,
      quickbooks: 'sandbox',
      xero: 'sandbox',
      karbon_sandbox: true,
    });
  });
});
