import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, createRef, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';
import { COUNT_CAP } from './transactions.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 11);

beforeAll(async () => {
  t = await createTestApp({ maxUploadBytes: 256 * 1024 });
});
afterAll(async () => t?.close());

/** A CSV client company with imported transactions, categories and refs. */
const setup = async (rows = 3) => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const imported = await postBankCsv(cast.admin, pk, bankCsv(rows));
  expect(imported.json()).toEqual({ imported: rows, duplicates: 0, errors: [] });
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  const supplies = await createLedgerAccount(t.db, pk, { name: 'Supplies' });
  const vendor = await createRef(t.db, pk, 'VENDOR', 'Blue Bottle');
  const klass = await createRef(t.db, pk, 'CLASS', 'Retail');
  const clientList = `accounting/client/company/${pk}/transactions`;
  const accountantList = `accounting/accountant/client-company/${pk}/transactions`;
  return { cast, pk, meals, supplies, vendor, klass, clientList, accountantList };
};

describe('CSV import', () => {
  it('imports every row as a READY expense in the company’s Uncategorized account, and re-importing adds nothing', async () => {
    const s = await setup(2);
    const list = (await s.cast.client.get(`${s.clientList}/list/`)).json();
    expect(list.count).toBe(2);
    expect(list.results[0]).toMatchObject({
      type: 'EXPENSE',
      subtype: 'BANK_DEBIT',
      status: 'READY',
      direction: 'COSTS',
      amount: '6.25',
      payment_account: { name: 'Bank account' },
      watched_account: { name: 'Uncategorized Expense' },
      lines: [{ amount: '6.25', category: null }],
    });
    const again = await postBankCsv(s.cast.admin, s.pk, bankCsv(2));
    expect(again.json()).toEqual({ imported: 0, duplicates: 2, errors: [] });
  });

  it('imports the 100 good rows of a file with 3 bad ones and reports each bad row', async () => {
    const cast = await signedInCast(t.db, newClient);
    const res = await postBankCsv(cast.admin, cast.clientUser.companyId, bankCsv(100, ['2026-13-01,Bad month,-1,', '2026-01-01,Bad amount,abc,', '2026-01-02,Zero,0,']));
    expect(res.json()).toEqual({
      imported: 100,
      duplicates: 0,
      errors: [
        { row: 102, message: 'Date is not valid: "2026-13-01".' },
        { row: 103, message: 'Amount is not valid: "abc".' },
        { row: 104, message: 'Amount must not be zero.' },
      ],
    });
  });

  it('refuses a malformed file, an oversized one, a non-CSV company and other firms', async () => {
    const s = await setup(1);
    expect((await postBankCsv(s.cast.admin, s.pk, 'just,some\nwords,here')).json()).toEqual({
      file: ['The file needs columns for the date, the description and the amount (or debit and credit).'],
    });
    expect((await postBankCsv(s.cast.admin, s.pk, bankCsv(9000))).json()).toEqual({ file: ['File is larger than the 256 KB limit.'] });
    const other = (await s.cast.admin.post('accounting/accountant/client-companies/create/', { name: 'No ledger', connection_kind: 'CONNECTIONLESS' })).json();
    expect((await postBankCsv(s.cast.admin, other.pk, bankCsv(1))).json()).toEqual({ detail: 'Only CSV client companies import bank CSV files.' });
    expect((await postBankCsv(s.cast.otherFirmAdmin, s.pk, bankCsv(1))).statusCode).toBe(404);
    expect((await postBankCsv(s.cast.client, s.pk, bankCsv(1))).statusCode).toBe(403);
  });
});

