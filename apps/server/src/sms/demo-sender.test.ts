import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, receipts, users } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipartFiles, PDF_BYTES } from '../../test/multipart.js';
import { DEMO, seedDemo } from '../seed/demo.js';
import { demoSender } from './demo-sender.js';
import { SMS_SANDBOX_PATH, parseSmsSettings } from './sms-settings.js';

/** A port nobody listens on now: the sandbox's addresses name it before the app listens. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

let t: TestApp;
beforeAll(async () => {
  const port = await freePort();
  t = await createTestApp({ sms: parseSmsSettings({}, port) });
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedDemo(t.db, t.app.deps.storage, t.app.deps.jobs);
});
afterAll(async () => {
  // fetch keeps its connections open for reuse; a listening server waits for them otherwise.
  t?.app.server.closeAllConnections();
  await t?.close();
});

const sandboxPage = async () => (await t.app.inject({ url: `${SMS_SANDBOX_PATH}/` })).body;

describe('texting a receipt as the demo client from the sandbox', () => {
  it('the demo client has a phone on their profile, which the sandbox page names and fills in', async () => {
    const [client] = await t.db.select().from(users).where(eq(users.email, DEMO.clientEmail));
    expect(client!.phone).toBe(DEMO.clientPhone);
    const page = await sandboxPage();
    expect(page).toContain(
      `Texts from <strong>${DEMO.clientPhone}</strong> come from Casey Baker (client@example.com), the demo client, whose receipts go to Sunrise Bakery LLC`,
    );
    expect(page).toContain(`value="${DEMO.clientPhone}"`);
  });

  it('a text with a photo sent from the form as it is filled in becomes a receipt of the demo company', async () => {
    const { body, headers } = multipartFiles({ from: DEMO.clientPhone, body: 'Flour for the week' }, [{ name: 'flour.pdf', bytes: PDF_BYTES }]);
    const sent = await t.app.inject({ method: 'POST', url: `${SMS_SANDBOX_PATH}/incoming`, payload: body, headers });
    expect(sent.statusCode).toBe(303);
    const [bakery] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.name, DEMO.clientCompanyName));
    const texted = await t.db.select().from(receipts).where(eq(receipts.clientCompanyId, bakery!.pk));
    expect(texted.filter((r) => r.source === 'SMS').map((r) => r.note)).toEqual(['Flour for the week']);
    expect(await sandboxPage()).toContain('Thanks! Your receipt is filed for Sunrise Bakery LLC.');
  });

  it('names nobody once the demo client’s phone is emptied or not written with its country code', async () => {
    await t.db.update(users).set({ phone: '(202) 555-0143' }).where(eq(users.email, DEMO.clientEmail));
    expect(await demoSender(t.db)).toBeNull();
    await t.db.update(users).set({ phone: '' }).where(eq(users.email, DEMO.clientEmail));
    expect(await demoSender(t.db)).toBeNull();
    expect(await sandboxPage()).not.toContain('data-sender');
    await t.db.update(users).set({ phone: '+1 202 555 0143' }).where(eq(users.email, DEMO.clientEmail));
    expect(await demoSender(t.db)).toMatchObject({ number: '+12025550143' });
  });
});
