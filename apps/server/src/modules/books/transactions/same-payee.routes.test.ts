import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '@herd/contract';
import { auditLog } from '../../../db/schema/index.js';
import { ADOBE, importCharges } from '../../../../test/bank-rows.js';
import { clientMaker } from '../../../../test/client.js';
import { createLedgerAccount, createRef, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 53);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const client = (pk: number) => `accounting/client/company/${pk}/transactions`;
const accountantAll = async (admin: { get(p: string): Promise<{ json(): unknown }> }, pk: number) => {
  const base = `accounting/accountant/client-company/${pk}/transactions`;
  const active = ((await admin.get(`${base}/list/?page_size=100`)).json() as { results: Transaction[] }).results;
  const done = ((await admin.get(`${base}/categorized-list/?page_size=100`)).json() as { results: Transaction[] }).results;
  return [...active, ...done];
};

/** A company whose bank CSV has Adobe on two cards, a refund from Adobe, and another merchant. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
  const adobeVendor = await createRef(t.db, pk, 'VENDOR', 'Adobe Inc');
  const rows = [
    '2026-09-01,ADOBE *CREATIVE CLD ADOBE.LY/ENUS,-54.99,Visa',
    `2026-09-02,${ADOBE},-54.99,Visa`,
    `2026-09-03,${ADOBE},-20.00,Visa`,
    `2026-09-04,${ADOBE},-10.00,Checking`,
    `2026-09-05,${ADOBE},15.00,Visa`,
    '2026-09-06,SQ *BLUE BOTTLE COFFEE OAKLAND CA,-6.50,Visa',
  ];
  await importCharges(cast.admin, pk, rows);
  const all = await accountantAll(cast.admin, pk);
  const byDate = (d: string) => all.find((r) => r.date === d)!;
  return { cast, pk, software, adobeVendor, all, byDate };
};

describe('same payee at once', () => {
  it('lists and finishes, in one write, exactly the open same-payee costs the client may see', async () => {
    const s = await setup();
    const first = s.byDate('2026-09-01');
    const visa = first.payment_account!.pk;
    // The client sees only the Visa card: the Checking charge stays out of reach.
    expect(
      (
        await s.cast.admin.post('accounting/accountant/user-account-restrictions/', {
          client_company: s.pk,
          user: s.cast.clientUser.userId,
          account: visa,
          kind: 'PAYMENT_ACCOUNT',
        })
      ).statusCode,
    ).toBe(201);
    // Another company with the same merchant, open.
    const other = await setup();

    // Before an answer there is nothing to repeat.
    expect((await s.cast.client.get(`${client(s.pk)}/${first.pk}/same-payee/`)).json()).toEqual({ merchant: 'Adobe Creative', transactions: [] });
    const answered = await s.cast.client.patch(`${client(s.pk)}/update/`, {
      transactions: [{ pk: first.pk, lines: [{ amount: first.amount, category: s.software.pk, vendor: s.adobeVendor.pk }], finished: true }],
    });
    expect(answered.statusCode).toBe(200);

    const offer = (await s.cast.client.get(`${client(s.pk)}/${first.pk}/same-payee/`)).json();
    expect(offer.merchant).toBe('Adobe Creative');
    // Newest first; not the Checking charge (restricted), not the refund (other direction), not the coffee.
    expect(offer.transactions.map((r: { date: string }) => r.date)).toEqual(['2026-09-03', '2026-09-02']);

    const targets = offer.transactions.map((r: { pk: number }) => r.pk);
    const applied = await s.cast.client.post(`${client(s.pk)}/${first.pk}/same-payee/apply/`, { pks: targets });
    expect(applied.statusCode).toBe(200);
    expect((applied.json() as Transaction[]).map((r) => [r.status, r.lines.map((l) => [l.category?.pk, l.vendor?.pk])])).toEqual([
      ['FINISHED_IN_HERD', [[s.software.pk, s.adobeVendor.pk]]],
      ['FINISHED_IN_HERD', [[s.software.pk, s.adobeVendor.pk]]],
    ]);
    // Each status change has its audit entry, as a finish from the editor.
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'transaction.categorize'), inArray(auditLog.targetPk, targets)));
    expect(entries).toHaveLength(2);

    // Everything else is as it was.
    const after = await accountantAll(s.cast.admin, s.pk);
    const statusOf = (d: string) => after.find((r) => r.date === d)!.status;
    expect(['2026-09-04', '2026-09-05', '2026-09-06'].map(statusOf)).toEqual(['READY', 'READY', 'READY']);
    expect((await accountantAll(other.cast.admin, other.pk)).every((r) => r.status === 'READY')).toBe(true);
    // Nothing is left to offer.
    expect((await s.cast.client.get(`${client(s.pk)}/${first.pk}/same-payee/`)).json().transactions).toEqual([]);
  });

  it('writes nothing when one of the chosen is out of reach or no longer open', async () => {
    const s = await setup();
    const first = s.byDate('2026-09-01');
    await s.cast.client.patch(`${client(s.pk)}/update/`, {
      transactions: [{ pk: first.pk, lines: [{ amount: first.amount, category: s.software.pk }], finished: true }],
    });
    const other = await setup();
    const theirs = other.byDate('2026-09-02').pk;
    const mine = s.byDate('2026-09-02').pk;
    const apply = (pks: number[]) => s.cast.client.post(`${client(s.pk)}/${first.pk}/same-payee/apply/`, { pks });

    // Another company's transaction is 404; the client's own same-payee one is untouched with it.
    expect((await apply([mine, theirs])).statusCode).toBe(404);
    // The refund and the coffee are not of this answer's payee and direction.
    const refused = await apply([mine, s.byDate('2026-09-05').pk, s.byDate('2026-09-06').pk]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().pks).toEqual(['2 transactions are no longer waiting for an answer from this payee.']);
    expect((await accountantAll(s.cast.admin, s.pk)).find((r) => r.pk === mine)!.status).toBe('READY');
    expect((await accountantAll(other.cast.admin, other.pk)).every((r) => r.status === 'READY')).toBe(true);
    // An open transaction has no answer to repeat; another client reaching this one gets 404.
    const open = await s.cast.client.post(`${client(s.pk)}/${mine}/same-payee/apply/`, { pks: [s.byDate('2026-09-03').pk] });
    expect(open.statusCode).toBe(400);
    expect(open.json().detail).toBe('This transaction has no answer to repeat yet: answer it first.');
    expect((await other.cast.client.get(`${client(s.pk)}/${first.pk}/same-payee/`)).statusCode).toBe(404);
  });
});
