import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanyAssignments, clientMemberships, emailOptOuts, outbox, userAccountRestrictions, users } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { addFirmMember, bankCsv, createClientUser, createLedgerAccount, firmMemberPkOf, signIn, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipart } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 13);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const { body, headers } = multipart({}, { name: 'b.csv', bytes: Buffer.from(bankCsv(2)) });
  await cast.admin.request('POST', `accounting/accountant/client-company/${pk}/transactions/import-csv/`, { body, headers });
  const txs = (await cast.client.get(`accounting/client/company/${pk}/transactions/list/`)).json().results as { pk: number }[];
  return { cast, pk, txs };
};

const thread = async (client: TestClient, txPk: number) => (await client.get(`accounting/notes/transaction/${txPk}/note/list/`)).json();

describe('transaction notes', () => {
  it('accountant and client write in one thread, each labelled with their side; the row counts them', async () => {
    const { cast, pk, txs } = await setup();
    const tx = txs[0]!.pk;
    const first = await cast.client.post(`accounting/notes/transaction/${tx}/note/create/`, { body: 'This was a client lunch.' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ body: 'This was a client lunch.', sender: 'CLIENT', author: { name: 'Cleo Client' }, edited: false, is_mine: true });
    await cast.admin.post(`accounting/notes/transaction/${tx}/note/create/`, { body: 'Which client?' });
    const seenByClient = await thread(cast.client, tx);
    expect(seenByClient.map((n: { sender: string; is_mine: boolean }) => [n.sender, n.is_mine])).toEqual([
      ['CLIENT', true],
      ['ACCOUNTANT', false],
    ]);
    const row = (await cast.admin.get(`accounting/accountant/client-company/${pk}/transactions/list/`)).json().results.find((r: { pk: number }) => r.pk === tx);
    expect(row.notes_count).toBe(2);
  });

  it('only the author edits, and the note is marked edited', async () => {
    const { cast, txs } = await setup();
    const tx = txs[0]!.pk;
    const mine = (await cast.admin.post(`accounting/notes/transaction/${tx}/note/create/`, { body: 'Draft' })).json();
    const edited = await cast.admin.patch(`accounting/notes/transaction/note/update/${mine.pk}/`, { body: 'Final' });
    expect(edited.json()).toMatchObject({ body: 'Final', edited: true });
    expect((await cast.client.patch(`accounting/notes/transaction/note/update/${mine.pk}/`, { body: 'Hacked' })).statusCode).toBe(403);
    const colleague = await addFirmMember(t.db, cast.firm.firmId, 'FIRM_ADMIN');
    const colleagueClient = newClient();
    await signIn(colleagueClient, colleague.email);
    expect((await colleagueClient.patch(`accounting/notes/transaction/note/update/${mine.pk}/`, { body: 'Mine now' })).statusCode).toBe(403);
    expect((await cast.admin.patch(`accounting/notes/transaction/note/update/${mine.pk}/`, { body: '' })).json()).toEqual({ body: ['Message is required.'] });
  });

  it('one note to many transactions', async () => {
    const { cast, pk, txs } = await setup();
    const res = await cast.admin.post('accounting/notes/transactions/note/create/', { client_company: pk, pks: txs.map((x) => x.pk), body: 'Receipts please' });
    expect(res.json()).toEqual({ created: 2 });
    for (const tx of txs) expect((await thread(cast.client, tx.pk)).map((n: { body: string }) => n.body)).toEqual(['Receipts please']);
  });

  it('another firm, another client and signed-out callers cannot read or write a thread', async () => {
    const { cast, pk, txs } = await setup();
    const tx = txs[0]!.pk;
    const other = await signedInCast(t.db, newClient);
    expect((await other.admin.get(`accounting/notes/transaction/${tx}/note/list/`)).statusCode).toBe(404);
    expect((await other.client.post(`accounting/notes/transaction/${tx}/note/create/`, { body: 'x' })).statusCode).toBe(404);
    expect((await other.admin.post('accounting/notes/transactions/note/create/', { client_company: pk, pks: [tx], body: 'x' })).statusCode).toBe(404);
    expect((await cast.anonymous.get(`accounting/notes/transaction/${tx}/note/list/`)).statusCode).toBe(401);
    expect((await cast.admin.get('accounting/notes/transaction/99999999/note/list/')).statusCode).toBe(404);
  });
});

