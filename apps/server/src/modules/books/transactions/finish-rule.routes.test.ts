import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_EDITABLE_FIELDS, DEFAULT_FINISH_RULE, type FinishField, type FinishRule } from '@herd/contract';
import { clientCompanies, ledgerRefs } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, createRef, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PNG_1X1, multipart, postBankCsv } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 12);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const EXPLAIN_ALL = 'Tell us what this was: choose a category for every line, write a memo or add an attachment.';
const EXPLAIN_MEMO = 'Tell us what this was: write a memo or add an attachment.';

/** A CSV company with `rows` waiting expenses (3.25, 6.25, …), a category and one of each reference. */
const setup = async (rows = 1) => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await postBankCsv(cast.admin, pk, bankCsv(rows));
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  const clientList = `accounting/client/company/${pk}/transactions`;
  const accountantList = `accounting/accountant/client-company/${pk}/transactions`;
  const txs = (await cast.client.get(`${clientList}/list/?ordering=amount`)).json().results as { pk: number; amount: string }[];
  const settings = (body: object) => cast.admin.patch(`accounting/accountant/client-company/${pk}/update/`, body);
  const finish = (client: TestClient, change: object, list = clientList) => client.patch(`${list}/update/`, { transactions: [{ finished: true, ...change }] });
  const attach = async (client: TestClient, txPk: number) => {
    const { body, headers } = multipart({ client_company: String(pk) }, { name: 'receipt.png', bytes: PNG_1X1 });
    const file = (await client.request('POST', 'storage/file/create/', { body, headers })).json();
    expect((await client.post(`accounting/transaction/${txPk}/attachments/`, { file: file.pk })).statusCode).toBe(200);
  };
  return { cast, pk, meals, txs, clientList, accountantList, settings, finish, attach };
};

const statusOf = async (s: Awaited<ReturnType<typeof setup>>, txPk: number) =>
  ((await s.cast.admin.get(`${s.accountantList}/categorized-list/`)).json().results as { pk: number; status: string }[]).find((r) => r.pk === txPk)?.status ??
  'not categorized';

describe('the default rule: a category on every line, or a memo or an attachment', () => {
  it('is every new company’s rule, on both sides’ answers', async () => {
    const s = await setup();
    const created = (await s.cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Fresh Co', connection_kind: 'CSV' })).json();
    expect(created.finish_rule).toEqual(DEFAULT_FINISH_RULE);
    expect((await s.cast.admin.get(`accounting/accountant/client-company/${s.pk}/retrieve/`)).json().finish_rule).toEqual(DEFAULT_FINISH_RULE);
    expect((await s.cast.client.get(`accounting/client/company/${s.pk}/retrieve/`)).json().finish_rule).toEqual(DEFAULT_FINISH_RULE);
  });

  it('refuses a bare finish on each field that would do, and takes a category, a memo or an attachment', async () => {
    const s = await setup(4);
    const [byCategory, byMemo, byAttachment, bare] = s.txs.map((x) => x.pk) as [number, number, number, number];
    const refused = await s.finish(s.cast.client, { pk: bare });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      'transactions.0.lines.0.category': [EXPLAIN_ALL],
      'transactions.0.client_memo': [EXPLAIN_ALL],
      'transactions.0.attachments': [EXPLAIN_ALL],
    });
    expect((await s.finish(s.cast.client, { pk: byCategory, lines: [{ amount: '3.25', category: s.meals.pk }] })).statusCode).toBe(200);
    expect((await s.finish(s.cast.client, { pk: byMemo, client_memo: 'Flour for the weekend' })).statusCode).toBe(200);
    // A memo of spaces says nothing.
    expect((await s.finish(s.cast.client, { pk: bare, client_memo: '   ' })).json()['transactions.0.client_memo']).toEqual([EXPLAIN_ALL]);
    await s.attach(s.cast.client, byAttachment);
    expect((await s.finish(s.cast.client, { pk: byAttachment })).statusCode).toBe(200);
    for (const pk of [byCategory, byMemo, byAttachment]) expect(await statusOf(s, pk)).toBe('FINISHED_IN_HERD');
  });

  it('lets a company whose clients may not set categories finish with a memo, or with an attachment', async () => {
    const s = await setup(3);
    expect((await s.settings({ client_editable_fields: ['memo', 'attachments'] })).statusCode).toBe(200);
    const [withMemo, withAttachment, bare] = s.txs.map((x) => x.pk) as [number, number, number];
    expect((await s.cast.client.get(`accounting/client/company/${s.pk}/retrieve/`)).json().finish_rule).toEqual(DEFAULT_FINISH_RULE);
    // Nothing is asked of the category the client cannot set.
    expect((await s.finish(s.cast.client, { pk: bare })).json()).toEqual({ 'transactions.0.client_memo': [EXPLAIN_MEMO], 'transactions.0.attachments': [EXPLAIN_MEMO] });
    const memo = await s.finish(s.cast.client, { pk: withMemo, client_memo: 'Coffee with the landlord' });
    expect(memo.json()[0]).toMatchObject({ status: 'FINISHED_IN_HERD', lines: [{ category: null }] });
    await s.attach(s.cast.client, withAttachment);
    expect((await s.finish(s.cast.client, { pk: withAttachment })).json()[0]).toMatchObject({ status: 'FINISHED_IN_HERD' });
  });
});

