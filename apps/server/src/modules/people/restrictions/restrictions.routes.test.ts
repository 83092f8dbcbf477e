import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { createClientUser, createLedgerAccount, firmMemberPkOf, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { UNRESTRICTED, loadAccountRestrictions, restrictionWhere } from '../../../kernel/account-scope.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 9);
const BASE = 'accounting/accountant/user-account-restrictions/';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const companyPk = cast.clientUser.companyId;
  const checking = await createLedgerAccount(t.db, companyPk, { name: 'Checking', isPaymentAccount: true });
  const card = await createLedgerAccount(t.db, companyPk, { name: 'Visa', isPaymentAccount: true });
  const uncategorized = await createLedgerAccount(t.db, companyPk, { name: 'Uncategorized Expense', isWatched: true });
  return { cast, companyPk, checking, card, uncategorized };
};

describe('user account restrictions', () => {
  it('creates, lists, updates and deletes restrictions, singly and in bulk', async () => {
    const { cast, companyPk, checking, card, uncategorized } = await setup();
    const user = cast.clientUser.userId;
    const one = await cast.admin.post(BASE, { client_company: companyPk, user, account: checking.pk, kind: 'PAYMENT_ACCOUNT' });
    expect(one.statusCode).toBe(201);
    expect(one.json()).toMatchObject({ client_company: companyPk, user, account: { pk: checking.pk, name: 'Checking' }, kind: 'PAYMENT_ACCOUNT' });

    const bulk = await cast.admin.post(`${BASE}bulk-create/`, { client_company: companyPk, user, kind: 'PAYMENT_ACCOUNT', accounts: [checking.pk, card.pk] });
    expect(bulk.statusCode).toBe(201);
    expect(bulk.json()).toHaveLength(2); // the existing one is kept, not duplicated
    const list = (await cast.admin.get(`${BASE}?client_company=${companyPk}`)).json();
    expect(list.map((r: { account: { name: string } }) => r.account.name)).toEqual(['Checking', 'Visa']);

    const updated = await cast.admin.patch(`${BASE}${one.json().pk}/`, { account: uncategorized.pk, kind: 'WATCHED_ACCOUNT' });
    expect(updated.json()).toMatchObject({ account: { name: 'Uncategorized Expense' }, kind: 'WATCHED_ACCOUNT' });

    const people = (await cast.admin.get(`accounting/accountant/users-with-restrictions/?client_company=${companyPk}`)).json();
    expect(people).toHaveLength(1);
    expect(people[0].user).toMatchObject({ pk: user, email: cast.clientUser.email });
    expect(people[0].restrictions).toHaveLength(2);

    const pks = list.map((r: { pk: number }) => r.pk);
    expect((await cast.admin.post(`${BASE}bulk-delete/`, { pks })).statusCode).toBe(204);
    expect((await cast.admin.get(`${BASE}?client_company=${companyPk}`)).json()).toEqual([]);
  });

  it('refuses users and accounts that are not the company’s, and bad input', async () => {
    const { cast, companyPk, checking } = await setup();
    const other = await signedInCast(t.db, newClient);
    const foreignAccount = await createLedgerAccount(t.db, other.clientUser.companyId, { name: 'Theirs', isPaymentAccount: true });
    const stranger = await createClientUser(t.db, cast.firm.firmId); // same firm, another company
    const base = { client_company: companyPk, user: cast.clientUser.userId, kind: 'PAYMENT_ACCOUNT' };
    expect((await cast.admin.post(BASE, { ...base, account: foreignAccount.pk })).json()).toEqual({ account: ['Account is not valid.'] });
    expect((await cast.admin.post(BASE, { ...base, user: stranger.userId, account: checking.pk })).json()).toEqual({ user: ['User is not valid.'] });
    expect((await cast.admin.post(BASE, {})).json()).toEqual({
      client_company: ['Client company is required.'],
      user: ['User is required.'],
      account: ['Account is required.'],
      kind: ['Kind is required.'],
    });
    expect((await cast.admin.post(`${BASE}bulk-create/`, { ...base, accounts: [] })).json()).toEqual({ accounts: ['Accounts is required.'] });
    expect((await cast.admin.post(`${BASE}bulk-delete/`, { pks: [] })).json()).toEqual({ pks: ['Items is required.'] });
  });

  it('is invisible to other firms, unassigned team members and clients', async () => {
    const { cast, companyPk, checking } = await setup();
    const created = (await cast.admin.post(BASE, { client_company: companyPk, user: cast.clientUser.userId, account: checking.pk, kind: 'PAYMENT_ACCOUNT' })).json();
    const other = await signedInCast(t.db, newClient);
    expect((await other.admin.get(`${BASE}?client_company=${companyPk}`)).statusCode).toBe(404);
    expect((await other.admin.patch(`${BASE}${created.pk}/`, { kind: 'WATCHED_ACCOUNT' })).statusCode).toBe(404);
    expect((await other.admin.delete(`${BASE}${created.pk}/`)).statusCode).toBe(404);
    expect((await other.admin.post(`${BASE}bulk-delete/`, { pks: [created.pk] })).statusCode).toBe(404);
    expect((await cast.teamMember.get(`${BASE}?client_company=${companyPk}`)).statusCode).toBe(404);
    expect((await cast.client.get(`${BASE}?client_company=${companyPk}`)).statusCode).toBe(403);
    const memberPk = await firmMemberPkOf(t.db, cast.teamMemberId);
    await cast.admin.patch(`accounting/accountant/client-company/${companyPk}/update/`, { assigned_members: [memberPk] });
    expect((await cast.teamMember.get(`${BASE}?client_company=${companyPk}`)).json()).toHaveLength(1);
  });
});

