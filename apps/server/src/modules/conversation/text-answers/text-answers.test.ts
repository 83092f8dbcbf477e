import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firms, outbox, pushStates, transactionLines, transactions, users } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import type { SmsSender } from '../../messaging/texts/texts.face.js';
import { moveStatuses } from '../../books/transactions/status-writer.queries.js';
import { textQuestions as askByText, type AskWho } from './ask-by-text.service.js';
import { answerTextReply } from './text-reply.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
const newClient = clientMaker(() => t.app, 61);

// The texts go to a phone that takes them all; the outbox keeps what was sent.
const phones: SmsSender = { reachesPhones: true, send: async () => undefined };
const textQuestions = (who: AskWho, now?: Date) => askByText({ db: t.db, sms: phones }, who, now);

let nextPhone = 5550100;
let externalId = 0;

/** A client who agreed to texts, with three transactions to explain and the categories of a small business. */
const world = async (options: { agreed?: boolean } = {}) => {
  const cast = await signedInCast(t.db, newClient);
  const { userId, companyId } = cast.clientUser;
  const phone = `+1415${nextPhone++}`;
  await t.db
    .update(users)
    .set({ phone, textsAgreedAt: options.agreed === false ? null : new Date() })
    .where(eq(users.pk, userId));
  const category = async (name: string) => (await createLedgerAccount(t.db, companyId, { name })).pk;
  const categories = {
    software: await category('Office Supplies & Software'),
    meals: await category('Meals & Entertainment'),
    travel: await category('Travel'),
    draw: await category("Owner's Draw"),
  };
  const open = async (payee: string, date: string, amount: string) =>
    (
      await t.db
        .insert(transactions)
        .values({ clientCompanyId: companyId, externalId: `t${(externalId += 1)}`, ledgerEntityType: 'csv', type: 'EXPENSE', subtype: 'csv', payee, date, amount })
        .returning()
    )[0]!;
  // Answers given before: what the company's answers use most are the likely choices, software first.
  for (const [category, times] of [
    [categories.software, 3],
    [categories.meals, 2],
    [categories.travel, 1],
  ] as const) {
    for (let i = 0; i < times; i++) {
      const done = await open('EARLIER', '2026-11-01', '10.00');
      await t.db.insert(transactionLines).values({ transactionId: done.pk, amount: '10.00', categoryId: category, position: 0 });
      await moveStatuses(t.db, { firmId: cast.firm.firmId, companyPk: companyId, actorUserId: userId }, 'transaction.categorize', [
        { row: done, to: 'FINISHED_IN_HERD' },
      ]);
    }
  }
  const questions = [
    await open('ADOBE *CREATIVE CLD 800-833-6687 CA', '2026-12-01', '52.99'),
    await open('BLUE BOTTLE COFFEE', '2026-12-02', '18.40'),
    await open('COSTCO WHSE #0482', '2026-12-03', '212.10'),
  ];
  await t.db.update(firms).set({ companyName: 'Demo Bookkeeping' }).where(eq(firms.pk, cast.firm.firmId));
  const who = { firmId: cast.firm.firmId, firmName: 'Demo Bookkeeping', companyPk: companyId, userPk: userId, phone };
  return { cast, phone, categories, questions, who };
};

const textsTo = (phone: string) =>
  t.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, phone), eq(outbox.channel, 'SMS')))
    .orderBy(outbox.pk);
const reply = (w: Awaited<ReturnType<typeof world>>, body: string) => answerTextReply(t.app.deps, t.app.log, { userPk: w.who.userPk, phone: w.phone }, body);
const answerOf = async (pk: number) => {
  const [row] = await t.db.select({ status: transactions.status }).from(transactions).where(eq(transactions.pk, pk));
  const lines = await t.db
    .select({ category: transactionLines.categoryId, amount: transactionLines.amount })
    .from(transactionLines)
    .where(eq(transactionLines.transactionId, pk));
  return { status: row!.status, lines };
};

