import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes, transactionLines, transactions } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { gmailReply, postInbound } from '../../../../test/inbound.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 43);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let externalId = 0;
/** A client with three transactions to explain and the categories they may choose; "Notify now" emails them the questions. */
const emailed = async () => {
  const cast = await signedInCast(t.db, newClient);
  const companyPk = cast.clientUser.companyId;
  const categories = {
    meals: (await createLedgerAccount(t.db, companyPk, { name: 'Meals & Entertainment' })).pk,
    software: (await createLedgerAccount(t.db, companyPk, { name: 'Office Supplies & Software' })).pk,
    travel: (await createLedgerAccount(t.db, companyPk, { name: 'Travel' })).pk,
  };
  const open = async (payee: string, date: string, amount: string) =>
    (
      await t.db
        .insert(transactions)
        .values({ clientCompanyId: companyPk, externalId: `e${(externalId += 1)}`, ledgerEntityType: 'csv', type: 'EXPENSE', subtype: 'csv', payee, date, amount })
        .returning()
    )[0]!;
  const questions = [
    await open('BLUE BOTTLE COFFEE', '2026-12-01', '18.40'),
    await open('ADOBE *CREATIVE CLD', '2026-12-02', '52.99'),
    await open('UBER *TRIP', '2026-12-03', '23.10'),
  ];
  expect((await cast.admin.post('accounting/accountant/client-company/send-notification/', { client_company: companyPk })).statusCode).toBe(200);
  const mail = await t.lastMailOf(cast.clientUser.email);
  return { cast, companyPk, categories, questions, mail, clientEmail: cast.clientUser.email };
};

const answerOf = async (pk: number) => {
  const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.pk, pk));
  const lines = await t.db.select({ category: transactionLines.categoryId }).from(transactionLines).where(eq(transactionLines.transactionId, pk));
  return [row!.status, lines.map((l) => l.category)];
};
const companyNotes = (companyPk: number) =>
  t.db
    .select({ body: notes.body })
    .from(notes)
    .where(and(eq(notes.targetType, 'CLIENT_COMPANY'), eq(notes.targetPk, companyPk)));

describe('one email reply, many answers', () => {
  it('the reminder email numbers its questions as a text does and says how to answer them by reply', async () => {
    const { mail } = await emailed();
    expect(mail.text).toContain('1 BLUE BOTTLE COFFEE 12/01 $18.40');
    expect(mail.text).toContain('2 ADOBE *CREATIVE CLD 12/02 $52.99');
    expect(mail.text).toContain('3 UBER *TRIP 12/03 $23.10');
    expect(mail.text).toContain('Answer by replying to this email: each question’s number, then a letter or a few words, several in one reply');
  });

  it('answers each question a reply names, as the client, by email in the history, and writes back what was filed', async () => {
    const w = await emailed();
    const reply = await gmailReply(w.clientEmail, w.mail.replyTo!, '1 lunch with a client, 2 software, 3 was travel');
    const delivered = await postInbound(t, reply);
    expect(delivered.json().deliveries[0].outcome).toBe('accepted');
    expect(await answerOf(w.questions[0]!.pk)).toEqual(['FINISHED_IN_HERD', [w.categories.meals]]);
    expect(await answerOf(w.questions[1]!.pk)).toEqual(['FINISHED_IN_HERD', [w.categories.software]]);
    expect(await answerOf(w.questions[2]!.pk)).toEqual(['FINISHED_IN_HERD', [w.categories.travel]]);
    const history = (await w.cast.admin.get(`accounting/accountant/client-company/${w.companyPk}/transactions/${w.questions[0]!.pk}/history/`)).json();
    expect(history.entries.at(-1)).toMatchObject({ action: 'transaction.categorize', via: 'EMAIL', actor: { side: 'client' } });
    const thanks = await t.lastMailOf(w.clientEmail);
    expect(thanks.subject).toBe('Your answers reached Test Firm');
    expect(thanks.text).toContain('3 answers are with Test Firm for Client Co: 1 Meals & Entertainment; 2 Office Supplies & Software; 3 Travel.');
    expect(await companyNotes(w.companyPk)).toEqual([]);
    // Delivered again (a retry of the provider), it answers nothing twice.
    expect((await postInbound(t, reply)).json().deliveries[0].outcome).toBe('duplicate');
  });

  it('asks again by email what it could not tell, and a reply to that answers it', async () => {
    const w = await emailed();
    await postInbound(t, await gmailReply(w.clientEmail, w.mail.replyTo!, '1 meals\n2 software or travel, not sure'));
    expect(await answerOf(w.questions[0]!.pk)).toEqual(['FINISHED_IN_HERD', [w.categories.meals]]);
    expect((await answerOf(w.questions[1]!.pk))[0]).toBe('READY');
    const again = await t.lastMailOf(w.clientEmail);
    expect(again.subject).toBe('Test Firm: 1 question we could not tell');
    expect(again.text).toMatch(/2 ADOBE \*CREATIVE CLD 12\/02 \$52\.99: a\) .+ b\) /);
    const letterOf = (name: string) => again.text.match(new RegExp(`([ab])\\) ${name.replace(/[&]/g, '\\$&')}`))![1]!;
    await postInbound(t, await gmailReply(w.clientEmail, again.replyTo!, `2${letterOf('Office Supplies & Software')}`));
    expect(await answerOf(w.questions[1]!.pk)).toEqual(['FINISHED_IN_HERD', [w.categories.software]]);
  });

  it('keeps a reply that is just words a note, as before', async () => {
    const w = await emailed();
    expect((await postInbound(t, await gmailReply(w.clientEmail, w.mail.replyTo!, 'I will do these tonight, sorry for the wait.'))).json().deliveries[0].outcome).toBe(
      'accepted',
    );
    expect(await companyNotes(w.companyPk)).toEqual([{ body: 'I will do these tonight, sorry for the wait.' }]);
    for (const q of w.questions) expect((await answerOf(q.pk))[0]).toBe('READY');
  });
});
