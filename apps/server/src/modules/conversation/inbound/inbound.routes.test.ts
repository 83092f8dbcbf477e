import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, inboundMessages, notes, transactions } from '../../../db/schema/index.js';
import { sweepOnce } from '../../../maintenance.js';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, setSubscription, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { authResults, composeMime, gmailReply, PDF_BYTES, postInbound } from '../../../../test/inbound.js';
import { multipart } from '../../../../test/multipart.js';
import { signReplyToken } from '../../../mail/reply-token.js';
import { moveStatuses } from '../../books/transactions/status-writer.queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;
let t: TestApp;
const newClient = clientMaker(() => t.app, 41);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A firm, its client with two imported transactions, and the accountant's question on the first: its email carries the thread's Reply-To. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const companyPk = cast.clientUser.companyId;
  const { body, headers } = multipart({}, { name: 'b.csv', bytes: Buffer.from(bankCsv(2)) });
  await cast.admin.request('POST', `accounting/accountant/client-company/${companyPk}/transactions/import-csv/`, { body, headers });
  const txs = (await cast.client.get(`accounting/client/company/${companyPk}/transactions/list/`)).json().results as { pk: number }[];
  const txPk = txs[0]!.pk;
  await cast.admin.post(`accounting/notes/transaction/${txPk}/note/create/`, { body: 'Which client was this lunch with?' });
  const mail = await t.lastMailOf(cast.clientUser.email);
  return { cast, companyPk, txPk, replyTo: mail.replyTo!, clientEmail: cast.clientUser.email };
};

const clientNotes = async (txPk: number) =>
  (
    await t.db
      .select()
      .from(notes)
      .where(and(eq(notes.targetType, 'TRANSACTION'), eq(notes.targetPk, txPk)))
  ).filter((n) => n.senderKind === 'CLIENT');
const memoOf = async (txPk: number) => (await t.db.select({ memo: transactions.clientMemo }).from(transactions).where(eq(transactions.pk, txPk)))[0]!.memo;

