import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { cliPath } from '../../../../test/communications.js';
import { createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { ledgerHistory } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { PNG_1X1, multipart, postBankCsv } from '../../../../test/multipart.js';

/** The review checks end to end: run after a pull and on demand, listed, dismissed for good, gone once fixed, the firm's own. */
let t: TestApp;
const newClient = clientMaker(() => t.app, 14);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const csv = (rows: [string, string, string][]) =>
  ['Date,Description,Amount,Payee', ...rows.map(([date, amount, payee]) => `${date},${payee} card,-${amount},${payee}`)].join('\n');

describe('review checks of a client company', () => {
  it('finds a likely duplicate, a personal payee and missing receipts among the categorized transactions, keeps a dismissal, and drops what was fixed', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const company = `accounting/accountant/client-company/${pk}`;
    const today = new Date().toISOString().slice(0, 10);
    await postBankCsv(
      cast.admin,
      pk,
      csv([
        [today, '89.99', 'Office Depot'],
        [today, '89.99', 'Office Depot'],
        [today, '15.49', 'Netflix'],
      ]),
    );
    const office = await createLedgerAccount(t.db, pk, { name: 'Office Supplies' });
    const rows = (await cast.admin.get(`${company}/transactions/list/`)).json().results as { pk: number; amount: string }[];
    const answered = await cast.admin.patch(`${company}/transactions/update/`, {
      transactions: rows.map((r) => ({ pk: r.pk, finished: true, lines: [{ amount: r.amount, category: office.pk }] })),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    // Nothing was checked yet: the accountant asks for a run, which goes off the request path.
    expect((await cast.admin.get(`${company}/review-checks/`)).json()).toEqual({ count: 0, results: [], checked_at: null });
    const run = await cast.admin.post(`${company}/review-checks/run/`, {});
    expect(run.statusCode).toBe(202);
    expect(await t.runJobs()).toBeGreaterThan(0);

    const listed = (await cast.admin.get(`${company}/review-checks/`)).json();
    expect(listed.checked_at).not.toBeNull();
    expect(listed.results.map((f: { check: string; transaction: { payee: string } }) => [f.check, f.transaction.payee]).sort()).toEqual([
      ['LIKELY_DUPLICATE', 'Office Depot'],
      ['PERSONAL_PAYEE', 'Netflix'],
    ]);
    const personal = listed.results.find((f: { check: string }) => f.check === 'PERSONAL_PAYEE');
    expect(personal.reason).toBe('Netflix is usually a personal expense: check that it belongs to the business.');

    // Dismissed: it stays dismissed through the next run.
    const dismissed = await cast.admin.post(`${company}/review-checks/${personal.pk}/dismiss/`, {});
    expect(dismissed.json()).toMatchObject({ pk: personal.pk, state: 'DISMISSED' });
    await cast.admin.post(`${company}/review-checks/run/`, {});
    await t.runJobs();
    expect((await cast.admin.get(`${company}/review-checks/`)).json().results.map((f: { check: string }) => f.check)).toEqual(['LIKELY_DUPLICATE']);
    expect((await cast.admin.get(`${company}/review-checks/?state=dismissed`)).json().results.map((f: { pk: number }) => f.pk)).toEqual([personal.pk]);

    // A receipt threshold makes the two bare charges findings; the run after a pull (the pull's job queues it) drops
    // the one whose receipt was attached since.
    await cast.admin.patch(`${company}/update/`, { ask_rules: { ask_from: null, receipt_above: '50', firm_payees: [] } });
    await t.app.deps.jobs.send('ledger-pull', { companyPk: pk }, `pull:${pk}`);
    await t.runJobs();
    const missing = (await cast.admin.get(`${company}/review-checks/`)).json().results.filter((f: { check: string }) => f.check === 'RECEIPT_MISSING');
    expect(missing).toHaveLength(2);
    expect(missing[0].reason).toBe('$89.99 is above the $50.00 receipt threshold, and no receipt is attached.');
    const { body, headers } = multipart({ client_company: String(pk) }, { name: 'receipt.png', bytes: PNG_1X1 });
    const file = (await cast.admin.request('POST', 'storage/file/create/', { body, headers })).json();
    expect((await cast.admin.post(`accounting/transaction/${missing[0].transaction.pk}/attachments/`, { file: file.pk })).statusCode).toBe(200);
    await cast.admin.post(`${company}/review-checks/run/`, {});
    await t.runJobs();
    const after = (await cast.admin.get(`${company}/review-checks/`)).json().results.filter((f: { check: string }) => f.check === 'RECEIPT_MISSING');
    expect(after.map((f: { transaction: { pk: number } }) => f.transaction.pk)).toEqual([missing[1].transaction.pk]);

    // One click asks the client: the duplicate goes back to them with the question, as a note they read on it.
    const duplicate = (await cast.admin.get(`${company}/review-checks/`)).json().results.find((f: { check: string }) => f.check === 'LIKELY_DUPLICATE');
    const asked = await cast.admin.post(`${company}/review-checks/${duplicate.pk}/ask/`, {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({
      state: 'ASKED',
      question: 'This looks like a second charge of $89.99 from Office Depot within a few days. Were you charged twice, or were these two purchases?',
    });
    const clientList = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results as { pk: number; back_message: string }[];
    expect(clientList.find((r) => r.pk === duplicate.transaction.pk)?.back_message).toBe(asked.json().question);
    expect((await cast.admin.post(`${company}/review-checks/${duplicate.pk}/ask/`, {})).json().detail).toBe('This finding was already dismissed or asked about.');
    await cast.admin.post(`${company}/review-checks/run/`, {});
    await t.runJobs();
    expect((await cast.admin.get(`${company}/review-checks/?state=asked`)).json().results.map((f: { pk: number }) => f.pk)).toEqual([duplicate.pk]);
    // The clients list counts each company's open findings.
    const listedCompany = (await cast.admin.get(`accounting/accountant/client-companies/list/?page_size=100`)).json().results.find((c: { pk: number }) => c.pk === pk);
    expect(listedCompany.review_findings).toBe((await cast.admin.get(`${company}/review-checks/`)).json().count);

    // Another firm, a client, nobody: not theirs.
    expect((await cast.otherFirmAdmin.get(`${company}/review-checks/`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.post(`${company}/review-checks/${personal.pk}/dismiss/`, {})).statusCode).toBe(404);
    expect((await cast.client.get(`${company}/review-checks/`)).statusCode).toBe(403);
    expect((await cast.anonymous.get(`${company}/review-checks/`)).statusCode).toBe(401);
    expect((await cast.admin.post(`${company}/review-checks/999999/dismiss/`, {})).statusCode).toBe(404);
  });

  it('checks the transactions categorized in the ledger itself, and asks about one as a request to the client', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const company = `accounting/accountant/client-company/${pk}`;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    // As a pull keeps them: one row per categorized line of a transaction Herd never held.
    const line = (externalId: string, lineNumber: number, amount: string | null, date: string) => ({
      firmId: cast.firm.firmId,
      clientCompanyId: pk,
      externalId,
      lineNumber,
      date,
      payee: 'Spotify',
      description: 'SPOTIFY USA',
      merchantKey: 'spotify',
      deposit: false,
      amount,
      categoryId: software.pk,
    });
    await t.db.insert(ledgerHistory).values([
      // Two lines of one purchase, added up to $11.99 (the same as the charge the next day).
      line('Purchase:71', 0, '10.00', day(9)),
      line('Purchase:71', 1, '1.99', day(9)),
      line('Purchase:72', 0, '11.99', day(8)),
      // Pulled before amounts were kept: not checked until the next pull brings its amount.
      line('Purchase:70', 0, null, day(20)),
    ]);
    await cast.admin.post(`${company}/review-checks/run/`, {});
    await t.runJobs();
    const found = (await cast.admin.get(`${company}/review-checks/`)).json().results as {
      pk: number;
      check: string;
      transaction: { pk: number | null; ledger_id: string | null; amount: string; payee: string; status: string | null };
    }[];
    expect(found.map((f) => [f.check, f.transaction.ledger_id]).sort()).toEqual([
      ['LIKELY_DUPLICATE', 'Purchase:72'],
      ['PERSONAL_PAYEE', 'Purchase:71'],
      ['PERSONAL_PAYEE', 'Purchase:72'],
    ]);
    const twin = found.find((f) => f.check === 'LIKELY_DUPLICATE')!;
    expect(twin.transaction).toEqual({ pk: null, ledger_id: 'Purchase:72', date: day(8), amount: '11.99', payee: 'Spotify', status: null });

    // Asked in one click: the client gets a request with the question as its item, and the finding stays asked.
    const asked = await cast.admin.post(`${company}/review-checks/${twin.pk}/ask/`, {});
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().state).toBe('ASKED');
    const requests = (await cast.client.get(cliPath(pk, 'list/'))).json().results as { subject: string; text: string; items: { label: string }[] }[];
    expect(requests).toHaveLength(1);
    expect(requests[0]!.subject).toBe(`A question about Spotify on ${day(8)}`);
    expect(requests[0]!.items.map((i) => i.label)).toEqual([
      'This looks like a second charge of $11.99 from Spotify within a few days. Were you charged twice, or were these two purchases?',
    ]);
    await cast.admin.post(`${company}/review-checks/run/`, {});
    await t.runJobs();
    expect((await cast.admin.get(`${company}/review-checks/?state=asked`)).json().results.map((f: { pk: number }) => f.pk)).toEqual([twin.pk]);

    // Recategorized into a watched account in the ledger, a transaction leaves the history: its open finding goes.
    await t.db.delete(ledgerHistory).where(sql`external_id = 'Purchase:71'`);
    await cast.admin.post(`${company}/review-checks/run/`, {});
    await t.runJobs();
    expect(
      (await cast.admin.get(`${company}/review-checks/`))
        .json()
        .results.map((f: { check: string; transaction: { ledger_id: string } }) => [f.check, f.transaction.ledger_id]),
    ).toEqual([['PERSONAL_PAYEE', 'Purchase:72']]);
  });
});
