import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mfaDetails } from '@herd/contract';
import { clientCompanies, receipts, users } from '../../../db/schema/index.js';
import { TestClient } from '../../../../test/client.js';
import { createFirm, createClientUser, PASSWORD, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipartFiles, PDF_BYTES } from '../../../../test/multipart.js';
import { DEMO, seedDemo } from '../../../seed/demo.js';
import { createTwilioSender } from '../twilio-sender.js';
import { SMS_SANDBOX_PATH, parseSmsSettings } from '../twilio-settings.js';
import { freePort } from '../../../../test/free-port.js';

const OTHER_CLIENT_PHONE = '+14155550177';
let t: TestApp;
let demoAccountant: TestClient;
let otherAccountant: TestClient;
let sms: ReturnType<typeof parseSmsSettings>;
beforeAll(async () => {
  const port = await freePort();
  sms = parseSmsSettings({}, port);
  t = await createTestApp({ sms });
  await t.app.listen({ port, host: '127.0.0.1' });
  await seedDemo(t.db, t.app.deps.storage, t.app.deps.jobs);
  demoAccountant = new TestClient(t.app, '10.40.0.1');
  await signIn(demoAccountant, DEMO.accountantEmail, DEMO.password);
  const other = await createFirm(t.db, { name: 'Other Firm' });
  const otherClient = await createClientUser(t.db, other.firmId);
  await t.db.update(users).set({ phone: OTHER_CLIENT_PHONE }).where(eq(users.pk, otherClient.userId));
  otherAccountant = new TestClient(t.app, '10.40.0.2');
  await signIn(otherAccountant, other.adminEmail, PASSWORD);
});
afterAll(async () => {
  // fetch keeps its connections open for reuse; a listening server waits for them otherwise.
  t?.app.server.closeAllConnections();
  await t?.close();
});

const page = async (client: TestClient) => (await client.get(`${SMS_SANDBOX_PATH}/`)).body;
const textAs = (client: TestClient, from: string, note: string) => {
  const { body, headers } = multipartFiles({ from, body: note }, [{ name: 'receipt.pdf', bytes: PDF_BYTES }]);
  return client.post(`${SMS_SANDBOX_PATH}/incoming`, body, { headers });
};
const texter = () => createTwilioSender(sms, 5_000);

describe('the texts sandbox answers only a signed-in member of a firm', () => {
  it('shows the signed-out and clients a sign-in page, and takes no text from them', async () => {
    const anonymous = new TestClient(t.app, '10.40.0.3');
    const client = new TestClient(t.app, '10.40.0.4');
    await signIn(client, DEMO.clientEmail, DEMO.password);
    for (const visitor of [anonymous, client]) {
      const answer = await visitor.get(`${SMS_SANDBOX_PATH}/`);
      expect(answer.statusCode).toBe(401);
      expect(answer.body).toContain('Sign in first');
      expect(answer.body).not.toContain(DEMO.clientPhone);
      expect((await textAs(visitor, DEMO.clientPhone, 'forged')).statusCode).toBe(401);
    }
    const [bakery] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.name, DEMO.clientCompanyName));
    expect((await t.db.select().from(receipts).where(eq(receipts.clientCompanyId, bakery!.pk))).filter((r) => r.note === 'forged')).toEqual([]);
  });

  it('fills in the firm’s own client’s phone, and a text with a photo becomes that client’s receipt', async () => {
    expect(await page(demoAccountant)).toContain(
      `Texts from <strong>${DEMO.clientPhone}</strong> come from Casey Baker (client@example.com), whose receipts go to Sunrise Bakery LLC`,
    );
    expect(await page(demoAccountant)).toContain(`value="${DEMO.clientPhone}"`);
    expect((await textAs(demoAccountant, DEMO.clientPhone, 'Flour for the week')).statusCode).toBe(303);
    const [bakery] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.name, DEMO.clientCompanyName));
    const texted = await t.db.select().from(receipts).where(eq(receipts.clientCompanyId, bakery!.pk));
    expect(texted.filter((r) => r.source === 'SMS').map((r) => r.note)).toEqual(['Flour for the week']);
    expect(await page(demoAccountant)).toContain('Thanks! Your receipt is filed for Sunrise Bakery LLC.');
  });

  it('shows another firm none of these texts or phones, and refuses to text as a client not its own', async () => {
    await texter().send(DEMO.clientPhone, 'Sunrise Bakery: 3 transactions to answer');
    await texter().send(OTHER_CLIENT_PHONE, 'Client Co: 1 transaction to answer');
    const theirs = await page(otherAccountant);
    expect(theirs).toContain('Client Co: 1 transaction to answer');
    expect(theirs).not.toContain(DEMO.clientPhone);
    expect(theirs).not.toContain('Sunrise Bakery');
    expect(theirs).not.toContain('Flour for the week');
    expect((await textAs(otherAccountant, DEMO.clientPhone, 'as someone else')).statusCode).toBe(403);
    expect(await page(demoAccountant)).not.toContain('Client Co: 1 transaction to answer');
  });

  it('never shows or logs the words of a text that carries a code', async () => {
    await t.db.update(users).set({ phone: '+1 202 555 0188' }).where(eq(users.email, DEMO.accountantEmail));
    await texter().send('+12025550188', '918273 is your Herd sign-in code.', { secret: true });
    const shown = await page(demoAccountant);
    expect(shown).toContain('+12025550188');
    expect(shown).toContain('(a code: never shown here)');
    expect(shown).not.toContain('918273');
  });
});

describe('two-step verification while texts go to the sandbox', () => {
  it('offers no text messages, and refuses to set them up', async () => {
    const status = await demoAccountant.get('users/mfa/');
    expect(status.json()).toMatchObject({ sms_available: false });
    const setup = await demoAccountant.post('users/mfa/sms/setup/', { phone: '+12025550188' });
    expect(setup.statusCode).toBe(400);
    expect(setup.json()).toEqual({ detail: mfaDetails.smsNotDelivered });
  });
});
