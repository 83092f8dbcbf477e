import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioState, deliverIncomingText, messagesTo, signTwilioRequest, twilioSimulatorPlugin, type IncomingText } from '@herd/simulators';
import { API_PREFIX, SMS_INCOMING_PATH } from '@herd/contract';
import { receipts, transactionLines, transactions, users } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { createClientUser, createFirm, createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { textQuestions } from '../../../modules/conversation/text-answers/text-answers.face.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PDF_BYTES, PNG_1X1 } from '../../../../test/multipart.js';
import { SMS_REPLIES } from '../../../modules/conversation/inbound/inbound.face.js';

const SID = 'AC22222222222222222222222222222222';
const TOKEN = 'sms-inbound-token';
const HERD_NUMBER = '+15005550006';
const twilio = createTwilioState({ accountSid: SID, authToken: TOKEN });
const simulator = Fastify();
let t: TestApp;
let webhookUrl = '';
let signedUrl = '';
let simulatorBase = '';
const newClient = clientMaker(() => t.app, 91);

beforeAll(async () => {
  await simulator.register(twilioSimulatorPlugin, { state: twilio });
  simulatorBase = await simulator.listen({ port: 0, host: '127.0.0.1' });
  t = await createTestApp({ sms: { mode: 'twilio', baseUrl: simulatorBase, accountSid: SID, authToken: TOKEN, from: HERD_NUMBER }, maxUploadBytes: 64 * 1024 });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Twilio signs the URL configured for the number: Herd's public address, which a proxy forwards here.
  webhookUrl = `${address}${API_PREFIX}/${SMS_INCOMING_PATH}`;
  signedUrl = `${t.app.deps.config.appUrl.replace(/\/$/, '')}${API_PREFIX}/${SMS_INCOMING_PATH}`;
});
afterAll(async () => {
  // fetch keeps its connections open for reuse; a listening server waits for them otherwise.
  t?.app.server.closeAllConnections();
  simulator.server.closeAllConnections();
  await t?.close();
  await simulator.close();
});

let nextPhone = 5550200;
/** A client whose profile holds a phone number, written as people write it. */
const clientWithPhone = async () => {
  const cast = await signedInCast(t.db, newClient);
  const digits = String(nextPhone++);
  await t.db
    .update(users)
    .set({ phone: `+1 (415) ${digits.slice(0, 3)}-${digits.slice(3)}` })
    .where(eq(users.pk, cast.clientUser.userId));
  return { cast, phone: `+1415${digits}` };
};

const text = (message: Omit<IncomingText, 'to'>, options: { signWith?: string; unsigned?: boolean } = {}) =>
  deliverIncomingText(twilio, { ...message, to: HERD_NUMBER }, { webhookUrl, signedUrl, apiBaseUrl: simulatorBase, ...options });

/** Twilio's form for a text with one photo, built by hand (a retry repeats its MessageSid). */
const twilioForm = (from: string, messageSid: string, mediaUrl: string) =>
  new URLSearchParams({
    MessageSid: messageSid,
    AccountSid: SID,
    From: from,
    To: HERD_NUMBER,
    Body: '',
    NumMedia: '1',
    MediaUrl0: mediaUrl,
    MediaContentType0: 'image/png',
  });

const postSigned = (form: URLSearchParams) =>
  fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signTwilioRequest(TOKEN, signedUrl, form) },
    body: form.toString(),
  });

const receiptsOf = (companyPk: number) => t.db.select().from(receipts).where(eq(receipts.clientCompanyId, companyPk));

