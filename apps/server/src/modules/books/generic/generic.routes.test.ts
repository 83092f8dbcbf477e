import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerAccounts } from '../../../db/schema/index.js';
import { clientMaker } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 16);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const company = (await cast.admin.post('accounting/accountant/client-companies/create/', { name: 'Generic Co', connection_kind: 'GENERIC' })).json();
  const created = await cast.admin.post(`accounting/accountant/client-company/${company.pk}/generic/tokens/`, { name: 'ERP' });
  expect(created.statusCode).toBe(201);
  const token = created.json().token as string;
  const api = (method: 'GET' | 'POST', path: string, body?: unknown, auth = `Bearer ${token}`) =>
    t.app.inject({ method, url: `/api/v1/generic-client/ingest/${path}`, headers: { authorization: auth }, ...(body ? { payload: body as object } : {}) });
  return { cast, company, token, api };
};

const LISTS = {
  accounts: [
    { external_id: '100', name: 'Operating Account', type: 'Bank', is_payment_account: true },
    { external_id: '999', name: 'Suspense', type: 'Expense', is_watched: true },
    { external_id: '610', name: 'Meals', type: 'Expense' },
  ],
  refs: [
    { kind: 'VENDOR', external_id: 'V1', name: 'Blue Bottle' },
    { kind: 'TRACKING_OPTION', external_id: 'R-N', name: 'North', parent_external_id: 'REGION' },
    { kind: 'TRACKING_CATEGORY', external_id: 'REGION', name: 'Region' },
  ],
};
const TX = {
  external_id: 'T-1',
  type: 'EXPENSE',
  subtype: 'PURCHASE',
  date: '2026-02-01',
  amount: '42.00',
  description: 'Lunch',
  payment_account: '100',
  watched_account: '999',
};

