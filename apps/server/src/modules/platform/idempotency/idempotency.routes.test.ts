import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientCompanies, notes, pendingSignups, transactions } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, signedInCast, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { multipart } from '../../../../test/multipart.js';
import { idempotencyMessages } from './idempotency.service.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 62);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const keyed = (key: string) => ({ headers: { 'idempotency-key': key } });
const createCompany = (client: TestClient, name: string, key?: string) =>
  client.post('accounting/accountant/client-companies/create/', { name, connection_kind: 'CSV' }, key ? keyed(key) : undefined);
const companiesNamed = (name: string) => t.db.select().from(clientCompanies).where(eq(clientCompanies.name, name));

describe('Idempotency-Key on creates', () => {
  it('creates one client company for one key and answers the repeat with the same answer; another key creates another', async () => {
    const cast = await signedInCast(t.db, newClient);
    const key = randomUUID();
    const first = await createCompany(cast.admin, 'Twice Clicked', key);
    const again = await createCompany(cast.admin, 'Twice Clicked', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await companiesNamed('Twice Clicked')).toHaveLength(1);

    expect((await createCompany(cast.admin, 'Twice Clicked', randomUUID())).statusCode).toBe(201);
    expect(await companiesNamed('Twice Clicked')).toHaveLength(2);
  });

  it('runs a double click sent at once only once', async () => {
    const cast = await signedInCast(t.db, newClient);
    const key = randomUUID();
    const [a, b] = await Promise.all([createCompany(cast.admin, 'Raced Click', key), createCompany(cast.admin, 'Raced Click', key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().pk).toBe(b.json().pk);
    expect(await companiesNamed('Raced Click')).toHaveLength(1);
  });

  it('keeps keys apart per user, refuses a key reused for another request, and lets a refused submission try again', async () => {
    const cast = await signedInCast(t.db, newClient);
    const key = randomUUID();
    await createCompany(cast.admin, 'Mine', key);
    // The same key from someone else is their own submission (another firm sees nothing of the first).
    const theirs = await createCompany(cast.otherFirmAdmin, 'Mine', key);
    expect(theirs.statusCode).toBe(201);
    expect(await companiesNamed('Mine')).toHaveLength(2);

    const other = await createCompany(cast.admin, 'Something else', key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ detail: idempotencyMessages.otherRequest });

    const retryKey = randomUUID();
    const refused = await cast.admin.post('accounting/accountant/client-companies/create/', { name: '', connection_kind: 'CSV' }, keyed(retryKey));
    expect(refused.json()).toEqual({ name: ['Name is required.'] });
    expect((await createCompany(cast.teamMember, 'Not allowed', retryKey)).statusCode).toBe(403);
    expect((await createCompany(cast.teamMember, 'Not allowed', retryKey)).statusCode).toBe(403);
    expect((await createCompany(cast.admin, 'Corrected', retryKey)).statusCode).toBe(201);
  });

  it('refuses a key that is not 1 to 255 visible characters', async () => {
    const cast = await signedInCast(t.db, newClient);
    for (const bad of ['has space', 'x'.repeat(256)]) {
      const res = await createCompany(cast.admin, 'Bad key', bad);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ detail: idempotencyMessages.badKey });
    }
    expect(await companiesNamed('Bad key')).toHaveLength(0);
  });

  it('writes one note per key', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const path = `accounting/notes/client-company/${pk}/note/create/`;
    const body = { body: 'Please send the March statement.' };
    const key = randomUUID();
    const first = await cast.client.post(path, body, keyed(key));
    const again = await cast.client.post(path, body, keyed(key));
    expect(first.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    await cast.client.post(path, body, keyed(randomUUID()));
    const written = (await t.db.select().from(notes).where(eq(notes.clientCompanyId, pk))).filter((n) => n.body === body.body);
    expect(written).toHaveLength(2);
  });

  it('queues one sign-up per key, answering the repeat with the same answer', async () => {
    const email = uniqueEmail('idem-signup');
    const body = { email, password: 'a-long-password', first_name: 'Pat', last_name: 'Ledger', company_name: 'Once & Co' };
    const key = randomUUID();
    const browser = newClient();
    const first = await browser.post('users/accountant-signup/', body, keyed(key));
    const again = await browser.post('users/accountant-signup/', body, keyed(key));
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    await t.runJobs();
    const pendingFor = () => t.db.select().from(pendingSignups).where(eq(pendingSignups.email, email));
    expect(await pendingFor()).toHaveLength(1);
    // Without a key, a second submission is a second request: it mails a second link.
    expect((await newClient().post('users/accountant-signup/', body)).statusCode).toBe(200);
    await t.runJobs();
    expect(await pendingFor()).toHaveLength(2);
  });

  it('invites a client user and a coworker once per key', async () => {
    const cast = await signedInCast(t.db, newClient);
    const invitee = { email: uniqueEmail('idem-invitee'), first_name: 'Ivy', last_name: 'Invitee', client_company: cast.clientUser.companyId };
    const key = randomUUID();
    const first = await cast.admin.post('accounting/accountant-client-user/', invitee, keyed(key));
    const again = await cast.admin.post('accounting/accountant-client-user/', invitee, keyed(key));
    expect(first.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect((await cast.admin.post('accounting/accountant-client-user/', invitee, keyed(randomUUID()))).statusCode).toBe(400);

    const coworker = { email: uniqueEmail('idem-coworker'), first_name: 'Cal', last_name: 'Coworker', role: 'TEAM_MEMBER' };
    const coworkerKey = randomUUID();
    const invited = await cast.admin.post('accounting/accountant-coworker/', coworker, keyed(coworkerKey));
    expect(invited.statusCode).toBe(201);
    expect((await cast.admin.post('accounting/accountant-coworker/', coworker, keyed(coworkerKey))).body).toBe(invited.body);
  });

  it('publishes once per key: the repeat gets the first answer, not a refusal of rows already published', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const { body, headers } = multipart({}, { name: 'bank.csv', bytes: Buffer.from(bankCsv(1)), type: 'text/csv' });
    await cast.admin.request('POST', `accounting/accountant/client-company/${pk}/transactions/import-csv/`, { body, headers });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const [row] = await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk));
    const answer = { pk: row!.pk, lines: [{ amount: row!.amount, category: meals.pk }], finished: true };
    expect((await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer] })).statusCode).toBe(200);

    const publish = `accounting/accountant/client-company/${pk}/transactions/publish/`;
    const key = randomUUID();
    const first = await cast.admin.post(publish, { pks: [row!.pk] }, keyed(key));
    expect(first.json()).toMatchObject({ published: 1 });
    expect((await cast.admin.post(publish, { pks: [row!.pk] }, keyed(key))).body).toBe(first.body);
    // Another key is another publish: the row is no longer categorized.
    expect((await cast.admin.post(publish, { pks: [row!.pk] }, keyed(randomUUID()))).statusCode).toBe(409);
  });
});