describe('receipts by text message', () => {
  it('files each photo of a signed text from a client’s number as a receipt of their company, the words as its note, and texts back', async () => {
    const { cast, phone } = await clientWithPhone();
    // The client's settings say where to text.
    expect((await cast.client.get('accounting/client/receipts/address/')).json().text_number).toBe(HERD_NUMBER);
    const delivered = await text({
      from: phone,
      body: 'Lunch with Sam',
      media: [
        { contentType: 'image/png', bytes: PNG_1X1 },
        { contentType: 'application/pdf', bytes: PDF_BYTES },
      ],
    });
    expect(delivered.webhookStatus).toBe(200);
    const filed = await receiptsOf(cast.clientUser.companyId);
    expect(filed).toHaveLength(2);
    expect(filed.every((r) => r.source === 'SMS' && r.note === 'Lunch with Sam' && r.uploadedBy === cast.clientUser.userId)).toBe(true);
    expect(delivered.replies).toEqual([SMS_REPLIES.filed(2, 'Client Co')]);
    expect(messagesTo(twilio, phone).at(-1)?.body).toBe(SMS_REPLIES.filed(2, 'Client Co'));

    // The accountant sees them, and the files are the bytes the phone sent.
    const list = (await cast.admin.get(`accounting/accountant/client-company/${cast.clientUser.companyId}/receipts/list/`)).json();
    expect(list.results).toHaveLength(2);
  });

  it('files a text Twilio delivers twice only once', async () => {
    const { cast, phone } = await clientWithPhone();
    twilio.media.set(`MM${'b'.repeat(32)}/ME${'c'.repeat(32)}`, { contentType: 'image/png', bytes: PNG_1X1 });
    const form = twilioForm(phone, `MM${'b'.repeat(32)}`, `${simulatorBase}/2010-04-01/Accounts/${SID}/Messages/MM${'b'.repeat(32)}/Media/ME${'c'.repeat(32)}`);
    const first = await postSigned(form);
    expect(await first.text()).toContain('filed for Client Co');
    const again = await postSigned(form);
    expect(again.status).toBe(200);
    expect(await again.text()).not.toContain('<Message>');
    expect(await receiptsOf(cast.clientUser.companyId)).toHaveLength(1);
  });

  it('answers the questions texted to a client from their reply, once even when Twilio delivers it twice', async () => {
    const { cast, phone } = await clientWithPhone();
    const { userId, companyId } = cast.clientUser;
    await t.db.update(users).set({ textsAgreedAt: new Date() }).where(eq(users.pk, userId));
    const meals = await createLedgerAccount(t.db, companyId, { name: 'Meals & Entertainment' });
    const [lunch] = await t.db
      .insert(transactions)
      .values({
        clientCompanyId: companyId,
        externalId: 'sms-lunch',
        ledgerEntityType: 'csv',
        type: 'EXPENSE',
        subtype: 'csv',
        payee: 'BLUE BOTTLE',
        date: '2026-12-02',
        amount: '18.40',
      })
      .returning();
    const who = { firmId: cast.firm.firmId, firmName: 'Test Firm', companyPk: companyId, userPk: userId, phone };
    expect(await textQuestions(t.app.deps, who)).toBe('sent');
    expect(messagesTo(twilio, phone).at(-1)?.body).toMatch(/^Test Firm: what were these\?\n1 BLUE BOTTLE 12\/02 \$18\.40\n/);

    const form = new URLSearchParams({ MessageSid: `SM${'d'.repeat(32)}`, AccountSid: SID, From: phone, To: HERD_NUMBER, Body: '1 lunch', NumMedia: '0' });
    expect(await (await postSigned(form)).text()).toContain('Thanks! Your answer is with Test Firm.');
    const again = await postSigned(form);
    expect(await again.text()).not.toContain('<Message>');
    const lines = await t.db.select().from(transactionLines).where(eq(transactionLines.transactionId, lunch!.pk));
    expect(lines.map((l) => [l.categoryId, l.amount])).toEqual([[meals.pk, '18.40']]);
  });

  it('refuses a forged or missing signature without filing anything', async () => {
    const { cast, phone } = await clientWithPhone();
    const forged = await text({ from: phone, body: 'x', media: [{ contentType: 'image/png', bytes: PNG_1X1 }] }, { signWith: 'not-the-token' });
    expect(forged.webhookStatus).toBe(403);
    const unsigned = await text({ from: phone, body: 'x', media: [{ contentType: 'image/png', bytes: PNG_1X1 }] }, { unsigned: true });
    expect(unsigned.webhookStatus).toBe(400);
    expect(await receiptsOf(cast.clientUser.companyId)).toHaveLength(0);
  });

  it('answers an unknown number, a text without a photo, a file that is not a receipt and an oversized one with a text, filing nothing', async () => {
    const stranger = await text({ from: '+14155559999', body: 'hi', media: [{ contentType: 'image/png', bytes: PNG_1X1 }] });
    expect(stranger.replies).toEqual([SMS_REPLIES.unknownNumber]);

    const { cast, phone } = await clientWithPhone();
    expect((await text({ from: phone, body: 'where do I send receipts?' })).replies).toEqual([SMS_REPLIES.noMedia]);
    const lying = await text({
      from: phone,
      body: '',
      media: [
        { contentType: 'image/png', bytes: PNG_1X1 },
        { contentType: 'image/jpeg', bytes: Buffer.from('MZ this is a program, not a photo') },
      ],
    });
    expect(lying.replies).toEqual([SMS_REPLIES.notAReceipt]);
    const huge = await text({ from: phone, body: '', media: [{ contentType: 'image/png', bytes: Buffer.concat([PNG_1X1, Buffer.alloc(80 * 1024)]) }] });
    expect(huge.replies).toEqual([SMS_REPLIES.tooLarge(64 * 1024)]);
    expect(await receiptsOf(cast.clientUser.companyId)).toHaveLength(0);
  });

  it('never fetches media from a host other than Twilio’s', async () => {
    const { cast, phone } = await clientWithPhone();
    const response = await postSigned(twilioForm(phone, `MM${'a'.repeat(32)}`, 'http://127.0.0.1:9/elsewhere.png'));
    expect(await response.text()).toContain(SMS_REPLIES.downloadFailed);
    expect(await receiptsOf(cast.clientUser.companyId)).toHaveLength(0);
  });

  it('does not guess between two clients who share a number', async () => {
    const { cast, phone } = await clientWithPhone();
    const otherFirm = await createFirm(t.db);
    const twin = await createClientUser(t.db, otherFirm.firmId);
    await t.db
      .update(users)
      .set({ phone: phone.slice(2) })
      .where(eq(users.pk, twin.userId));
    const delivered = await text({ from: phone, body: '', media: [{ contentType: 'image/png', bytes: PNG_1X1 }] });
    expect(delivered.replies).toEqual([SMS_REPLIES.ambiguousNumber]);
    expect(await receiptsOf(cast.clientUser.companyId)).toHaveLength(0);
    expect(await receiptsOf(twin.companyId)).toHaveLength(0);
  });
});