describe('replying to an email by the webhook', () => {
  it('the accountant’s note to the client carries a Reply-To of its own thread, signed and unguessable', async () => {
    const { replyTo } = await setup();
    expect(replyTo).toMatch(/^reply\+[a-z2-7]{48}@inbound\.herd\.test$/);
    const other = await setup();
    expect(other.replyTo).not.toBe(replyTo);
  });

  it('a client’s invitation can be answered (its thread is the company); a coworker’s, to the firm, cannot', async () => {
    const { cast, companyPk } = await setup();
    const clientEmail = `invited-${companyPk}@example.com`;
    const invited = await cast.admin.post('accounting/accountant-client-user/', {
      email: clientEmail,
      first_name: 'Ivy',
      last_name: 'Invited',
      client_company: companyPk,
    });
    expect(invited.statusCode).toBe(201);
    expect((await t.lastMailOf(clientEmail)).replyTo).toMatch(/^reply\+[a-z2-7]{48}@inbound\.herd\.test$/);
    const coworkerEmail = `colleague-${companyPk}@example.com`;
    expect(
      (await cast.admin.post('accounting/accountant-coworker/', { email: coworkerEmail, first_name: 'Cole', last_name: 'League', role: 'TEAM_MEMBER' })).statusCode,
    ).toBe(201);
    expect((await t.lastMailOf(coworkerEmail)).replyTo).toBeNull();
  });

  it('files the reply’s own words as the client’s note and the empty memo, and its attachment on the transaction; the firm is told', async () => {
    const { cast, txPk, replyTo, clientEmail } = await setup();
    const raw = await gmailReply(clientEmail, replyTo, 'Lunch with Acme Corp, receipt attached.', {
      attachments: [{ filename: 'receipt.pdf', content: PDF_BYTES, contentType: 'application/pdf' }],
    });
    const res = await postInbound(t, raw);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deliveries: [{ recipient: replyTo, outcome: 'accepted' }] });
    const thread = (await cast.client.get(`accounting/notes/transaction/${txPk}/note/list/`)).json() as { body: string; sender: string; is_mine: boolean }[];
    expect(thread.at(-1)).toMatchObject({ body: 'Lunch with Acme Corp, receipt attached.', sender: 'CLIENT', is_mine: true });
    expect(await memoOf(txPk)).toBe('Lunch with Acme Corp, receipt attached.');
    const row = (await cast.client.get(`accounting/client/company/${cast.clientUser.companyId}/transactions/list/`))
      .json()
      .results.find((r: { pk: number }) => r.pk === txPk);
    expect(row.attachments.map((a: { name: string }) => a.name)).toEqual(['receipt.pdf']);
    const download = await cast.client.get(row.attachments[0].url.replace(/^\/api\/v1\//, ''));
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(await t.lastMailTo(cast.firm.adminEmail)).toContain('Lunch with Acme Corp, receipt attached.');
  });

  it('a second reply keeps the memo the first one set', async () => {
    const { txPk, replyTo, clientEmail } = await setup();
    await postInbound(t, await gmailReply(clientEmail, replyTo, 'Office chairs.'));
    await postInbound(t, await gmailReply(clientEmail, replyTo, 'Actually, two of them.'));
    expect((await clientNotes(txPk)).map((n) => n.body)).toEqual(['Office chairs.', 'Actually, two of them.']);
    expect(await memoOf(txPk)).toBe('Office chairs.');
  });

  it('the same Message-ID delivered again files nothing more', async () => {
    const { txPk, replyTo, clientEmail } = await setup();
    const raw = await gmailReply(clientEmail, replyTo, 'Fuel for the van.', { messageId: '<replay-1@mail.example.com>' });
    expect((await postInbound(t, raw)).json().deliveries[0].outcome).toBe('accepted');
    expect((await postInbound(t, raw)).json().deliveries[0].outcome).toBe('duplicate');
    expect((await clientNotes(txPk)).map((n) => n.body)).toEqual(['Fuel for the van.']);
    const filed = eq(inboundMessages.messageKey, 'mid:<replay-1@mail.example.com>');
    expect(await t.db.select().from(inboundMessages).where(filed)).toHaveLength(1);
    // Kept past any reply address's life (60 days), then swept.
    await sweepOnce(t.db, Date.now() + 89 * DAY_MS);
    expect(await t.db.select().from(inboundMessages).where(filed)).toHaveLength(1);
    await sweepOnce(t.db, Date.now() + 91 * DAY_MS);
    expect(await t.db.select().from(inboundMessages).where(filed)).toHaveLength(0);
  });

  it('without the secret, or with a wrong one, it is 401 and nothing is filed', async () => {
    const { txPk, replyTo, clientEmail } = await setup();
    const raw = await gmailReply(clientEmail, replyTo, 'Sneaky');
    expect((await postInbound(t, raw, {})).statusCode).toBe(401);
    expect((await postInbound(t, raw, { 'x-herd-inbound-secret': 'test-inbound-webhook-secreT' })).statusCode).toBe(401);
    expect((await postInbound(t, raw, { authorization: `Basic ${Buffer.from('herd:wrong').toString('base64')}` })).statusCode).toBe(401);
    expect(await clientNotes(txPk)).toEqual([]);
    // The password of basic auth is taken as well, for providers that only put credentials in the URL.
    const basic = { authorization: `Basic ${Buffer.from('herd:test-inbound-webhook-secret').toString('base64')}` };
    expect((await postInbound(t, raw, basic)).json().deliveries[0].outcome).toBe('accepted');
  });

  it('refuses forged and expired addresses, a sender who is not that client, and a reply with nothing in it', async () => {
    const { cast, txPk, replyTo, clientEmail } = await setup();
    const [local, domain] = replyTo.split('@') as [string, string];
    const forged = `${local.slice(0, -1)}${local.endsWith('a') ? 'b' : 'a'}@${domain}`;
    const expiredToken = signReplyToken('test-secret-key', {
      target: { kind: 'transaction', pk: txPk },
      userPk: cast.clientUser.userId,
      expiresAt: new Date(Date.now() - 1000),
    });
    const otherKey = signReplyToken('another-secret-key', {
      target: { kind: 'transaction', pk: txPk },
      userPk: cast.clientUser.userId,
      expiresAt: new Date(Date.now() + 1e7),
    });
    const cases: [string, Buffer, string][] = [
      ['forged', await gmailReply(clientEmail, forged, 'Hello'), 'not one Herd gave out'],
      ['signed by another key', await gmailReply(clientEmail, `reply+${otherKey}@${domain}`, 'Hello'), 'not one Herd gave out'],
      ['expired', await gmailReply(clientEmail, `reply+${expiredToken}@${domain}`, 'Hello'), 'has expired'],
      ['foreign sender', await gmailReply('mallory@example.com', replyTo, 'Hello'), 'only from the person'],
      ['empty', await gmailReply(clientEmail, replyTo, ''), 'no text and no attachment'],
    ];
    for (const [, raw, reason] of cases) {
      const res = await postInbound(t, raw);
      expect(res.statusCode).toBe(200);
      expect(res.json().deliveries[0]).toMatchObject({ outcome: 'refused', reason: expect.stringContaining(reason) });
    }
    expect(await clientNotes(txPk)).toEqual([]);
    expect(await memoOf(txPk)).toBe('');
  });

  it('refuses a forged sender: the provider’s DMARC failure, SPF and DKIM both failing, or no verdict at all; a passing one is filed', async () => {
    const { txPk, replyTo, clientEmail } = await setup();
    const reply = (verdicts: Parameters<typeof authResults>[1]) =>
      gmailReply(clientEmail, replyTo, 'Lunch with Acme Corp.', { headers: { 'Authentication-Results': authResults(clientEmail, verdicts) } });
    const bare = Buffer.from(
      `From: ${clientEmail}\r\nTo: ${replyTo}\r\nSubject: Re: question\r\nMessage-ID: <bare-${txPk}@mail.example>\r\n\r\nLunch with Acme Corp.\r\n`,
    );
    const cases: [Buffer, string][] = [
      [await reply({ dmarc: 'fail' }), 'DMARC failed'],
      [await reply({ spf: 'fail', dkim: 'fail', dmarc: 'none' }), 'SPF and DKIM both failed'],
      [bare, 'carries no sender check'],
    ];
    for (const [raw, reason] of cases) {
      const res = await postInbound(t, raw);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ deliveries: [{ recipient: replyTo, outcome: 'refused', reason: expect.stringContaining(reason) }] });
    }
    expect(await clientNotes(txPk)).toEqual([]);
    expect(await memoOf(txPk)).toBe('');
    // SPF failing alone (a forwarding mailbox) while the domain's DKIM signature holds is the client.
    expect((await postInbound(t, await reply({ spf: 'fail', dmarc: 'none' }))).json().deliveries[0].outcome).toBe('accepted');
    expect((await clientNotes(txPk)).map((n) => n.body)).toEqual(['Lunch with Acme Corp.']);
  });

  it('refuses an oversized, empty or unreadable message, and one for no address of Herd’s', async () => {
    const { replyTo, clientEmail } = await setup();
    const big = await gmailReply(clientEmail, replyTo, 'Big', {
      attachments: [{ filename: 'big.pdf', content: Buffer.concat([PDF_BYTES, Buffer.alloc(3 * 1024 * 1024, 1)]) }],
    });
    const tooLarge = await postInbound(t, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ detail: 'The message is larger than 2 MB.' });
    expect((await postInbound(t, Buffer.alloc(0))).json()).toEqual({ detail: 'The message is empty.' });
    expect((await postInbound(t, Buffer.from('\u0000\u0001 not an email'))).statusCode).toBe(400);
    const elsewhere = await postInbound(t, await gmailReply(clientEmail, 'someone@example.com', 'Hi'));
    expect(elsewhere.json()).toEqual({ detail: 'The message is not addressed to any reply address of this Herd.' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/inbound-email/',
      headers: { 'x-herd-inbound-secret': 'test-inbound-webhook-secret' },
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
  });

  it('a transaction’s address once it is in the ledger has expired with it; a read-only firm files nothing', async () => {
    const { cast, txPk, replyTo, clientEmail } = await setup();
    await setSubscription(t.db, cast.firm.firmId, 'TRIAL_EXPIRED', new Date(Date.now() - 1000));
    expect((await postInbound(t, await gmailReply(clientEmail, replyTo, 'Late'))).json().deliveries[0].reason).toContain('read-only');
    await setSubscription(t.db, cast.firm.firmId, 'PAID');
    const [row] = await t.db.select().from(transactions).where(eq(transactions.pk, txPk));
    const author = { firmId: cast.firm.firmId, companyPk: cast.clientUser.companyId, actorUserId: cast.firm.adminId, viewingAsClient: false };
    await moveStatuses(t.db, author, 'transaction.match', [{ row: row!, to: 'MATCHED_TO_PLATFORM' as const }]);
    expect((await postInbound(t, await gmailReply(clientEmail, replyTo, 'Later'))).json().deliveries[0].reason).toContain('has expired');
    expect(await clientNotes(txPk)).toEqual([]);
  });

  it('a reply to the company-level "notify now" becomes a note on the client company; attachments there are refused', async () => {
    const { cast, companyPk, clientEmail } = await setup();
    expect((await cast.admin.post('accounting/accountant/client-company/send-notification/', { client_company: companyPk })).statusCode).toBe(200);
    const replyTo = (await t.lastMailOf(clientEmail)).replyTo!;
    expect(replyTo).toMatch(/^reply\+[a-z2-7]{48}@inbound\.herd\.test$/);
    const withFile = await gmailReply(clientEmail, replyTo, 'Here', { attachments: [{ filename: 'r.pdf', content: PDF_BYTES }] });
    expect((await postInbound(t, withFile)).json().deliveries[0].reason).toContain('only be filed on a transaction');
    expect((await postInbound(t, await gmailReply(clientEmail, replyTo, 'I will do it tonight.'))).json().deliveries[0].outcome).toBe('accepted');
    const thread = (await cast.admin.get(`accounting/notes/client-company/${companyPk}/note/list/`)).json() as { body: string; sender: string }[];
    expect(thread.map((n) => [n.sender, n.body])).toEqual([['CLIENT', 'I will do it tonight.']]);
    expect(await t.db.select().from(files).where(eq(files.clientCompanyId, companyPk))).toHaveLength(0);
  });

  it('takes an HTML-only reply from Outlook, its quoted part left out', async () => {
    const { txPk, replyTo, clientEmail } = await setup();
    const raw = await composeMime({
      from: clientEmail,
      to: replyTo,
      subject: 'RE: question',
      html: '<div>It was the team offsite.</div><hr><div><b>From:</b> Ada Accountant &lt;no-reply@herd.test&gt;<br><b>Sent:</b> Tuesday<br><b>Subject:</b> question</div><p>Which client?</p>',
    });
    expect((await postInbound(t, raw)).json().deliveries[0].outcome).toBe('accepted');
    expect((await clientNotes(txPk)).map((n) => n.body)).toEqual(['It was the team offsite.']);
  });
});