describe('restriction scoping', () => {
  /** Rows shaped like transactions: (id, payment account, watched account). */
  const visibleIds = async (where: ReturnType<typeof restrictionWhere>, payment: number[], watched: number[]) => {
    const rows = payment.map((p, i) => sql`(${i + 1}::int, ${p}::int, ${watched[i]}::int)`);
    // Both drivers answer raw SQL with `{ rows }`.
    const result = (await t.db.execute(
      sql`select id from (values ${sql.join(rows, sql`, `)}) as tx(id, payment_account_id, watched_account_id)
          ${where ? sql`where ${where}` : sql``} order by id`,
    )) as { rows: { id: number }[] };
    return result.rows.map((r) => Number(r.id));
  };

  it('limits a restricted user to their payment and watched accounts, and leaves others unlimited', async () => {
    const { cast, companyPk, checking, card, uncategorized } = await setup();
    const user = cast.clientUser.userId;
    const columns = { paymentAccountId: sql`tx.payment_account_id`, watchedAccountId: sql`tx.watched_account_id` };
    const payment = [checking.pk, card.pk, checking.pk];
    const watched = [uncategorized.pk, uncategorized.pk, 999_999];

    expect(await loadAccountRestrictions(t.db, user, companyPk)).toEqual(UNRESTRICTED);
    expect(await visibleIds(restrictionWhere(UNRESTRICTED, columns), payment, watched)).toEqual([1, 2, 3]);

    await cast.admin.post(BASE, { client_company: companyPk, user, account: checking.pk, kind: 'PAYMENT_ACCOUNT' });
    const paymentOnly = await loadAccountRestrictions(t.db, user, companyPk);
    expect(paymentOnly).toEqual({ paymentAccountIds: [checking.pk], watchedAccountIds: null });
    expect(await visibleIds(restrictionWhere(paymentOnly, columns), payment, watched)).toEqual([1, 3]);

    await cast.admin.post(BASE, { client_company: companyPk, user, account: uncategorized.pk, kind: 'WATCHED_ACCOUNT' });
    const both = await loadAccountRestrictions(t.db, user, companyPk);
    expect(await visibleIds(restrictionWhere(both, columns), payment, watched)).toEqual([1]);

    // Restrictions belong to one company: elsewhere the same user is unlimited.
    expect(await loadAccountRestrictions(t.db, user, companyPk + 100_000)).toEqual(UNRESTRICTED);
  });
});
