import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, emailsTo, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';
import { unsubscribeToken } from '../../../mail/unsubscribe.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 41);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A company with one imported charge, and the accountant's way to write the client a note about it. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await postBankCsv(cast.admin, pk, bankCsv(1));
  const [tx] = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results as { pk: number }[];
  const note = async (body: string) => expect((await cast.admin.post(`accounting/notes/transaction/${tx!.pk}/note/create/`, { body })).statusCode).toBe(201);
  const notify = async () => (await cast.admin.post('accounting/accountant/client-company/send-notification/', { client_company: pk })).json();
  return { cast, pk, note, notify };
};

const templatesTo = async (email: string) => (await emailsTo(t.db, email)).map((m) => m.template);

describe('unsubscribe links', () => {
  it('a note email carries RFC 8058 headers and a footer link; one click, signed out, stops notes and nothing else', async () => {
    const { cast, note, notify } = await setup();
    await note('Was this the team lunch?');
    const mail = await t.lastMailOf(cast.clientUser.email);
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
    expect(oneClick).toBeDefined();
    expect(mail.text).toMatch(/Stop these emails \(Notes\): https?:\/\/\S+\/unsubscribe\/\?token=\S+/);

    // A mail provider's POST: no cookie, no CSRF header, a form body.
    const url = new URL(oneClick!);
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: 'NOTES', label: 'Notes' });
    expect(res.json().email).toMatch(/^.•••@example\.com$/);

    const before = (await templatesTo(cast.clientUser.email)).length;
    await note('And the one after it?');
    await t.runJobs();
    expect((await templatesTo(cast.clientUser.email)).length).toBe(before);
    // Reminders are another kind: they still go.
    expect(await notify()).toEqual({ sent: 1 });
    expect((await templatesTo(cast.clientUser.email)).at(-1)).toBe('CLIENT_REMINDER');
    // The person's settings show what the link turned off.
    const prefs = (await cast.client.get('users/profile/email-preferences/')).json().preferences as { kind: string; enabled: boolean }[];
    expect(prefs.filter((p) => !p.enabled).map((p) => p.kind)).toEqual(['NOTES']);
  });

  it('the page link works signed out; a forged, altered or malformed token is not found', async () => {
    const { cast, notify } = await setup();
    const token = unsubscribeToken(t.app.deps.config.secretKey, { userId: cast.clientUser.userId, kind: 'REMINDERS' });
    const forged = unsubscribeToken('another-key', { userId: cast.clientUser.userId, kind: 'REMINDERS' });
    const altered = token.replace('.REMINDERS.', '.NOTES.');
    for (const bad of [forged, altered, 'nonsense', `${cast.clientUser.userId}.REMINDERS.`]) {
      const res = await cast.anonymous.post('generic/unsubscribe/', { token: bad });
      expect(res.statusCode).toBe(404);
      expect(res.json().detail).toMatch(/not valid/);
    }
    expect((await cast.anonymous.post('generic/unsubscribe/', {})).statusCode).toBe(400);

    expect((await cast.anonymous.post('generic/unsubscribe/', { token })).json()).toMatchObject({ kind: 'REMINDERS' });
    // Twice is fine: still off.
    expect((await cast.anonymous.post('generic/unsubscribe/', { token })).statusCode).toBe(200);
    expect(await notify()).toEqual({ sent: 0 });
    expect(await templatesTo(cast.clientUser.email)).not.toContain('CLIENT_REMINDER');
  });
});

describe('email settings', () => {
  it('every kind starts on; a person turns one off and on again, for themselves only', async () => {
    const { cast, note } = await setup();
    const list = async () => (await cast.client.get('users/profile/email-preferences/')).json().preferences as { kind: string; enabled: boolean }[];
    expect((await list()).map((p) => [p.kind, p.enabled])).toEqual([
      ['REMINDERS', true],
      ['NOTES', true],
      ['REQUESTS', true],
      ['DIGEST', true],
    ]);
    const off = await cast.client.patch('users/profile/email-preferences/update/', { kind: 'NOTES', enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().preferences.find((p: { kind: string }) => p.kind === 'NOTES').enabled).toBe(false);
    await note('Silent?');
    await t.runJobs();
    expect(await templatesTo(cast.clientUser.email)).not.toContain('NOTE');
    // The accountant's own settings are untouched.
    expect(((await cast.admin.get('users/profile/email-preferences/')).json().preferences as { enabled: boolean }[]).every((p) => p.enabled)).toBe(true);

    await cast.client.patch('users/profile/email-preferences/update/', { kind: 'NOTES', enabled: true });
    await note('Back on?');
    expect((await t.lastMailOf(cast.clientUser.email)).subject).toMatch(/wrote about/);

    const bad = await cast.client.patch('users/profile/email-preferences/update/', { kind: 'SPAM', enabled: 'no' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ kind: ['Kind is not valid.'], enabled: ['Enabled is not valid.'] });
    expect((await cast.anonymous.get('users/profile/email-preferences/')).statusCode).toBe(401);
  });
});
