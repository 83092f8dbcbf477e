import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_EXPORT_COLUMNS } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createLedgerAccount, createRef, setSubscription, signedInCast } from '../../../../test/factories.js';
import { createTestApp, TEST_APP_URL, type TestApp } from '../../../../test/harness.js';
import { multipart } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 63);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const HEADER = CSV_EXPORT_COLUMNS.join(',');

/** Bank rows whose text a spreadsheet would misread: commas, quotes, a line break, and cells starting like formulas. */
const BANK_FILE = [
  'Date,Description,Amount,Payee',
  '2026-01-05,"Lunch, with ""Bob""",-12.50,"=HYPERLINK(""http://evil"")"',
  '2026-01-10,"Two\nlines",-20.00,+Plus',
  '2026-02-01,Refund,30.00,@Home',
  '2026-02-15,-Minus start,-7.25,Normal',
].join('\n');

const post = (client: TestClient, path: string, body?: unknown) => client.post(path, body);

/** A CSV company with four imported transactions, every one categorized by the accountant and published, one with an attachment. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const base = `accounting/accountant/client-company/${pk}`;
  const file = multipart({}, { name: 'bank.csv', bytes: Buffer.from(BANK_FILE), type: 'text/csv' });
  expect((await cast.admin.request('POST', `${base}/transactions/import-csv/`, file)).json()).toMatchObject({ imported: 4, errors: [] });
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  const sales = await createLedgerAccount(t.db, pk, { name: 'Sales, West' });
  const vendor = await createRef(t.db, pk, 'VENDOR', 'Blue Bottle');
  const customer = await createRef(t.db, pk, 'CUSTOMER', 'Acme');
  const klass = await createRef(t.db, pk, 'CLASS', 'Retail');
  const location = await createRef(t.db, pk, 'LOCATION', 'Downtown');
  type Row = { pk: number };
  const [lunch, twoLines, refund, minus] = (await cast.admin.get(`${base}/transactions/list/?ordering=date`)).json().results as [Row, Row, Row, Row];
  const answer = await cast.admin.patch(`${base}/transactions/update/`, {
    transactions: [
      {
        pk: lunch.pk,
        lines: [
          { amount: '10.00', category: meals.pk, vendor: vendor.pk, class: klass.pk, location: location.pk, description: 'Food' },
          { amount: '2.50', category: meals.pk, description: 'Tip' },
        ],
        client_memo: 'Client lunch',
        finished: true,
      },
      { pk: twoLines.pk, lines: [{ amount: '20.00', category: meals.pk }], finished: true },
      { pk: refund.pk, lines: [{ amount: '30.00', category: sales.pk, customer: customer.pk }], client_memo: '-not a formula', finished: true },
      { pk: minus.pk, lines: [{ amount: '7.25', category: meals.pk }], finished: true },
    ],
  });
  expect(answer.statusCode).toBe(200);
  const stored = multipart({ client_company: String(pk) }, { name: 'receipt.pdf', bytes: Buffer.from('%PDF-1.4 receipt') });
  const receipt = (await cast.admin.request('POST', 'storage/file/create/', stored)).json();
  expect((await cast.admin.post(`accounting/transaction/${lunch.pk}/attachments/`, { file: receipt.pk })).statusCode).toBe(200);
  const pks = [lunch.pk, twoLines.pk, refund.pk, minus.pk];
  expect((await post(cast.admin, `${base}/transactions/publish/`, { pks })).json()).toMatchObject({ published: 4 });
  return { cast, pk, base, exports: `${base}/csv-exports`, lunch, twoLines, refund, minus, meals, sales, receipt };
};

describe('CSV export of a CSV company’s published answers', () => {
  it('writes one row per line, escaping commas, quotes and line breaks and guarding formula cells, with signed-in attachment links', async () => {
    const s = await setup();
    const created = await post(s.cast.admin, `${s.exports}/create/`, {});
    expect(created.statusCode).toBe(201);
    const batch = created.json();
    expect(batch).toMatchObject({ transaction_count: 4, line_count: 5, only_new: true, date_from: null, date_to: null, status: null, created_by: { name: 'Ada Admin' } });
    const download = await s.cast.admin.get(batch.download_url.replace('/api/v1/', ''));
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="herd-export-${s.pk}-${batch.pk}.csv"`);
    const receiptUrl = `${TEST_APP_URL}/api/v1/storage/file/retrieve/${s.receipt.pk}/`;
    expect(download.body).toBe(
      [
        HEADER,
        `2026-01-05,${s.lunch.pk},Bank account,"Lunch, with ""Bob""","'=HYPERLINK(""http://evil"")",-10.00,USD,Meals,Blue Bottle,,Retail,Downtown,Food,Client lunch,${receiptUrl}`,
        `2026-01-05,${s.lunch.pk},Bank account,"Lunch, with ""Bob""","'=HYPERLINK(""http://evil"")",-2.50,USD,Meals,,,,,Tip,Client lunch,${receiptUrl}`,
        `2026-01-10,${s.twoLines.pk},Bank account,"Two\nlines",'+Plus,-20.00,USD,Meals,,,,,,,`,
        `2026-02-01,${s.refund.pk},Bank account,Refund,'@Home,30.00,USD,"Sales, West",,Acme,,,,'-not a formula,`,
        `2026-02-15,${s.minus.pk},Bank account,'-Minus start,Normal,-7.25,USD,Meals,,,,,,,`,
        '',
      ].join('\r\n'),
    );
  });

  it('filters by date range and status; by default the next export holds only what no export carried; past batches are listed newest first', async () => {
    const s = await setup();
    expect((await s.cast.admin.get(`${s.exports}/preview/?date_to=2026-01-31`)).json()).toEqual({ transactions: 2, lines: 3 });
    expect((await s.cast.admin.get(`${s.exports}/preview/?status=MATCHED_TO_PLATFORM`)).json()).toEqual({ transactions: 0, lines: 0 });
    const january = (await post(s.cast.admin, `${s.exports}/create/`, { date_from: '2026-01-01', date_to: '2026-01-31' })).json();
    expect(january).toMatchObject({ transaction_count: 2, line_count: 3, date_from: '2026-01-01', date_to: '2026-01-31' });

    const rest = (await post(s.cast.admin, `${s.exports}/create/`, {})).json();
    expect(rest).toMatchObject({ transaction_count: 2, line_count: 2 });
    const restFile = (await s.cast.admin.get(rest.download_url.replace('/api/v1/', ''))).body as string;
    expect(restFile.split('\r\n').map((line) => line.split(',')[1])).toEqual(['Herd ID', String(s.refund.pk), String(s.minus.pk), undefined]);

    const nothing = await post(s.cast.admin, `${s.exports}/create/`, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toEqual({ detail: 'Nothing new to export: every published transaction matching these filters is in an earlier export.' });
    expect((await s.cast.admin.get(`${s.exports}/preview/`)).json()).toEqual({ transactions: 0, lines: 0 });

    const everything = (await post(s.cast.admin, `${s.exports}/create/`, { only_new: false })).json();
    expect(everything).toMatchObject({ transaction_count: 4, line_count: 5, only_new: false });
    const listed = (await s.cast.admin.get(`${s.exports}/list/`)).json();
    expect(listed.count).toBe(3);
    expect(listed.results.map((b: { pk: number }) => b.pk)).toEqual([everything.pk, rest.pk, january.pk]);
  });

  it('downloads a past batch again with the same lines after a correction, and a corrected transaction published again is new again', async () => {
    const s = await setup();
    const first = (await post(s.cast.admin, `${s.exports}/create/`, { date_from: '2026-02-01' })).json();
    const firstFile = (await s.cast.admin.get(first.download_url.replace('/api/v1/', ''))).body;
    expect(firstFile).toContain(',Refund,');

    // Sent back, answered with another category, published again.
    expect((await post(s.cast.admin, `${s.base}/transactions/back/`, { pks: [s.refund.pk] })).statusCode).toBe(204);
    await s.cast.admin.patch(`${s.base}/transactions/update/`, {
      transactions: [{ pk: s.refund.pk, lines: [{ amount: '30.00', category: s.meals.pk }], finished: true }],
    });
    await post(s.cast.admin, `${s.base}/transactions/publish/`, { pks: [s.refund.pk] });

    expect((await s.cast.admin.get(first.download_url.replace('/api/v1/', ''))).body).toBe(firstFile);
    expect((await s.cast.admin.get(`${s.exports}/preview/?date_from=2026-02-01`)).json()).toEqual({ transactions: 1, lines: 1 });
    const corrected = (await post(s.cast.admin, `${s.exports}/create/`, { date_from: '2026-02-01' })).json();
    expect(corrected).toMatchObject({ transaction_count: 1 });
    expect((await s.cast.admin.get(corrected.download_url.replace('/api/v1/', ''))).body).toContain(
      `2026-02-01,${s.refund.pk},Bank account,Refund,'@Home,30.00,USD,Meals,`,
    );
  });

  it('refuses bad filters with field errors, and companies that are not CSV', async () => {
    const s = await setup();
    expect((await post(s.cast.admin, `${s.exports}/create/`, { date_from: '2026-02-01', date_to: '2026-01-01' })).json()).toEqual({
      date_to: ['Date to must not be before date from.'],
    });
    expect((await post(s.cast.admin, `${s.exports}/create/`, { status: 'READY' })).json()).toEqual({ status: ['Status is not valid.'] });
    expect((await post(s.cast.admin, `${s.exports}/create/`, { date_from: 'soon' })).json()).toEqual({ date_from: ['Date from is not valid.'] });
    expect((await s.cast.admin.get(`${s.exports}/preview/?only_new=maybe`)).json()).toEqual({ only_new: ['Only new is not valid.'] });
    const other = (await post(s.cast.admin, 'accounting/accountant/client-companies/create/', { name: 'No ledger', connection_kind: 'CONNECTIONLESS' })).json();
    const refused = await post(s.cast.admin, `accounting/accountant/client-company/${other.pk}/csv-exports/create/`, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toMatch(/^Only CSV client companies export to CSV files/);
  });

  it('lets a firm whose subscription lapsed take its answers out: exporting changes none of its data', async () => {
    const s = await setup();
    await setSubscription(t.db, s.cast.firm.firmId, 'TRIAL_EXPIRED');
    const created = await post(s.cast.admin, `${s.exports}/create/`, {});
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ transaction_count: 4 });
    expect((await s.cast.admin.get(created.json().download_url.replace('/api/v1/', ''))).statusCode).toBe(200);
    // Everything else stays read-only.
    expect((await post(s.cast.admin, `${s.base}/transactions/back/`, { pks: [s.lunch.pk] })).statusCode).toBe(403);
  });

  it('is the accountant’s: another firm gets 404, a client 403, a batch asked for under another company 404', async () => {
    const s = await setup();
    const batch = (await post(s.cast.admin, `${s.exports}/create/`, {})).json();
    const download = batch.download_url.replace('/api/v1/', '');
    for (const path of [`${s.exports}/list/`, `${s.exports}/preview/`, download]) {
      expect((await s.cast.otherFirmAdmin.get(path)).statusCode).toBe(404);
      expect((await s.cast.client.get(path)).statusCode).toBe(403);
    }
    expect((await post(s.cast.otherFirmAdmin, `${s.exports}/create/`, {})).statusCode).toBe(404);
    expect((await post(s.cast.client, `${s.exports}/create/`, {})).statusCode).toBe(403);
    // The team member is not assigned to this client: it does not exist for them.
    expect((await s.cast.teamMember.get(download)).statusCode).toBe(404);
    const mine = (await post(s.cast.admin, 'accounting/accountant/client-companies/create/', { name: 'Mine', connection_kind: 'CSV' })).json();
    expect((await s.cast.admin.get(`accounting/accountant/client-company/${mine.pk}/csv-exports/${batch.pk}/download/`)).statusCode).toBe(404);
    // The client's own completed list still shows its answers as they were: exporting changed no status.
    expect((await s.cast.client.get(`accounting/client/company/${s.pk}/transactions/completed-list/?status=PUBLISHED_IN_PLATFORM`)).json().count).toBe(4);
  });
});
