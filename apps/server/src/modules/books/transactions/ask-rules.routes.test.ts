import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PNG_1X1, multipart, postBankCsv } from '../../../../test/multipart.js';
import { questionsForEmail } from '../../conversation/text-answers/text-answers.face.js';
import { openWorkOf } from '../../conversation/reminders/reminders.face.js';

/** What is worth asking: the firm's amount, its payees and its receipt rule, from the settings to every client view. */
let t: TestApp;
const newClient = clientMaker(() => t.app, 13);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Row {
  pk: number;
  amount: string;
  payee: string;
  kept_by: string | null;
  status: string;
}

const csv = (rows: [string, string, string][]) =>
  ['Date,Description,Amount,Payee', ...rows.map(([date, amount, payee]) => `${date},Card ${payee},-${amount},${payee}`)].join('\n');

/** A CSV company with a coffee (12.00), a Stripe fee (80.00), software (80.00) and a laptop (300.00) waiting on the client. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const imported = await postBankCsv(
    cast.admin,
    pk,
    csv([
      ['2026-03-02', '12.00', 'Blue Bottle Coffee'],
      ['2026-03-03', '80.00', 'Stripe'],
      ['2026-03-04', '80.00', 'Adobe'],
      ['2026-03-05', '300.00', 'Apple Store'],
    ]),
  );
  expect(imported.statusCode, imported.body).toBe(200);
  const office = await createLedgerAccount(t.db, pk, { name: 'Office' });
  const company = `accounting/accountant/client-company/${pk}`;
  const rules = (body: object) => cast.admin.patch(`${company}/update/`, { ask_rules: body });
  const list = async (client: TestClient, path: string) => ((await client.get(path)).json().results as Row[]).map((r) => r.payee).sort();
  const clientAsked = () => list(cast.client, `accounting/client/company/${pk}/transactions/list/`);
  const kept = async (which: 'true' | 'false') =>
    ((await cast.admin.get(`${company}/transactions/hidden-list/?kept=${which}`)).json().results as Row[]).map((r) => [r.payee, r.kept_by]);
  const byPayee = async (payee: string) => ((await cast.admin.get(`${company}/transactions/hidden-list/`)).json().results as Row[]).find((r) => r.payee === payee);
  const open = () => openWorkOf(t.db, cast.firm.firmId, pk, { userPk: cast.clientUser.userId, restrictions: { paymentAccountIds: null, watchedAccountIds: null } });
  return { cast, pk, office, company, rules, clientAsked, kept, byPayee, open };
};

describe('what is worth asking', () => {
  it('keeps what is under the amount and the firm’s payees from every client view, in the firm’s own list, and gives them back when the rules change', async () => {
    const s = await setup();
    expect(await s.clientAsked()).toEqual(['Adobe', 'Apple Store', 'Blue Bottle Coffee', 'Stripe']);
    const saved = await s.rules({ ask_from: '75', receipt_above: null, firm_payees: ['STRIPE'] });
    expect(saved.statusCode, saved.body).toBe(200);
    // A change that leaves out the closed-period choice asks about such questions (the default).
    expect(saved.json().ask_rules).toEqual({ ask_from: '75', receipt_above: null, firm_payees: ['STRIPE'], closed_period: 'ASK' });

    expect(await s.clientAsked()).toEqual(['Adobe', 'Apple Store']);
    expect((await s.cast.client.get(`accounting/client/company/${s.pk}/counters/`)).json().active).toBe(2);
    expect((await s.open()).transactions).toBe(2);
    expect(await s.kept('true')).toEqual(
      expect.arrayContaining([
        ['Blue Bottle Coffee', 'AMOUNT'],
        ['Stripe', 'PAYEE'],
      ]),
    );
    expect(await s.kept('false')).toEqual([]);
    // Nor are they asked by text or in the reminder email.
    const asked = await questionsForEmail(t.db, { userPk: s.cast.clientUser.userId, companyPk: s.pk });
    expect(asked.questions.map((q) => q.payee).sort()).toEqual(['Adobe', 'Apple Store']);

    // A row that arrives under the amount is kept from the moment it arrives.
    await postBankCsv(s.cast.admin, s.pk, csv([['2026-03-06', '4.50', 'Parking Meter']]));
    expect((await s.byPayee('Parking Meter'))?.kept_by).toBe('AMOUNT');
    expect(await s.clientAsked()).toEqual(['Adobe', 'Apple Store']);

    // The accountant hides the software by hand; then the rules are cleared: what they kept comes back, the hand-hidden one stays.
    const adobe = (await s.cast.admin.get(`${s.company}/transactions/list/`)).json().results.find((r: Row) => r.payee === 'Adobe') as Row;
    expect((await s.cast.admin.post(`${s.company}/transactions/hide/`, { pks: [adobe.pk] })).statusCode).toBe(204);
    expect((await s.rules({ ask_from: null, receipt_above: null, firm_payees: [] })).statusCode).toBe(200);
    expect(await s.clientAsked()).toEqual(['Apple Store', 'Blue Bottle Coffee', 'Parking Meter', 'Stripe']);
    expect(await s.kept('false')).toEqual([['Adobe', null]]);
  });

  it('gives a kept transaction back to the lists once the accountant answers it', async () => {
    const s = await setup();
    await s.rules({ ask_from: '20', receipt_above: null, firm_payees: [] });
    const coffee = (await s.byPayee('Blue Bottle Coffee'))!;
    expect(coffee.kept_by).toBe('AMOUNT');
    const answered = await s.cast.admin.patch(`${s.company}/transactions/update/`, {
      transactions: [{ pk: coffee.pk, finished: true, lines: [{ amount: '12.00', category: s.office.pk }] }],
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()[0]).toMatchObject({ status: 'FINISHED_IN_HERD', is_hidden: false, kept_by: null });
    const categorized = (await s.cast.admin.get(`${s.company}/transactions/categorized-list/`)).json().results as Row[];
    expect(categorized.map((r) => r.payee)).toEqual(['Blue Bottle Coffee']);
  });

  it('needs a receipt above the firm’s amount to finish, and tells the client the rules in words', async () => {
    const s = await setup();
    expect((await s.rules({ ask_from: '75', receipt_above: '250', firm_payees: [] })).statusCode).toBe(200);
    const company = (await s.cast.client.get(`accounting/client/company/${s.pk}/retrieve/`)).json();
    expect(company).toMatchObject({ receipt_above: '250', ask_rules_words: 'Your accountant asks about amounts of $75 or more, and needs a receipt above $250.' });

    const rows = (await s.cast.client.get(`accounting/client/company/${s.pk}/transactions/list/`)).json().results as Row[];
    const laptop = rows.find((r) => r.payee === 'Apple Store')!;
    const software = rows.find((r) => r.payee === 'Adobe')!;
    const finish = (row: Row) =>
      s.cast.client.patch(`accounting/client/company/${s.pk}/transactions/update/`, {
        transactions: [{ pk: row.pk, finished: true, lines: [{ amount: row.amount, category: s.office.pk }] }],
      });
    const refused = await finish(laptop);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ 'transactions.0.attachments': ['Your accountant needs a receipt for amounts above $250: add a photo or a file.'] });
    expect((await finish(software)).statusCode).toBe(200);
    // The laptop is not asked by text or email either: a word could not finish it.
    const asked = await questionsForEmail(t.db, { userPk: s.cast.clientUser.userId, companyPk: s.pk });
    expect(asked.questions.map((q) => q.payee)).toEqual(['Stripe']);

    const { body, headers } = multipart({ client_company: String(s.pk) }, { name: 'receipt.png', bytes: PNG_1X1 });
    const file = (await s.cast.client.request('POST', 'storage/file/create/', { body, headers })).json();
    expect((await s.cast.client.post(`accounting/transaction/${laptop.pk}/attachments/`, { file: file.pk })).statusCode).toBe(200);
    expect((await finish({ ...laptop })).statusCode).toBe(200);

    // A client who may not attach anything is never held to a receipt, nor told of one.
    await s.cast.admin.patch(`${s.company}/update/`, { client_editable_fields: ['category', 'memo'] });
    expect((await s.cast.client.get(`accounting/client/company/${s.pk}/retrieve/`)).json()).toMatchObject({
      receipt_above: null,
      ask_rules_words: 'Your accountant asks about amounts of $75 or more.',
    });
  });

  it('refuses rules that are not amounts or too many payees, saying which', async () => {
    const s = await setup();
    const bad = await s.rules({ ask_from: '-5', receipt_above: 'lots', firm_payees: Array.from({ length: 101 }, (_, i) => `Payee ${i}`) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      'ask_rules.ask_from': ['Ask from must be more than zero.'],
      'ask_rules.receipt_above': ['Receipt above is not valid.'],
      'ask_rules.firm_payees': ['At most 100 payees.'],
    });
    expect((await s.cast.otherFirmAdmin.patch(`${s.company}/update/`, { ask_rules: { ask_from: '1', receipt_above: null, firm_payees: [] } })).statusCode).toBe(404);
    expect((await s.cast.client.patch(`${s.company}/update/`, { ask_rules: { ask_from: '1', receipt_above: null, firm_payees: [] } })).statusCode).toBe(403);
  });
});
