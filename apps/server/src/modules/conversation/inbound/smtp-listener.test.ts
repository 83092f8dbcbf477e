import { and, eq } from 'drizzle-orm';
import type nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { authResults, PDF_BYTES, sendBareTo, sendTo } from '../../../../test/inbound.js';
import { multipart } from '../../../../test/multipart.js';
import { startInboundSmtp, type InboundSmtpListener } from './smtp-listener.service.js';

let t: TestApp;
let listener: InboundSmtpListener;
const newClient = clientMaker(() => t.app, 42);

beforeAll(async () => {
  t = await createTestApp();
  // Port 0: the system picks a free one, as a test must not assume any port is.
  listener = await startInboundSmtp(t.app.deps, t.app.log, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await listener?.close();
  await t?.close();
});

const sendBare = (message: nodemailer.SendMailOptions) => sendBareTo(listener.port, message);
const send = (message: nodemailer.SendMailOptions) => sendTo(listener.port, message);

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const companyPk = cast.clientUser.companyId;
  const { body, headers } = multipart({}, { name: 'b.csv', bytes: Buffer.from(bankCsv(1)) });
  await cast.admin.request('POST', `accounting/accountant/client-company/${companyPk}/transactions/import-csv/`, { body, headers });
  const txPk = (await cast.client.get(`accounting/client/company/${companyPk}/transactions/list/`)).json().results[0].pk as number;
  await cast.admin.post(`accounting/notes/transaction/${txPk}/note/create/`, { body: 'What was this payment for?' });
  return { cast, companyPk, txPk, replyTo: (await t.lastMailOf(cast.clientUser.email)).replyTo! };
};

describe('Herd’s SMTP listener', () => {
  it('takes a reply with an attachment: the note and the file appear on the transaction', async () => {
    const { cast, companyPk, txPk, replyTo } = await setup();
    const info = await send({
      from: `Cleo Client <${cast.clientUser.email}>`,
      to: replyTo,
      subject: 'Re: What was this payment for?',
      text: 'New laptop for the office.\n\n-- \nCleo Client\nClient Co\n\nOn Wed, 25 Nov 2026, Ada <no-reply@herd.test> wrote:\n> What was this payment for?',
      attachments: [{ filename: 'invoice.pdf', content: PDF_BYTES }],
    });
    expect(info.accepted).toEqual([replyTo]);
    const thread = (await cast.admin.get(`accounting/notes/transaction/${txPk}/note/list/`)).json() as { body: string; sender: string }[];
    expect(thread.map((n) => [n.sender, n.body])).toEqual([
      ['ACCOUNTANT', 'What was this payment for?'],
      ['CLIENT', 'New laptop for the office.'],
    ]);
    const row = (await cast.admin.get(`accounting/accountant/client-company/${companyPk}/transactions/list/`)).json().results[0];
    expect(row.attachments.map((a: { name: string }) => a.name)).toEqual(['invoice.pdf']);
    expect(row.client_memo).toBe('New laptop for the office.');
  });

  it('refuses at RCPT an address that is not one of Herd’s reply addresses: it relays nothing', async () => {
    const { cast } = await setup();
    await expect(send({ from: cast.clientUser.email, to: 'someone@example.com', text: 'relay me' })).rejects.toMatchObject({ responseCode: 550 });
    await expect(send({ from: cast.clientUser.email, to: 'reply+abc@inbound.herd.test', text: 'x' })).rejects.toThrow(/not one Herd gave out/);
  });

  it('bounces a reply from someone else, and an oversized message, with nothing filed', async () => {
    const { cast, txPk, replyTo } = await setup();
    await expect(send({ from: 'mallory@example.com', to: replyTo, text: 'I am the client' })).rejects.toMatchObject({ responseCode: 550 });
    const big = { filename: 'big.pdf', content: Buffer.concat([PDF_BYTES, Buffer.alloc(3 * 1024 * 1024, 7)]) };
    await expect(send({ from: cast.clientUser.email, to: replyTo, text: 'Big one', attachments: [big] })).rejects.toMatchObject({ responseCode: 552 });
    const fromClient = await t.db
      .select()
      .from(notes)
      .where(and(eq(notes.targetPk, txPk), eq(notes.senderKind, 'CLIENT')));
    expect(fromClient).toEqual([]);
  });

  it('a message delivered twice (same Message-ID) is filed once and accepted both times', async () => {
    const { cast, txPk, replyTo } = await setup();
    const message = { from: cast.clientUser.email, to: replyTo, text: 'Paid the plumber.', messageId: '<twice@mail.example.com>' };
    await send(message);
    await send(message);
    const fromClient = await t.db
      .select()
      .from(notes)
      .where(and(eq(notes.targetPk, txPk), eq(notes.senderKind, 'CLIENT')));
    expect(fromClient.map((n) => n.body)).toEqual(['Paid the plumber.']);
  });

  it('bounces a forged sender, and a message no server has checked unless the listener sits behind a relay that checks', async () => {
    const { cast, txPk, replyTo } = await setup();
    const from = cast.clientUser.email;
    await expect(send({ from, to: replyTo, text: 'Forged', headers: { 'Authentication-Results': authResults(from, { dmarc: 'fail' }) } })).rejects.toMatchObject({
      responseCode: 550,
      response: expect.stringContaining('DMARC failed'),
    });
    await expect(sendBare({ from, to: replyTo, text: 'Unchecked' })).rejects.toMatchObject({ responseCode: 550, response: expect.stringContaining('no sender check') });
    const settings = t.app.deps.config.inbound.senderAuth;
    settings.requireAuthResults = false;
    try {
      expect((await sendBare({ from, to: replyTo, text: 'Checked by the relay.' })).accepted).toEqual([replyTo]);
    } finally {
      settings.requireAuthResults = true;
    }
    const fromClient = await t.db
      .select()
      .from(notes)
      .where(and(eq(notes.targetPk, txPk), eq(notes.senderKind, 'CLIENT')));
    expect(fromClient.map((n) => n.body)).toEqual(['Checked by the relay.']);
  });
});