describe('company threads', () => {
  it('a client company’s thread is shared with its clients; the firm’s own thread is staff only', async () => {
    const { cast, pk } = await setup();
    await cast.admin.post(`accounting/notes/client-company/${pk}/note/create/`, { body: 'Welcome!' });
    expect((await cast.client.get(`accounting/notes/client-company/${pk}/note/list/`)).json()[0].body).toBe('Welcome!');
    expect((await cast.admin.post(`accounting/notes/accountant-company/${cast.firm.firmId}/note/create/`, { body: 'Internal' })).statusCode).toBe(201);
    expect((await cast.client.get(`accounting/notes/accountant-company/${cast.firm.firmId}/note/list/`)).statusCode).toBe(404);
    expect((await cast.otherFirmAdmin.get(`accounting/notes/accountant-company/${cast.firm.firmId}/note/list/`)).statusCode).toBe(404);
  });

  it('a client editing the firm’s internal note cannot tell it from one that does not exist', async () => {
    const { cast } = await setup();
    const internal = (await cast.admin.post(`accounting/notes/accountant-company/${cast.firm.firmId}/note/create/`, { body: 'Internal' })).json();
    for (const kind of ['accountant-company', 'client-company', 'transaction']) {
      const existing = await cast.client.patch(`accounting/notes/${kind}/note/update/${internal.pk}/`, { body: 'Probe' });
      const missing = await cast.client.patch(`accounting/notes/${kind}/note/update/${internal.pk + 1_000_000}/`, { body: 'Probe' });
      expect([kind, existing.statusCode, existing.json()]).toEqual([kind, 404, missing.json()]);
      expect(missing.statusCode).toBe(404);
    }
    expect((await cast.admin.get(`accounting/notes/accountant-company/${cast.firm.firmId}/note/list/`)).json()[0].body).toBe('Internal');
  });
});

describe('notes reach the other side by email', () => {
  const notesTo = async (email: string) =>
    (
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.recipient, email.toLowerCase()), eq(outbox.template, 'NOTE')))
    ).map((m) => m.textBody);

  it('mails the accountant’s note to the client users who can see the transaction, with a sign-in link', async () => {
    const { cast, pk, txs } = await setup();
    const restricted = await createClientUser(t.db, cast.firm.firmId);
    await t.db.insert(clientMemberships).values({ clientCompanyId: pk, userId: restricted.userId, role: 'CLIENT' });
    const elsewhere = await createLedgerAccount(t.db, pk, { name: 'Other card', isPaymentAccount: true });
    await t.db.insert(userAccountRestrictions).values({ clientCompanyId: pk, userId: restricted.userId, accountId: elsewhere.pk, kind: 'PAYMENT_ACCOUNT' });
    await cast.admin.post(`accounting/notes/transaction/${txs[0]!.pk}/note/create/`, { body: 'Was this the new oven?' });
    const mails = await notesTo(cast.clientUser.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Was this the new oven?');
    expect(mails[0]).toMatch(/\/auth\/\?magic=/);
    expect(await notesTo(restricted.email)).toHaveLength(0);
    expect(await notesTo(cast.firm.adminEmail)).toHaveLength(0);
  });

  it('mails the client’s note to the firm (its admins when nobody is assigned), never to the author', async () => {
    const { cast, txs } = await setup();
    await cast.client.post(`accounting/notes/transaction/${txs[1]!.pk}/note/create/`, { body: 'That was a supplier refund.' });
    const toAdmin = await notesTo(cast.firm.adminEmail);
    expect(toAdmin).toHaveLength(1);
    expect(toAdmin[0]).toContain('That was a supplier refund.');
    expect(await notesTo(cast.clientUser.email)).toHaveLength(0);
  });

  it('mails the people assigned to the company by their own account: never the assigned author, never one who turned note emails off', async () => {
    const { cast, pk, txs } = await setup();
    await t.db.insert(clientCompanyAssignments).values({ clientCompanyId: pk, firmMemberId: await firmMemberPkOf(t.db, cast.teamMemberId) });
    const [member] = await t.db.select({ email: users.email }).from(users).where(eq(users.pk, cast.teamMemberId));
    await cast.client.post(`accounting/notes/transaction/${txs[1]!.pk}/note/create/`, { body: 'First question.' });
    expect(await notesTo(member!.email)).toHaveLength(1);
    // Written by the assigned member: nobody on the firm's side hears of their own note.
    await cast.teamMember.post(`accounting/notes/transaction/${txs[1]!.pk}/note/create/`, { body: 'Answered it myself.' });
    expect((await notesTo(member!.email)).some((m) => m.includes('Answered it myself.'))).toBe(false);
    await t.db.insert(emailOptOuts).values({ userId: cast.teamMemberId, kind: 'NOTES', via: 'SETTINGS' });
    await cast.client.post(`accounting/notes/transaction/${txs[1]!.pk}/note/create/`, { body: 'Second question.' });
    expect(await notesTo(member!.email)).toHaveLength(1);
  });

  it('keeps the firm’s internal thread internal', async () => {
    const { cast } = await setup();
    await cast.admin.post(`accounting/notes/accountant-company/${cast.firm.firmId}/note/create/`, { body: 'Internal: check the VAT.' });
    const all = await t.db.select().from(outbox).where(eq(outbox.template, 'NOTE'));
    expect(all.some((m) => m.textBody.includes('Internal: check the VAT.'))).toBe(false);
  });
});