describe('the categorization loop', () => {
  it('client splits and finishes; accountant sees it categorized, sends it back with a note; client sees it again; then it is published', async () => {
    const s = await setup(1);
    const [tx] = (await s.cast.client.get(`${s.clientList}/list/`)).json().results;
    const split = await s.cast.client.patch(`${s.clientList}/update/`, {
      transactions: [
        {
          pk: tx.pk,
          lines: [
            { amount: '2.25', category: s.meals.pk, vendor: s.vendor.pk, description: 'Lunch' },
            { amount: '1.00', category: s.supplies.pk, class: s.klass.pk, billable: 'BILLABLE' },
          ],
          client_memo: 'Team lunch and pens',
          finished: true,
        },
      ],
    });
    expect(split.statusCode).toBe(200);
    expect(split.json()[0]).toMatchObject({
      status: 'FINISHED_IN_HERD',
      client_memo: 'Team lunch and pens',
      lines: [
        { amount: '2.25', category: { name: 'Meals' }, vendor: { name: 'Blue Bottle' }, description: 'Lunch' },
        { amount: '1.00', category: { name: 'Supplies' }, class: { name: 'Retail' }, billable: 'BILLABLE' },
      ],
    });
    expect((await s.cast.client.get(`${s.clientList}/list/`)).json().count).toBe(0);
    expect((await s.cast.client.get(`${s.clientList}/completed-list/`)).json().count).toBe(1);
    expect((await s.cast.admin.get(`${s.accountantList}/categorized-list/`)).json().results[0].pk).toBe(tx.pk);

    const back = await s.cast.admin.post(`${s.accountantList}/back/`, { pks: [tx.pk], message: 'Which client was lunch with?' });
    expect(back.statusCode).toBe(204);
    const again = (await s.cast.client.get(`${s.clientList}/list/`)).json().results[0];
    expect(again).toMatchObject({ pk: tx.pk, status: 'READY', back_message: 'Which client was lunch with?', notes_count: 1 });

    await s.cast.client.patch(`${s.clientList}/update/`, { transactions: [{ pk: tx.pk, finished: true }] });
    const published = await s.cast.admin.post(`${s.accountantList}/publish/`, { pks: [tx.pk] });
    expect(published.json()).toEqual({ published: 1, matched: 0, rejected: 0, queued: 0, sent: [tx.pk], refused: [] });
    const final = (await s.cast.admin.get(`${s.accountantList}/categorized-list/?status=PUBLISHED_IN_PLATFORM`)).json();
    expect(final.results.map((r: { pk: number }) => r.pk)).toEqual([tx.pk]);
    expect((await s.cast.admin.get(`accounting/accountant/client-company/${s.pk}/counters/`)).json()).toEqual({
      active: 0,
      categorized: 1,
      hidden: 0,
      sync_errors: 0,
      completed: 1,
      processing: 0,
    });
  });

  it('refuses lines that do not add up, unknown or wrong-kind references, and finishing without a category or an explanation', async () => {
    const EXPLAIN = 'Tell us what this was: choose a category for every line, write a memo or add an attachment.';
    const s = await setup(1);
    const other = await setup(1);
    const [tx] = (await s.cast.client.get(`${s.clientList}/list/`)).json().results;
    const res = await s.cast.client.patch(`${s.clientList}/update/`, {
      transactions: [
        {
          pk: tx.pk,
          lines: [
            { amount: '1.00', category: other.meals.pk },
            { amount: '1.00', vendor: s.klass.pk },
          ],
          finished: true,
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      'transactions.0.lines': ['The lines add up to 2.00 but the transaction is 3.25.'],
      'transactions.0.lines.0.category': ['Category is not valid.'],
      'transactions.0.lines.1.vendor': ['Vendor is not valid.'],
      'transactions.0.lines.1.category': [EXPLAIN],
      'transactions.0.client_memo': [EXPLAIN],
      'transactions.0.attachments': [EXPLAIN],
    });
    const finish = await s.cast.client.patch(`${s.clientList}/update/`, { transactions: [{ pk: tx.pk, finished: true }] });
    expect(finish.json()).toEqual({ 'transactions.0.lines.0.category': [EXPLAIN], 'transactions.0.client_memo': [EXPLAIN], 'transactions.0.attachments': [EXPLAIN] });
    const money = await s.cast.client.patch(`${s.clientList}/update/`, { transactions: [{ pk: tx.pk, lines: [{ amount: '3.251' }] }] });
    expect(money.json()).toEqual({ 'transactions.0.lines.0.amount': ['Amount is not valid.'] });
    // Nothing was half-written.
    expect((await s.cast.client.get(`${s.clientList}/list/`)).json().results[0].lines).toEqual([expect.objectContaining({ amount: '3.25', category: null })]);
  });

  it('keeps fields the company does not let clients set', async () => {
    const s = await setup(1);
    await s.cast.admin.patch(`accounting/accountant/client-company/${s.pk}/update/`, { client_editable_fields: ['category', 'memo'] });
    const [tx] = (await s.cast.client.get(`${s.clientList}/list/`)).json().results;
    const res = await s.cast.client.patch(`${s.clientList}/update/`, {
      transactions: [
        {
          pk: tx.pk,
          lines: [
            { amount: '1.25', category: s.meals.pk },
            { amount: '2.00', category: s.meals.pk },
          ],
        },
      ],
    });
    expect(res.json()).toEqual({ 'transactions.0.lines': ['This client may not split transactions.'] });
    const vendor = await s.cast.client.patch(`${s.clientList}/update/`, { transactions: [{ pk: tx.pk, lines: [{ amount: '3.25', vendor: s.vendor.pk }] }] });
    expect(vendor.json()).toEqual({ 'transactions.0.lines.0.vendor': ['Vendor cannot be changed by the client for this company.'] });
    // The accountant may set anything.
    const accountant = await s.cast.admin.patch(`${s.accountantList}/update/`, {
      transactions: [
        {
          pk: tx.pk,
          lines: [
            { amount: '1.25', category: s.meals.pk, vendor: s.vendor.pk },
            { amount: '2.00', category: s.meals.pk },
          ],
        },
      ],
    });
    expect(accountant.statusCode).toBe(200);
  });

  it('refuses transitions the status table does not allow', async () => {
    const s = await setup(1);
    const [tx] = (await s.cast.client.get(`${s.clientList}/list/`)).json().results;
    const publish = await s.cast.admin.post(`${s.accountantList}/publish/`, { pks: [tx.pk] });
    expect(publish.statusCode).toBe(409);
    expect(publish.json()).toEqual({ detail: 'Only categorized transactions can be published.' });
    const back = await s.cast.admin.post(`${s.accountantList}/back/`, { pks: [tx.pk] });
    expect(back.statusCode).toBe(204); // READY → READY is no change
    await s.cast.admin.patch(`${s.accountantList}/update/`, { transactions: [{ pk: tx.pk, lines: [{ amount: '3.25', category: s.meals.pk }], finished: true }] });
    await s.cast.admin.post(`${s.accountantList}/publish/`, { pks: [tx.pk] });
    const late = await s.cast.client.patch(`${s.clientList}/update/`, { transactions: [{ pk: tx.pk, client_memo: 'too late' }] });
    expect(late.json()).toEqual({ 'transactions.0.status': ['This transaction can no longer be changed here (status: Published).'] });
  });
});

describe('audit', () => {
  it('records every change of a bulk update, with who and the status change', async () => {
    const s = await setup(3);
    const txs = (await s.cast.client.get(`${s.clientList}/list/`)).json().results as { pk: number; amount: string }[];
    const res = await s.cast.client.patch(`${s.clientList}/update/`, {
      transactions: txs.map((x) => ({ pk: x.pk, lines: [{ amount: x.amount, category: s.meals.pk }], finished: true })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { status: string }) => r.status)).toEqual(['FINISHED_IN_HERD', 'FINISHED_IN_HERD', 'FINISHED_IN_HERD']);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'transaction.categorize'),
          inArray(
            auditLog.targetPk,
            txs.map((x) => x.pk),
          ),
        ),
      );
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.actorUserId === s.cast.clientUser.userId)).toBe(true);
    expect(rows[0]!.details).toMatchObject({ from: 'READY', to: 'FINISHED_IN_HERD', lines: 1 });
  });
});