describe('questions by text', () => {
  it('texts the open questions numbered, each with its payee, date, amount and lettered likely categories, and only the firm’s name besides', async () => {
    const w = await world();
    expect(await textQuestions(w.who)).toBe('sent');
    const [sent] = await textsTo(w.phone);
    const lines = sent!.textBody.split('\n');
    expect(lines[0]).toBe('Demo Bookkeeping: what were these?');
    expect(lines[1]).toBe('1 ADOBE *CREATIVE CLD 12/01 $52.99: a) Office Supplies & Software b) Meals & Entertainment c) Travel');
    expect(lines[2]).toMatch(/^2 BLUE BOTTLE COFFEE 12\/02 \$18\.40/);
    expect(lines[3]).toMatch(/^3 COSTCO WHSE #0482 12\/03 \$212\.10/);
    expect(lines[4]).toBe('Reply like "1a" or "1 meals", several at once. ? for a link, STOP to stop.');
    expect(sent!.textBody).not.toContain('Client Co');
  });

  it('sends nothing to a client who has not agreed, texted STOP, or is in their quiet hours', async () => {
    const notAgreed = await world({ agreed: false });
    expect(await textQuestions(notAgreed.who)).toBe('not-agreed');

    const stopped = await world();
    expect(await reply(stopped, 'STOP')).toEqual(['You will get no more texts from Herd. Reply START to get them again.']);
    expect(await textQuestions(stopped.who)).toBe('stopped');
    expect(await reply(stopped, 'start')).toEqual(['Texts from Herd are back on. Reply STOP to stop.']);
    expect(await textQuestions(stopped.who)).toBe('sent');

    const sleeping = await world();
    await t.db.insert(pushStates).values({ userId: sleeping.who.userPk, quietStart: '21:00', quietEnd: '08:00' });
    // 03:00 in New York, the firm's zone.
    expect(await textQuestions(sleeping.who, new Date('2026-12-07T08:00:00Z'))).toBe('quiet');
    expect(await textQuestions(sleeping.who, new Date('2026-12-07T15:00:00Z'))).toBe('sent');
    for (const w of [notAgreed, stopped]) expect((await textsTo(w.phone)).length).toBeLessThanOrEqual(1);
    expect(await textsTo(notAgreed.phone)).toEqual([]);
  });
});

describe('answers by text', () => {
  it('answers each question of a reply of letters and words, as the client, and the history says "by text"', async () => {
    const w = await world();
    await textQuestions(w.who);
    const sheet = (await textsTo(w.phone))[0]!.textBody;
    // The likely categories lettered in the text are what "a" means.
    const letterA = sheet.split('\n')[1]!.match(/a\) ([^)]+?)(?: b\)|$)/)![1]!;
    expect(await reply(w, '1a 2 lunch 3 personal')).toEqual(['Thanks! 3 answers are with Demo Bookkeeping.']);
    const byName = {
      'Office Supplies & Software': w.categories.software,
      'Meals & Entertainment': w.categories.meals,
      Travel: w.categories.travel,
      "Owner's Draw": w.categories.draw,
    } as Record<string, number>;
    expect(await answerOf(w.questions[0]!.pk)).toEqual({ status: 'FINISHED_IN_HERD', lines: [{ category: byName[letterA.trim()], amount: '52.99' }] });
    expect(await answerOf(w.questions[1]!.pk)).toEqual({ status: 'FINISHED_IN_HERD', lines: [{ category: w.categories.meals, amount: '18.40' }] });
    expect(await answerOf(w.questions[2]!.pk)).toEqual({ status: 'FINISHED_IN_HERD', lines: [{ category: w.categories.draw, amount: '212.10' }] });
    const history = (await w.cast.admin.get(`accounting/accountant/client-company/${w.who.companyPk}/transactions/${w.questions[1]!.pk}/history/`)).json();
    expect(history.entries.at(-1)).toMatchObject({ action: 'transaction.categorize', via: 'TEXT', actor: { side: 'client' }, to: 'FINISHED_IN_HERD' });
  });

  it('asks again what it cannot read, with the likely categories lettered anew, and reads the answer to that', async () => {
    const w = await world();
    await textQuestions(w.who);
    const [thanks, again] = (await reply(w, '1 maybe software 2 meals and travel 3 personal'))!;
    expect(thanks).toBe('Thanks! Your answer is with Demo Bookkeeping.');
    expect(again).toMatch(/^Demo Bookkeeping: we could not tell for these\. Which one\?\n1 ADOBE/);
    expect(again).toContain('\n2 BLUE BOTTLE COFFEE 12/02 $18.40: a) Meals & Entertainment b) Travel\n');
    expect((await answerOf(w.questions[1]!.pk)).status).toBe('READY');
    expect(await reply(w, '2b')).toEqual(['Thanks! Your answer is with Demo Bookkeeping.']);
    expect(await answerOf(w.questions[1]!.pk)).toEqual({ status: 'FINISHED_IN_HERD', lines: [{ category: w.categories.travel, amount: '18.40' }] });
  });

  it('texts the sign-in link for "?", says how it works for HELP, and asks for a number when none is given', async () => {
    const w = await world();
    await textQuestions(w.who);
    expect(await reply(w, '?')).toEqual([expect.stringMatching(/^Your sign-in link \(works once\): http.*\/auth\/\?magic=/)]);
    expect(await reply(w, 'HELP')).toEqual([expect.stringContaining('Herd texts questions from Demo Bookkeeping. Reply like "1a"')]);
    expect(await reply(w, 'software')).toEqual(['Sorry, we could not read that. Reply with the question number and a letter, like "1a", or ? for a link.']);
    for (const q of w.questions) expect((await answerOf(q.pk)).status).toBe('READY');
  });

  it('leaves a question answered in the app meanwhile as it is, and answers the rest', async () => {
    const w = await world();
    await textQuestions(w.who);
    // The client answered the first in the app after the text went.
    await moveStatuses(t.db, { firmId: w.who.firmId, companyPk: w.who.companyPk, actorUserId: w.who.userPk }, 'transaction.categorize', [
      { row: w.questions[0]!, to: 'FINISHED_IN_HERD' },
    ]);
    expect(await reply(w, '1a 2a')).toEqual([
      'Thanks! Your answer is with Demo Bookkeeping.',
      'Question 1 was answered or changed in Herd since we asked, so we left it as it is.',
    ]);
    expect(await answerOf(w.questions[0]!.pk)).toEqual({ status: 'FINISHED_IN_HERD', lines: [] });
    expect((await answerOf(w.questions[1]!.pk)).status).toBe('FINISHED_IN_HERD');
  });

  it('learns the client’s own words: what it could not place, then chose when asked again, answers by itself next time', async () => {
    const w = await world();
    await textQuestions(w.who);
    const [again] = (await reply(w, '1 the adobe thing'))!;
    // Nothing in those words names a category: the likely ones are the question's own.
    expect(again).toContain('\n1 ADOBE *CREATIVE CLD 12/01 $52.99: a) Office Supplies & Software b) Meals & Entertainment c) Travel\n');
    await reply(w, '1a');
    expect(await answerOf(w.questions[0]!.pk)).toEqual({ status: 'FINISHED_IN_HERD', lines: [{ category: w.categories.software, amount: '52.99' }] });
    // The next text asks the next question first; the same words now answer it without asking.
    await textQuestions(w.who);
    expect(await reply(w, '1 adobe thing')).toEqual(['Thanks! Your answer is with Demo Bookkeeping.']);
    expect(await answerOf(w.questions[1]!.pk)).toEqual({ status: 'FINISHED_IN_HERD', lines: [{ category: w.categories.software, amount: '18.40' }] });
  });

  it('is not a reply to questions when none were texted to that number', async () => {
    const w = await world();
    expect(await reply(w, '1a')).toEqual([]);
  });
});
