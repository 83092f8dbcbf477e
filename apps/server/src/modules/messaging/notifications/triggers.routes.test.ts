import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanyAssignments, notifications, transactions } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { checklist, createCommunication, uploadFile } from '../../../../test/communications.js';
import { bankCsv, createLedgerAccount, firmMemberPkOf, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipartFiles, PDF_BYTES, postBankCsv } from '../../../../test/multipart.js';
import { restrictedCast } from '../../../../test/restricted.js';
import { giveUpQueuedPublish } from '../../books/transactions/publish.service.js';
import { ANSWERS_BATCH_WINDOW_MS } from './events.service.js';
import { sendAnswerNotice } from './answer-notices.job.js';
import { moveStatuses } from '../../books/transactions/status-writer.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 151);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

interface Listed {
  kind: string;
  title: string;
  text: string;
  target: { type: string; pk: number };
}
const bell = async (client: TestClient): Promise<Listed[]> => (await client.get('notifications/list/')).json().results;
const kinds = async (client: TestClient) => (await bell(client)).map((n) => n.kind);

/** A CSV company named Acme with three imported transactions and a category to answer them with. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await postBankCsv(cast.admin, pk, bankCsv(3));
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  const rows = await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk)).orderBy(transactions.pk);
  const answer = (row: (typeof rows)[number]) => ({ pk: row.pk, lines: [{ amount: row.amount, category: meals.pk }], finished: true });
  return { cast, pk, rows, answer };
};

describe('a client answers transactions', () => {
  it('tells the firm’s people who see the company once per batch, never the client or an unassigned team member', async () => {
    const { cast, pk, rows, answer } = await setup();
    const res = await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer(rows[0]!), answer(rows[1]!)] });
    expect(res.statusCode).toBe(200);
    // The firm is told by a job, after the answer (answer-notices.job.ts); a second run tells nothing more.
    expect(await bell(cast.admin)).toEqual([]);
    await t.runJobs();
    await t.runJobs();
    for (const accountant of [cast.admin, cast.clientAdmin]) {
      expect(await bell(accountant)).toMatchObject([
        { kind: 'TRANSACTIONS_ANSWERED', title: 'Client Co answered 2 transactions', target: { type: 'CLIENT_COMPANY', pk } },
      ]);
    }
    expect(await bell(cast.client)).toEqual([]);
    expect(await bell(cast.teamMember)).toEqual([]);
    // A memo alone finishes nothing, and the accountant's own work in the client's view is not news.
    await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [{ pk: rows[2]!.pk, client_memo: 'Lunch' }] });
    await cast.admin.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer(rows[2]!)] });
    await t.runJobs();
    expect(await kinds(cast.clientAdmin)).toEqual(['TRANSACTIONS_ANSWERED']);
  });

  it('adds answers given one after another to the unread line of that client, until it is read or an hour old', async () => {
    const { cast, pk, rows, answer } = await setup();
    const update = async (row: (typeof rows)[number]) => {
      await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer(row)] });
      await t.runJobs();
    };
    await update(rows[0]!);
    await update(rows[1]!);
    expect(await bell(cast.admin)).toMatchObject([{ kind: 'TRANSACTIONS_ANSWERED', title: 'Client Co answered 2 transactions' }]);
    expect((await cast.admin.get('notifications/unread-count/')).json()).toEqual({ unread_count: 1 });
    // Once read, the next answers start a new line rather than change what was read.
    expect((await cast.clientAdmin.post('notifications/mark-read/', { all: true })).statusCode).toBe(200);
    await update(rows[2]!);
    expect((await bell(cast.clientAdmin)).map((n) => n.title)).toEqual(['Client Co answered 1 transaction', 'Client Co answered 2 transactions']);
    expect((await bell(cast.admin)).map((n) => n.title)).toEqual(['Client Co answered 3 transactions']);
    // An unread line older than the window is left as it was.
    await t.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - ANSWERS_BATCH_WINDOW_MS - 1000) })
      .where(eq(notifications.clientCompanyId, pk));
    await postBankCsv(cast.admin, pk, bankCsv(4));
    const more = await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk)).orderBy(transactions.pk);
    await update(more.at(-1)!);
    expect((await bell(cast.admin)).map((n) => n.title)).toEqual(['Client Co answered 1 transaction', 'Client Co answered 3 transactions']);
  });
});

describe('the firm told of answers by a job', () => {
  it('tells answers given before the job ran together, once, even when the job runs twice', async () => {
    const { cast, pk, rows, answer } = await setup();
    for (const row of rows) await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer(row)] });
    expect(await sendAnswerNotice(t.db, pk)).toBe(2); // the firm admin and the assigned client admin
    expect(await sendAnswerNotice(t.db, pk)).toBe(0);
    await t.runJobs();
    expect((await bell(cast.admin)).map((n) => n.title)).toEqual(['Client Co answered 3 transactions']);
  });
});

describe('a note arrives', () => {
  it('reaches the other side and the thread’s earlier authors who can still see it, never the author', async () => {
    const { cast, rows } = await setup();
    const tx = rows[0]!.pk;
    await cast.client.post(`accounting/notes/transaction/${tx}/note/create/`, { body: 'Was this the team lunch?' });
    expect(await bell(cast.admin)).toMatchObject([
      { kind: 'NOTE', title: 'Cleo Client wrote on a transaction of Client Co', text: 'Was this the team lunch?', target: { type: 'TRANSACTION', pk: tx } },
    ]);
    expect((await bell(cast.clientAdmin)).length).toBe(1);
    expect(await bell(cast.client)).toEqual([]);
    await cast.admin.post(`accounting/notes/transaction/${tx}/note/create/`, { body: 'Yes, the March one.' });
    expect(await bell(cast.client)).toMatchObject([{ kind: 'NOTE', text: 'Yes, the March one.' }]);
    // The client admin never wrote in this thread: a colleague's answer is not theirs to hear.
    expect((await bell(cast.clientAdmin)).length).toBe(1);
    await cast.clientAdmin.post(`accounting/notes/transaction/${tx}/note/create/`, { body: 'Filed.' });
    expect((await bell(cast.admin)).map((n) => n.text)).toEqual(['Filed.', 'Was this the team lunch?']);
  });

  it('a restricted client hears nothing of a transaction outside their accounts', async () => {
    const { cast, fuel, rent } = await restrictedCast(t.db, newClient);
    await cast.admin.post(`accounting/notes/transaction/${rent}/note/create/`, { body: 'Rent receipt?' });
    expect(await bell(cast.client)).toEqual([]);
    await cast.admin.post(`accounting/notes/transaction/${fuel}/note/create/`, { body: 'Fuel receipt?' });
    expect((await bell(cast.client)).map((n) => n.text)).toEqual(['Fuel receipt?']);
  });

  it('a team member hears of a client’s note only once assigned to the company', async () => {
    const { cast, pk } = await setup();
    await cast.client.post(`accounting/notes/client-company/${pk}/note/create/`, { body: 'Hello' });
    expect(await bell(cast.teamMember)).toEqual([]);
    await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: pk, firmMemberId: await firmMemberPkOf(t.db, cast.teamMemberId) });
    await cast.client.post(`accounting/notes/client-company/${pk}/note/create/`, { body: 'Anyone?' });
    expect((await bell(cast.teamMember)).map((n) => n.text)).toEqual(['Anyone?']);
  });
});

describe('one accountant’s words on many transactions', () => {
  it('a bulk note is one notification, for the client’s people who can see at least one of them', async () => {
    const { cast, pk, fuel, rent } = await restrictedCast(t.db, newClient);
    await cast.admin.post('accounting/notes/transactions/note/create/', { client_company: pk, pks: [rent], body: 'Rent receipts please' });
    expect(await bell(cast.client)).toEqual([]);
    await cast.admin.post('accounting/notes/transactions/note/create/', { client_company: pk, pks: [fuel, rent], body: 'All receipts please' });
    expect(await bell(cast.client)).toMatchObject([
      { kind: 'NOTE', title: 'Ada Admin wrote on 2 transactions of Client Co', text: 'All receipts please', target: { type: 'CLIENT_COMPANY', pk } },
    ]);
    expect(await bell(cast.clientAdmin)).toEqual([]);
  });

  it('sending transactions back tells the client, with the message when there is one', async () => {
    const { cast, pk, rows, answer } = await setup();
    await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer(rows[0]!), answer(rows[1]!)] });
    const back = `accounting/accountant/client-company/${pk}/transactions/back/`;
    expect((await cast.admin.post(back, { pks: [rows[0]!.pk], message: 'Which client was this lunch with?' })).statusCode).toBe(204);
    expect((await cast.admin.post(back, { pks: [rows[1]!.pk] })).statusCode).toBe(204);
    expect((await bell(cast.client)).map((n) => [n.title, n.text])).toEqual([
      ['Ada Admin sent back 1 transaction of Client Co', ''],
      ['Ada Admin sent back 1 transaction of Client Co', 'Which client was this lunch with?'],
    ]);
  });
});

describe('requests', () => {
  it('a new request tells the client’s people; their answer tells the accountants, saying whether it is complete', async () => {
    const { cast, pk } = await setup();
    const request = await createCommunication(cast.admin, pk, checklist);
    expect(await bell(cast.client)).toMatchObject([{ kind: 'REQUEST_CREATED', title: 'New request: November close', target: { type: 'COMMUNICATION', pk: request.pk } }]);
    expect(await bell(cast.admin)).toEqual([]);
    const [filesItem, textItem] = request.items.map((i) => i.pk);
    const answer = (change: Record<string, unknown>) =>
      cast.client.patch(`accounting/client/company/${pk}/communications/update/`, { communications: [{ pk: request.pk, ...change }] });
    expect((await answer({ answers: [{ item: textItem, text: 'Nothing unusual' }] })).statusCode).toBe(200);
    expect((await answer({ answers: [{ item: filesItem, files: [await uploadFile(cast.client, pk)] }] })).statusCode).toBe(200);
    expect((await bell(cast.admin)).map((n) => [n.kind, n.title])).toEqual([
      ['REQUEST_ANSWERED', 'Client Co answered “November close”'],
      ['REQUEST_ANSWERED', 'Client Co answered part of “November close”'],
    ]);
  });

  it('a notice from the client tells the accountants', async () => {
    const { cast, pk } = await setup();
    await createCommunication(cast.client, pk, { kind: 'NOTICE', subject: 'New bank account', text: 'We opened one at Acme Bank.' });
    expect((await bell(cast.admin)).map((n) => n.title)).toEqual(['Client Co sent a notice: New bank account']);
    expect(await bell(cast.client)).toEqual([]);
  });
});

describe('receipts', () => {
  const upload = async (client: TestClient, companyPk: number, count: number) => {
    const files = Array.from({ length: count }, (_, i) => ({ name: `r${i}.pdf`, bytes: PDF_BYTES }));
    const { body, headers } = multipartFiles({ client_company: String(companyPk) }, files);
    const res = await client.request('POST', 'accounting/receipt/create/', { body, headers });
    expect(res.statusCode).toBe(201);
    return res.json() as { pk: number }[];
  };

  it('a client’s batch is one notification for the accountants; a staff upload is nobody’s news', async () => {
    const { cast, pk } = await setup();
    const sent = await upload(cast.client, pk, 2);
    expect(await bell(cast.clientAdmin)).toMatchObject([{ kind: 'RECEIPT_ARRIVED', title: 'Client Co sent 2 receipts', target: { type: 'RECEIPT', pk: sent[0]!.pk } }]);
    await upload(cast.admin, pk, 1);
    expect((await bell(cast.clientAdmin)).length).toBe(1);
    expect(await bell(cast.client)).toEqual([]);
  });

  it('a client’s match tells the accountants', async () => {
    const { cast, pk, rows } = await setup();
    const [receipt] = await upload(cast.client, pk, 1);
    const res = await cast.client.post('accounting/receipt/update/match/', { receipt: receipt!.pk, transaction: rows[0]!.pk, action: 'match' });
    expect(res.statusCode).toBe(200);
    expect((await bell(cast.admin)).map((n) => [n.kind, n.title])).toEqual([
      ['RECEIPT_MATCHED', 'Client Co: receipt matched to a transaction'],
      ['RECEIPT_ARRIVED', 'Client Co sent 1 receipt'],
    ]);
  });
});

describe('sync errors', () => {
  it('a publish given up tells the firm’s people who see the company, the publisher included', async () => {
    const { cast, pk, rows, answer } = await setup();
    await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer(rows[0]!)] });
    const author = { firmId: cast.firm.firmId, companyPk: pk, actorUserId: cast.firm.adminId };
    await moveStatuses(t.db, author, 'transaction.publish', [{ row: { pk: rows[0]!.pk, status: 'FINISHED_IN_HERD' }, to: 'PROCESSING' }]);
    await giveUpQueuedPublish(t.app.deps, { companyPk: pk, pks: [rows[0]!.pk], actorUserId: cast.firm.adminId });
    const [newest] = await bell(cast.admin);
    expect(newest).toMatchObject({ kind: 'SYNC_ERROR', title: 'Client Co: 1 transaction could not be published', target: { type: 'TRANSACTION', pk: rows[0]!.pk } });
    expect(newest!.text).toContain('could not be reached');
    expect(await bell(cast.client)).toEqual([]);
  });
});
