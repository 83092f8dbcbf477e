import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LearnedPattern, Transaction } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 93);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ADOBE = 'POS 4411 ADOBE *CREATIVE CLD 408-536-6000 CA';
const patterns = (pk: number) => `accounting/accountant/client-company/${pk}/rules/patterns/`;
const accountantUpdate = (pk: number) => `accounting/accountant/client-company/${pk}/transactions/update/`;
const clientUpdate = (pk: number) => `accounting/client/company/${pk}/transactions/update/`;
const open = async (who: TestClient, pk: number) =>
  ((await who.get(`accounting/accountant/client-company/${pk}/transactions/list/?page_size=100`)).json().results as Transaction[]).sort((a, b) =>
    a.date.localeCompare(b.date),
  );
const answer = (who: TestClient, path: string, txs: Transaction[], category: number, extra: Record<string, unknown> = {}) =>
  who.patch(path, { transactions: txs.map((tx) => ({ pk: tx.pk, lines: [{ amount: tx.amount, category }], finished: true, ...extra })) });

describe('learned patterns', () => {
  it('per merchant and direction: the category Herd would suggest now, the answers behind it, how many chose it and how many took a suggestion as it was', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    const software = await createLedgerAccount(t.db, pk, { name: 'Software' });
    const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
    const rows = [
      ...['01', '02', '03', '04', '05', '06', '07'].map((d) => `2026-09-${d},${ADOBE},-20.00`),
      `2026-09-08,${ADOBE},15.00`,
      '2026-09-09,SQ *BLUE BOTTLE COFFEE OAKLAND CA,-4.50',
    ];
    expect((await postBankCsv(cast.admin, pk, ['Date,Description,Amount', ...rows].join('\n'))).statusCode).toBe(200);
    expect(((await cast.admin.get(patterns(pk))).json() as LearnedPattern[]).length).toBe(0);

    const imported = await open(cast.admin, pk);
    const charges = imported.filter((r) => r.description === ADOBE && r.date < '2026-09-08');
    const refund = imported.find((r) => r.date === '2026-09-08')!;
    await answer(cast.admin, accountantUpdate(pk), charges.slice(0, 3), software.pk);
    await t.runJobs();
    // The client takes Herd's suggestion with one tap; the accountant answers the others, one of them otherwise.
    expect((await answer(cast.client, clientUpdate(pk), [charges[3]!], software.pk, { accepted_suggestion: true })).json()[0].answered_from_suggestion).toBe(true);
    await answer(cast.admin, accountantUpdate(pk), charges.slice(4, 6), software.pk);
    await answer(cast.admin, accountantUpdate(pk), [charges[6]!, refund], meals.pk);

    const res = await cast.admin.get(patterns(pk));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        merchant_key: 'adobe creative',
        payee: 'Adobe Creative',
        direction: 'CHARGE',
        suggestion: { category: { pk: software.pk, name: 'Software' }, vendor: null, source: 'HISTORY', confidence: 0.75 },
        answers: 7,
        agreeing: 6,
        accepted: 1,
        last_answered: '2026-09-07',
      },
      // One answer is not enough to suggest anything; a refund is not a charge.
      {
        merchant_key: 'adobe creative',
        payee: 'Adobe Creative',
        direction: 'DEPOSIT',
        suggestion: null,
        answers: 1,
        agreeing: 0,
        accepted: 0,
        last_answered: '2026-09-08',
      },
    ]);

    // The accountant correcting the one-tap answer makes it theirs: it no longer counts as accepted.
    await answer(cast.admin, accountantUpdate(pk), [charges[3]!], software.pk);
    const [adobe] = (await cast.admin.get(patterns(pk))).json() as LearnedPattern[];
    expect(adobe).toMatchObject({ answers: 7, agreeing: 6, accepted: 0 });
  });

  it('another firm gets 404, a client 403, a team member sees only assigned clients', async () => {
    const cast = await signedInCast(t.db, newClient);
    const pk = cast.clientUser.companyId;
    expect((await cast.otherFirmAdmin.get(patterns(pk))).statusCode).toBe(404);
    expect((await cast.client.get(patterns(pk))).statusCode).toBe(403);
    expect((await cast.teamMember.get(patterns(pk))).statusCode).toBe(404);
    expect((await cast.clientAdmin.get(patterns(pk))).statusCode).toBe(200);
  });
});