describe('generic ledger API', () => {
  it('takes reference lists and transactions idempotently, and hands back what was published', async () => {
    const { cast, company, api } = await setup();
    expect((await api('POST', 'reference-lists/', LISTS)).json()).toEqual({ accounts: 3, refs: 3 });
    expect((await api('POST', 'reference-lists/', LISTS)).statusCode).toBe(200);
    expect((await cast.admin.get(`accounting/selects/${company.pk}/vendors/list/`)).json().map((v: { name: string }) => v.name)).toEqual(['Blue Bottle']);

    expect((await api('POST', 'transactions/', { transactions: [TX] })).json()).toEqual({ created: 1, updated: 0, unchanged: 0 });
    expect((await api('POST', 'transactions/', { transactions: [TX] })).json()).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect((await api('POST', 'transactions/', { transactions: [{ ...TX, amount: '43.00' }] })).json()).toEqual({ created: 0, updated: 1, unchanged: 0 });

    const list = `accounting/accountant/client-company/${company.pk}/transactions`;
    const [row] = (await cast.admin.get(`${list}/list/`)).json().results;
    expect(row).toMatchObject({
      subtype: 'PURCHASE',
      amount: '43.00',
      payment_account: { name: 'Operating Account' },
      watched_account: { name: 'Suspense' },
      lines: [{ amount: '43.00' }],
    });

    const meals = (await cast.admin.get(`accounting/accountant/client-company/${company.pk}/categories/list/`)).json()[0];
    const vendor = (await cast.admin.get(`accounting/selects/${company.pk}/vendors/list/`)).json()[0];
    await cast.admin.patch(`${list}/update/`, { transactions: [{ pk: row.pk, lines: [{ amount: '43.00', category: meals.pk, vendor: vendor.pk }], finished: true }] });
    // Once categorized, the ledger's later edits do not overwrite the answer.
    expect((await api('POST', 'transactions/', { transactions: [{ ...TX, amount: '50.00' }] })).json()).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect((await api('GET', 'published/')).json()).toEqual({ results: [], next_since: null });
    await cast.admin.post(`${list}/publish/`, { pks: [row.pk] });

    const feed = (await api('GET', 'published/')).json();
    expect(feed.results).toEqual([
      expect.objectContaining({
        external_id: 'T-1',
        status: 'PUBLISHED_IN_PLATFORM',
        correction: null,
        lines: [expect.objectContaining({ amount: '43.00', category: { external_id: '610', name: 'Meals' }, vendor: { external_id: 'V1', name: 'Blue Bottle' } })],
      }),
    ]);
    expect((await api('GET', `published/?since=${encodeURIComponent(feed.next_since)}`)).json().results).toEqual([]);
    expect((await cast.admin.post('generic-client/sync-client/', { client_company: company.pk })).json()).toMatchObject({ transactions: 1, published: 1 });
    // Published is final for the ledger's deletions: the transition table has no way from it to CANCELLED.
    expect((await api('POST', 'transactions/', { transactions: [{ ...TX, deleted: true }] })).json()).toEqual({ created: 0, updated: 0, unchanged: 1 });
    expect((await api('GET', 'published/')).json().results).toEqual([expect.objectContaining({ external_id: 'T-1', status: 'PUBLISHED_IN_PLATFORM' })]);
  });

  it('cancels a transaction the ledger deleted', async () => {
    const { cast, company, api } = await setup();
    await api('POST', 'reference-lists/', LISTS);
    await api('POST', 'transactions/', { transactions: [TX] });
    expect((await api('POST', 'transactions/', { transactions: [{ ...TX, deleted: true }] })).json()).toMatchObject({ updated: 1 });
    expect((await cast.admin.get(`accounting/accountant/client-company/${company.pk}/transactions/list/`)).json().count).toBe(0);
  });

  it('takes the system’s closed period and sub-accounts with the lists; questions on or before its last day are marked', async () => {
    const { cast, company, api } = await setup();
    const withLock = {
      ...LISTS,
      accounts: [...LISTS.accounts, { external_id: '611', name: 'Meals:Client lunches', type: 'Expense', parent_external_id: '610' }],
      closed_through: '2026-02-01',
    };
    expect((await api('POST', 'reference-lists/', withLock)).statusCode).toBe(200);
    await api('POST', 'transactions/', { transactions: [TX, { ...TX, external_id: 'T-2', date: '2026-02-02' }] });
    const retrieve = async () => (await cast.admin.get(`accounting/accountant/client-company/${company.pk}/retrieve/`)).json();
    expect((await retrieve()).books_closed_through).toBe('2026-02-01');
    const list = async () =>
      Object.fromEntries(
        (
          (await cast.admin.get(`accounting/accountant/client-company/${company.pk}/transactions/list/`)).json().results as { date: string; in_closed_period: boolean }[]
        ).map((r) => [r.date, r.in_closed_period]),
      );
    expect(await list()).toEqual({ '2026-02-01': true, '2026-02-02': false });
    const [sub] = await t.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.clientCompanyId, company.pk), eq(ledgerAccounts.externalId, '611')));
    expect(sub!.parentExternalId).toBe('610');
    // Lists pushed without it keep the period declared before; null reopens it; a date that is none is refused.
    await api('POST', 'reference-lists/', LISTS);
    expect((await retrieve()).books_closed_through).toBe('2026-02-01');
    await api('POST', 'reference-lists/', { ...LISTS, closed_through: null });
    expect(await list()).toEqual({ '2026-02-01': false, '2026-02-02': false });
    expect((await api('POST', 'reference-lists/', { ...LISTS, closed_through: '02/01/2026' })).json()).toEqual({ closed_through: ['Closed through is not valid.'] });
  });

  it('publishes an answer in the closed period as a correction the system posts on the first open day, and never asks about it again', async () => {
    const { cast, company, api } = await setup();
    await api('POST', 'reference-lists/', { ...LISTS, closed_through: '2026-02-01' });
    await api('POST', 'transactions/', { transactions: [TX, { ...TX, external_id: 'T-2', date: '2026-02-02' }] });
    const list = `accounting/accountant/client-company/${company.pk}/transactions`;
    const rows = (await cast.admin.get(`${list}/list/`)).json().results as { pk: number; date: string }[];
    const meals = (await cast.admin.get(`accounting/accountant/client-company/${company.pk}/categories/list/`)).json()[0];
    await cast.admin.patch(`${list}/update/`, { transactions: rows.map((r) => ({ pk: r.pk, lines: [{ amount: '42.00', category: meals.pk }], finished: true })) });
    const ready = (await cast.admin.get(`${list}/categorized-list/`)).json().results as { date: string; publish_blocker: string | null }[];
    expect(ready.map((r) => [r.date, r.publish_blocker]).sort()).toEqual([
      ['2026-02-01', null],
      ['2026-02-02', null],
    ]);
    expect((await cast.admin.post(`${list}/publish/`, { pks: rows.map((r) => r.pk) })).json()).toMatchObject({ published: 2, refused: [] });
    const feed = (await api('GET', 'published/')).json().results as { external_id: string; correction: unknown }[];
    expect(Object.fromEntries(feed.map((r) => [r.external_id, r.correction]))).toEqual({
      'T-1': { date: '2026-02-02', from_account: { external_id: '999', name: 'Suspense' } },
      'T-2': null,
    });
    const published = (await cast.admin.get(`${list}/categorized-list/`)).json().results as { pk: number; date: string; correction: unknown; status: string }[];
    const corrected = published.find((r) => r.date === '2026-02-01') as { pk: number };
    expect(corrected).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', correction: { date: '2026-02-02', ledger_id: null } });
    const history = (await cast.admin.get(`${list}/${corrected.pk}/history/`)).json().entries as { to: string; message: string }[];
    expect(history.find((e) => e.to === 'PUBLISHED_IN_PLATFORM')?.message).toBe('Dated in a closed period: the answer was posted as a journal entry dated Feb 2, 2026.');
    // A second answer would post a second journal beside the first: it cannot go back to the client.
    const back = await cast.admin.post(`${list}/back/`, { pks: [corrected.pk], message: 'Which meal?' });
    expect([back.statusCode, back.json().detail]).toEqual([
      409,
      'The answer to “Lunch” was posted to the ledger as a journal entry dated Feb 2, 2026, as its period is closed. Change that journal in the ledger instead of asking again.',
    ]);
    // The system still holds it on the watched account, and says so again: that is the correction's design, not a question.
    expect((await api('POST', 'transactions/', { transactions: [{ ...TX, amount: '42.00', description: 'Lunch again' }] })).json()).toMatchObject({ created: 0 });
    expect((await cast.admin.get(`${list}/list/`)).json().results).toEqual([]);
  });

  it('keeps closed-period questions with the firm when it chooses so: on arrival, when the period closes or reopens, and when the choice changes', async () => {
    const { cast, company, api } = await setup();
    const rules = (closed_period: string) => ({ ask_rules: { ask_from: null, receipt_above: null, firm_payees: [], closed_period } });
    const update = `accounting/accountant/client-company/${company.pk}/update/`;
    expect((await cast.admin.patch(update, rules('KEEP'))).statusCode).toBe(200);
    expect((await cast.admin.patch(update, rules('LATER'))).json()).toEqual({ 'ask_rules.closed_period': ['Closed period is not valid.'] });
    await api('POST', 'reference-lists/', { ...LISTS, closed_through: '2026-02-01' });
    await api('POST', 'transactions/', { transactions: [TX, { ...TX, external_id: 'T-2', date: '2026-02-02' }] });
    const lists = async () => {
      const of = async (which: string) =>
        (
          (await cast.admin.get(`accounting/accountant/client-company/${company.pk}/transactions/${which}/`)).json().results as { date: string; kept_by: string | null }[]
        ).map((r) => [r.date, r.kept_by]);
      return { asked: await of('list'), kept: await of('hidden-list') };
    };
    // On arrival: the one on the closing date stays with the firm, the other is asked.
    expect(await lists()).toEqual({ asked: [['2026-02-02', null]], kept: [['2026-02-01', 'CLOSED_PERIOD']] });
    // The period reopens: it is given back; it closes further: both are kept.
    await api('POST', 'reference-lists/', { ...LISTS, closed_through: null });
    expect((await lists()).kept).toEqual([]);
    await api('POST', 'reference-lists/', { ...LISTS, closed_through: '2026-02-28' });
    expect((await lists()).asked).toEqual([]);
    // Asked anyway: both go back to the client, marked as in the closed period.
    expect((await cast.admin.patch(update, rules('ASK'))).json().ask_rules.closed_period).toBe('ASK');
    expect((await lists()).kept).toEqual([]);
  });

  it('refuses bad input with field errors, and unknown accounts', async () => {
    const { api } = await setup();
    const bad = await api('POST', 'transactions/', { transactions: [{ external_id: '', type: 'GIFT', subtype: 'PURCHASE', date: '1/2/2026', amount: '-5' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      'transactions.0.external_id': ['External id is required.'],
      'transactions.0.type': ['Type is not valid.'],
      'transactions.0.date': ['Date is not valid.'],
      'transactions.0.amount': ['Amount must be positive.'],
    });
    const unknown = await api('POST', 'transactions/', { transactions: [{ ...TX, payment_account: 'nope' }] });
    expect(unknown.json()).toEqual({ 'transactions.0.payment_account': ['Account "nope" is not known: push it with the reference lists first.'] });
  });

  it('needs a valid, unrevoked token; tokens are per company and managed by admins', async () => {
    const { cast, company, api } = await setup();
    expect((await api('GET', 'published/', undefined, 'Bearer herd_wrong')).statusCode).toBe(401);
    expect((await api('GET', 'published/', undefined, '')).statusCode).toBe(401);
    const tokens = (await cast.admin.get(`accounting/accountant/client-company/${company.pk}/generic/tokens/`)).json();
    expect(tokens).toEqual([expect.objectContaining({ name: 'ERP', prefix: expect.stringMatching(/^herd_/) })]);
    expect(tokens[0].token).toBeUndefined();
    expect((await cast.teamMember.post(`accounting/accountant/client-company/${company.pk}/generic/tokens/`, { name: 'x' })).statusCode).toBe(403);
    expect((await cast.otherFirmAdmin.get(`accounting/accountant/client-company/${company.pk}/generic/tokens/`)).statusCode).toBe(404);
    const csvCo = cast.clientUser.companyId;
    expect((await cast.admin.post(`accounting/accountant/client-company/${csvCo}/generic/tokens/`, { name: 'x' })).json()).toEqual({
      detail: 'API tokens are for client companies on the generic ledger.',
    });
    expect((await cast.admin.delete(`accounting/accountant/client-company/${company.pk}/generic/tokens/${tokens[0].pk}/`)).statusCode).toBe(204);
    expect((await api('GET', 'published/')).statusCode).toBe(401);
  });
});