describe('lists, filters and actions', () => {
  it('hides and unhides; filters by search, amount, markers; counters follow', async () => {
    const s = await setup(4);
    const all = (await s.cast.admin.get(`${s.accountantList}/list/?ordering=amount`)).json();
    expect(all.results.map((r: { amount: string }) => r.amount)).toEqual(['3.25', '6.25', '9.25', '12.25']);
    const first = all.results[0].pk;
    expect((await s.cast.admin.post(`${s.accountantList}/hide/`, { pks: [first] })).statusCode).toBe(204);
    expect((await s.cast.admin.get(`${s.accountantList}/hidden-list/`)).json().results.map((r: { pk: number }) => r.pk)).toEqual([first]);
    expect((await s.cast.client.get(`${s.clientList}/list/`)).json().count).toBe(3);
    await s.cast.admin.post(`${s.accountantList}/unhide/`, { pks: [first] });
    expect((await s.cast.admin.get(`${s.accountantList}/list/?search=purchase%202`)).json().count).toBe(1);
    expect((await s.cast.admin.get(`${s.accountantList}/list/?amount_min=6.25&amount_max=9.25`)).json().count).toBe(2);
    // Bounds as people write money; what is not an amount is refused, saying why.
    const bounds = (query: Record<string, string>) => s.cast.admin.get(`${s.accountantList}/list/?${new URLSearchParams(query).toString()}`);
    expect((await bounds({ amount_min: '$6.25', amount_max: '9.25 USD' })).json().count).toBe(2);
    expect((await bounds({ amount_min: '1,000' })).json().count).toBe(0);
    expect((await bounds({ amount_max: '(1.00)' })).json().count).toBe(0);
    const refused = await bounds({ amount_min: '6,25' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ amount_min: ['Minimum amount is not valid. Use a point for cents, like 12.50.'] });
    expect((await s.cast.admin.get(`${s.accountantList}/list/?markers=WITHOUT_VENDOR,WITHOUT_ATTACHMENTS&direction=COSTS`)).json().count).toBe(4);
    expect((await s.cast.admin.get(`${s.accountantList}/list/?direction=SALES`)).json().count).toBe(0);
    expect((await s.cast.admin.get(`${s.accountantList}/list/?markers=WITHOUT_NOTHING`)).json()).toEqual({ markers: ['Markers is not valid.'] });
    expect((await s.cast.client.get(`accounting/client/company/${s.pk}/counters/`)).json()).toMatchObject({ active: 4, completed: 0 });
  });

  it('another firm, an unassigned team member and another client get 404; a client cannot use accountant actions', async () => {
    const s = await setup(1);
    const [tx] = (await s.cast.client.get(`${s.clientList}/list/`)).json().results;
    const other = await signedInCast(t.db, newClient);
    expect((await other.admin.get(`${s.accountantList}/list/`)).statusCode).toBe(404);
    expect((await other.admin.post(`${s.accountantList}/hide/`, { pks: [tx.pk] })).statusCode).toBe(404);
    expect((await other.client.get(`${s.clientList}/list/`)).statusCode).toBe(404);
    expect((await s.cast.teamMember.get(`${s.accountantList}/list/`)).statusCode).toBe(404);
    expect((await s.cast.client.post(`${s.accountantList}/hide/`, { pks: [tx.pk] })).statusCode).toBe(403);
    // Open-work counts only cover companies the user can see.
    expect((await s.cast.admin.get('accounting/accountant/client-companies/transactions/count/')).json()).toEqual([
      { client_company: s.pk, waiting_for_client: 1, to_review: 0, sync_errors: 0, open_receipts: 0, open_requests: 0 },
    ]);
    expect((await s.cast.teamMember.get('accounting/accountant/client-companies/transactions/count/')).json()).toEqual([]);
    expect((await other.admin.get('accounting/accountant/client-companies/transactions/count/')).json()).toEqual([]);
    // A pk of another company through this company's URL is 404 too.
    const [theirs] = (await other.client.get(`accounting/client/company/${other.clientUser.companyId}/transactions/list/`)).json().results ?? [];
    if (theirs) expect((await s.cast.admin.post(`${s.accountantList}/hide/`, { pks: [theirs.pk] })).statusCode).toBe(404);
  });

  it('a restricted client user sees only their payment account’s transactions', async () => {
    const s = await setup(0);
    await postBankCsv(s.cast.admin, s.pk, 'date,description,amount,account\n2026-01-01,Fuel,-40,Visa\n2026-01-02,Rent,-900,Checking\n');
    const all = (await s.cast.client.get(`${s.clientList}/list/`)).json();
    expect(all.count).toBe(2);
    const visa = all.results.find((r: { description: string }) => r.description === 'Fuel').payment_account.pk;
    await s.cast.admin.post('accounting/accountant/user-account-restrictions/', {
      client_company: s.pk,
      user: s.cast.clientUser.userId,
      account: visa,
      kind: 'PAYMENT_ACCOUNT',
    });
    const limited = (await s.cast.client.get(`${s.clientList}/list/`)).json();
    expect(limited.count).toBe(1);
    expect(limited.results.map((r: { description: string }) => r.description)).toEqual(['Fuel']);
    const rent = all.results.find((r: { description: string }) => r.description === 'Rent').pk;
    expect((await s.cast.client.patch(`${s.clientList}/update/`, { transactions: [{ pk: rent, client_memo: 'x' }] })).statusCode).toBe(404);
    expect((await s.cast.client.get(`accounting/client/company/${s.pk}/counters/`)).json().active).toBe(1);
    // The accountant viewing as the client is not limited.
    expect((await s.cast.admin.get(`${s.clientList}/list/`)).json().count).toBe(2);
  });

  it('counts an unfiltered list exactly past the counting cap, and caps a filtered one', async () => {
    const s = await setup(0);
    // COUNT_CAP + 5 READY rows, written in one statement (the count triggers see every one).
    await t.db.execute(sql`insert into transactions (client_company_id, external_id, ledger_entity_type, type, subtype, date, amount, description)
      select ${s.pk}, 'bulk-' || g, 'CSV', 'EXPENSE', 'PURCHASE', date '2026-01-01' + (g % 300), (g % 50) + 1, 'Bulk ' || g
      from generate_series(1, ${COUNT_CAP + 5}) g`);
    const unfiltered = (await s.cast.client.get(`${s.clientList}/list/`)).json();
    expect(unfiltered).toMatchObject({ count: COUNT_CAP + 5, count_capped: false });
    expect((await s.cast.admin.get(`${s.accountantList}/list/?status=READY`)).json()).toMatchObject({ count: COUNT_CAP + 5, count_capped: false });
    expect((await s.cast.admin.get(`${s.accountantList}/categorized-list/`)).json()).toMatchObject({ count: 0, count_capped: false });
    expect((await s.cast.admin.get(`${s.accountantList}/list/?amount_min=1.00`)).json()).toMatchObject({ count: COUNT_CAP, count_capped: true });
    expect((await s.cast.admin.get(`${s.accountantList}/list/?amount_min=50.00`)).json()).toMatchObject({ count: Math.floor((COUNT_CAP + 5) / 50), count_capped: false });
  });
});