describe('fields required to finish', () => {
  /** The value that fills each field, and where its refusal sits. */
  const fill = async (s: Awaited<ReturnType<typeof setup>>, field: FinishField, txPk: number): Promise<object> => {
    const line = (extra: object) => ({ lines: [{ amount: '3.25', ...extra }] });
    if (field === 'memo') return { client_memo: 'Paint for the shop' };
    if (field === 'attachments') {
      await s.attach(s.cast.client, txPk);
      return {};
    }
    if (field === 'category') return line({ category: s.meals.pk });
    if (field === 'billable') return line({ billable: 'NOT_BILLABLE' });
    const kind = { vendor: 'VENDOR', customer: 'CUSTOMER', class: 'CLASS', location: 'LOCATION', tax: 'TAX' } as const;
    const refKind = field === 'tracking_option_one' || field === 'tracking_option_two' ? 'TRACKING_OPTION' : kind[field];
    return line({ [field]: (await createRef(t.db, s.pk, refKind, `A ${field}`)).pk });
  };
  const KEYS: Partial<Record<FinishField, [string, string]>> = {
    memo: ['transactions.0.client_memo', 'Memo is required.'],
    attachments: ['transactions.0.attachments', 'An attachment is required.'],
    tracking_option_one: ['transactions.0.lines.0.tracking_option_one', 'Tracking category 1 is required.'],
    tracking_option_two: ['transactions.0.lines.0.tracking_option_two', 'Tracking category 2 is required.'],
  };

  it.each(['category', 'vendor', 'class', 'location', 'tax', 'tracking_option_one', 'tracking_option_two', 'billable', 'memo', 'attachments'] as FinishField[])(
    'refuses finishing without a required %s, by name, and finishes once it is filled',
    async (field) => {
      const s = await setup();
      await createRef(t.db, s.pk, 'TRACKING_CATEGORY', 'Channel');
      await createRef(t.db, s.pk, 'TRACKING_CATEGORY', 'Region');
      // The ledger has classes and locations to choose from.
      await createRef(t.db, s.pk, 'CLASS', 'Retail');
      await createRef(t.db, s.pk, 'LOCATION', 'Downtown');
      const rule: FinishRule = { category_or_explanation: false, required: [field] };
      expect((await s.settings({ client_editable_fields: [...CLIENT_EDITABLE_FIELDS], finish_rule: rule })).json().finish_rule).toEqual(rule);
      expect((await s.cast.client.get(`accounting/client/company/${s.pk}/retrieve/`)).json().finish_rule).toEqual(rule);
      const tx = s.txs[0]!.pk;
      const label = field.charAt(0).toUpperCase() + field.slice(1);
      const [key, message] = KEYS[field] ?? [`transactions.0.lines.0.${field}`, `${label} is required.`];
      const refused = await s.finish(s.cast.client, { pk: tx });
      expect(refused.json()).toEqual({ [key]: [message] });
      expect((await s.finish(s.cast.client, { pk: tx, ...(await fill(s, field, tx)) })).statusCode).toBe(200);
    },
  );

  it('asks a required customer of a deposit, where the editor shows the customer', async () => {
    const s = await setup();
    await postBankCsv(s.cast.admin, s.pk, bankCsv(0, ['2026-02-01,Catering sale,120.00,Harbor Cafe']));
    await s.settings({ finish_rule: { category_or_explanation: false, required: ['customer', 'vendor'] } });
    const deposit = ((await s.cast.client.get(`${s.clientList}/list/?type=DEPOSIT`)).json().results as { pk: number }[])[0]!;
    expect((await s.finish(s.cast.client, { pk: deposit.pk })).json()).toEqual({ 'transactions.0.lines.0.customer': ['Customer is required.'] });
    const customer = await createRef(t.db, s.pk, 'CUSTOMER', 'Harbor Cafe');
    expect((await s.finish(s.cast.client, { pk: deposit.pk, lines: [{ amount: '120.00', customer: customer.pk }] })).statusCode).toBe(200);
  });

  it('asks each line of a split; a required memo makes "tell us what this was" moot', async () => {
    const s = await setup();
    await s.settings({ finish_rule: { category_or_explanation: true, required: ['vendor', 'memo'] } });
    expect((await s.cast.client.get(`accounting/client/company/${s.pk}/retrieve/`)).json().finish_rule).toEqual({
      category_or_explanation: false,
      required: ['vendor', 'memo'],
    });
    const vendor = await createRef(t.db, s.pk, 'VENDOR', 'Blue Bottle');
    const res = await s.finish(s.cast.client, {
      pk: s.txs[0]!.pk,
      lines: [{ amount: '1.25', vendor: vendor.pk }, { amount: '2.00' }],
    });
    expect(res.json()).toEqual({
      'transactions.0.lines.1.vendor': ['Vendor is required.'],
      'transactions.0.client_memo': ['Memo is required.'],
    });
    // Beside a required vendor, the default rule takes a memo for the line without a category.
    await s.settings({ finish_rule: { category_or_explanation: true, required: ['vendor'] } });
    const explained = await s.finish(s.cast.client, {
      pk: s.txs[0]!.pk,
      lines: [
        { amount: '1.25', vendor: vendor.pk },
        { amount: '2.00', vendor: vendor.pk, category: s.meals.pk },
      ],
      client_memo: 'Paint and brushes',
    });
    expect(explained.json()[0]).toMatchObject({ status: 'FINISHED_IN_HERD' });
  });

  it('never asks what the client cannot see: a customer on an expense, tracking the ledger does not have, a field taken from clients', async () => {
    const s = await setup();
    await s.settings({ finish_rule: { category_or_explanation: false, required: ['customer', 'tracking_option_one', 'tracking_option_two'] } });
    expect((await s.finish(s.cast.client, { pk: s.txs[0]!.pk })).json()[0]).toMatchObject({ status: 'FINISHED_IN_HERD' });
    // A rule stored before the field was taken from clients (the settings refuse to make one) still asks nothing of it.
    const other = await setup();
    await t.db
      .update(clientCompanies)
      .set({ clientEditableFields: ['memo'], finishRule: { category_or_explanation: false, required: ['vendor', 'category'] } })
      .where(eq(clientCompanies.pk, other.pk));
    expect((await other.finish(other.cast.client, { pk: other.txs[0]!.pk })).statusCode).toBe(200);
  });

  it('never asks for a class or a location the ledger has none of (Xero has neither), even under a rule set before', async () => {
    const s = await setup();
    await s.settings({ client_editable_fields: [...CLIENT_EDITABLE_FIELDS], finish_rule: { category_or_explanation: false, required: ['class', 'location'] } });
    expect((await s.finish(s.cast.client, { pk: s.txs[0]!.pk })).json()[0]).toMatchObject({ status: 'FINISHED_IN_HERD' });
    // A location only inactive in the ledger is none to choose either; a class to choose is asked for.
    const other = await setup();
    await other.settings({ client_editable_fields: [...CLIENT_EDITABLE_FIELDS], finish_rule: { category_or_explanation: false, required: ['class', 'location'] } });
    await createRef(t.db, other.pk, 'CLASS', 'Retail');
    const gone = await createRef(t.db, other.pk, 'LOCATION', 'Closed branch');
    await t.db.update(ledgerRefs).set({ active: false }).where(eq(ledgerRefs.pk, gone.pk));
    expect((await other.finish(other.cast.client, { pk: other.txs[0]!.pk })).json()).toEqual({ 'transactions.0.lines.0.class': ['Class is required.'] });
  });

  it('refuses to require a field clients may not set, whichever setting narrows it, and leaves the company as it was', async () => {
    const s = await setup();
    await s.settings({ client_editable_fields: ['category', 'memo'] });
    const refused = await s.settings({ finish_rule: { category_or_explanation: false, required: ['vendor', 'memo', 'attachments'] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      'finish_rule.required': ['Vendor cannot be required to finish: clients may not set it.', 'Attachments cannot be required to finish: clients may not set it.'],
    });
    expect((await s.settings({ finish_rule: { category_or_explanation: false, required: ['memo'] } })).statusCode).toBe(200);
    const narrowed = await s.settings({ client_editable_fields: ['category'] });
    expect(narrowed.json()).toEqual({ client_editable_fields: ['Memo cannot be required to finish: clients may not set it.'] });
    // Both at once are judged together.
    const both = await s.settings({ client_editable_fields: ['category'], finish_rule: { category_or_explanation: true, required: ['category'] } });
    expect(both.json()).toMatchObject({ client_editable_fields: ['category'], finish_rule: { category_or_explanation: true, required: ['category'] } });
    expect((await s.settings({ finish_rule: { category_or_explanation: true, required: ['split'] } })).json()).toEqual({
      'finish_rule.required.0': ['Required to finish is not valid.'],
    });
    expect((await s.cast.otherFirmAdmin.patch(`accounting/accountant/client-company/${s.pk}/update/`, { finish_rule: DEFAULT_FINISH_RULE })).statusCode).toBe(404);
  });
});

describe('the accountant’s bar', () => {
  it('marking done and publishing need a category on every line; the refusal names the line', async () => {
    const s = await setup();
    const tx = s.txs[0]!;
    const done = await s.finish(s.cast.admin, { pk: tx.pk, client_memo: 'Explained' }, s.accountantList);
    expect(done.json()).toEqual({ 'transactions.0.lines.0.category': ['Category is required.'] });

    await s.finish(s.cast.client, { pk: tx.pk, client_memo: 'Paint', lines: [{ amount: '1.25' }, { amount: '2.00' }] });
    const lines = (await s.cast.admin.get(`${s.accountantList}/categorized-list/`)).json().results[0].lines as { pk: number; amount: string }[];
    const answer = (categorized: number) => lines.map((l, i) => ({ pk: l.pk, amount: l.amount, category: i < categorized ? s.meals.pk : null }));
    await s.cast.admin.patch(`${s.accountantList}/update/`, { transactions: [{ pk: tx.pk, lines: answer(1) }] });
    const publish = await s.cast.admin.post(`${s.accountantList}/publish/`, { pks: [tx.pk] });
    expect(publish.statusCode).toBe(400);
    expect(publish.json()).toEqual({ 'transactions.0.lines.1.category': ['Line 2 of “Vendor 0” needs a category before it is published.'] });
    expect(await statusOf(s, tx.pk)).toBe('FINISHED_IN_HERD');

    await s.cast.admin.patch(`${s.accountantList}/update/`, { transactions: [{ pk: tx.pk, lines: answer(2) }] });
    expect((await s.cast.admin.post(`${s.accountantList}/publish/`, { pks: [tx.pk] })).json()).toMatchObject({ published: 1 });
  });
});
