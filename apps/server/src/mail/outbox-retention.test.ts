import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, webhookDeliveries } from '../db/schema/index.js';
import { RETENTION, sweepOnce } from '../maintenance.js';
import { clientMaker } from '../../test/client.js';
import { codeFromEmail, createClientUser, createFirm, lastEmailTo } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { maskLinks } from './transports.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 24);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the outbox keeps a record without usable links', () => {
  it('delivers the sign-in link but stores the email with its code masked', async () => {
    const firm = await createFirm(t.db);
    await newClient().post('login/send-magic-link/', { email: firm.adminEmail });
    const code = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'magic');
    const row = await lastEmailTo(t.db, firm.adminEmail);
    expect(row).toMatchObject({ template: 'MAGIC_LINK', subject: 'Your sign-in link' });
    expect(row!.sentAt).not.toBeNull();
    for (const body of [row!.textBody, row!.htmlBody!]) {
      expect(body).not.toContain(code);
      expect(body).not.toContain(encodeURIComponent(code));
      expect(body).toContain('/auth/?magic=…');
    }
  });

  it('masks reset links too', async () => {
    const firm = await createFirm(t.db);
    await newClient().post('users/reset-password/', { email: firm.adminEmail });
    const code = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'reset');
    const row = await lastEmailTo(t.db, firm.adminEmail);
    expect(row!.textBody).not.toContain(code);
    expect(row!.textBody).toContain('/auth/?reset=…');
  });

  it('masks every secret parameter of a link, in text and in escaped HTML', () => {
    expect(maskLinks('Sign in: https://h.test/auth/?magic=abc-123_x\n')).toBe('Sign in: https://h.test/auth/?magic=…\n');
    expect(maskLinks('<a href="https://h.test/x?next=%2F&amp;reset=s3cr3t">')).toBe('<a href="https://h.test/x?next=%2F&amp;reset=…">');
    expect(maskLinks('https://h.test/auth/?signup=zzz and https://h.test/settings/')).toBe('https://h.test/auth/?signup=… and https://h.test/settings/');
  });
});

describe('end-to-end tests still read their links', () => {
  it('keeps the link usable in the outbox only when the e2e outbox is on', async () => {
    const e2e = await createTestApp({ e2eOutbox: true });
    try {
      const user = await createClientUser(e2e.db, (await createFirm(e2e.db)).firmId, { password: null });
      await clientMaker(() => e2e.app, 25)().post('login/send-magic-link/', { email: user.email });
      const code = codeFromEmail(await e2e.lastMailTo(user.email), 'magic');
      const res = await clientMaker(() => e2e.app, 26)().get(`testing/outbox/?to=${encodeURIComponent(user.email)}`);
      expect(res.statusCode).toBe(200);
      expect(codeFromEmail(res.json().text, 'magic')).toBe(code);
    } finally {
      await e2e.close();
    }
  });
});

describe('maintenance', () => {
  it('prunes outbox rows and webhook digests past their retention, keeping recent ones', async () => {
    const now = Date.now();
    const old = new Date(now - RETENTION.outbox - 60_000);
    const [stale] = await t.db
      .insert(outbox)
      .values({ channel: 'EMAIL', recipient: 'old@example.com', textBody: 'x', template: 'T', transport: 'outbox', createdAt: old })
      .returning();
    const [fresh] = await t.db.insert(outbox).values({ channel: 'EMAIL', recipient: 'new@example.com', textBody: 'x', template: 'T', transport: 'outbox' }).returning();
    await t.db.insert(webhookDeliveries).values([
      { provider: 'QBO', digest: 'old-digest', receivedAt: new Date(now - RETENTION.webhookDeliveries - 60_000) },
      { provider: 'QBO', digest: 'new-digest' },
    ]);

    await sweepOnce(t.db, now);

    expect(await t.db.select().from(outbox).where(eq(outbox.pk, stale!.pk))).toHaveLength(0);
    expect(await t.db.select().from(outbox).where(eq(outbox.pk, fresh!.pk))).toHaveLength(1);
    expect((await t.db.select().from(webhookDeliveries)).map((d) => d.digest)).toEqual(['new-digest']);
  });
});
