import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY_LIMIT } from '@herd/contract';
import { clientCompanies, transactions } from '../../../db/schema/index.js';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { bankCsv, createLedgerAccount, signedInCast } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { postBankCsv } from '../../../../test/multipart.js';
import { writeAuditMany } from '../../../kernel/audit.queries.js';
import { giveUpQueuedPublish } from './publish.service.js';
import { moveStatuses } from './status-writer.queries.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 13);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A CSV company with two imported transactions, the first answered by the client. */
const setup = async () => {
  const cast = await signedInCast(t.db, newClient);
  const pk = cast.clientUser.companyId;
  await postBankCsv(cast.admin, pk, bankCsv(2));
  const meals = await createLedgerAccount(t.db, pk, { name: 'Meals' });
  const rows = await t.db.select().from(transactions).where(eq(transactions.clientCompanyId, pk)).orderBy(transactions.pk);
  const [first, second] = rows;
  const answer = { pk: first!.pk, lines: [{ amount: first!.amount, category: meals.pk }], finished: true };
  const answerIt = async () => expect((await cast.client.patch(`accounting/client/company/${pk}/transactions/update/`, { transactions: [answer] })).statusCode).toBe(200);
  const list = `accounting/accountant/client-company/${pk}/transactions`;
  const history = (client: TestClient, txPk = first!.pk, companyPk = pk) => client.get(`accounting/accountant/client-company/${companyPk}/transactions/${txPk}/history/`);
  return { cast, pk, first: first!, second: second!, answerIt, list, history };
};

describe('a transaction’s history for the accountant’s review', () => {
  it('says what each answer or edit changed, and nothing for a save that changed nothing', async () => {
    const s = await setup();
    await s.answerIt();
    const travel = await createLedgerAccount(t.db, s.pk, { name: 'Travel' });
    const update = `accounting/accountant/client-company/${s.pk}/transactions/update/`;
    const edit = (change: Record<string, unknown>) => s.cast.admin.patch(update, { transactions: [{ pk: s.first.pk, ...change }] });
    expect((await edit({ lines: [{ amount: s.first.amount, category: travel.pk, description: 'Flight' }], client_memo: 'Conference' })).statusCode).toBe(200);
    expect((await edit({ client_memo: 'Conference' })).statusCode).toBe(200);
    const half = (Number(s.first.amount) / 2).toFixed(2);
    const rest = (Number(s.first.amount) - Number(half)).toFixed(2);
    const split = [
      { amount: half, category: travel.pk, description: 'Flight' },
      { amount: rest, category: travel.pk, description: 'Flight' },
    ];
    expect((await edit({ lines: split })).statusCode).toBe(200);

    const entries = (await s.history(s.cast.admin)).json().entries;
    expect(entries.map((e: { action: string; changed: string[] }) => [e.action, e.changed])).toEqual([
      ['transaction.categorize', ['category']],
      ['transaction.update', ['category', 'description', 'memo']],
      ['transaction.update', []],
      ['transaction.update', ['split']],
    ]);
  });

  it('says who answered and who published, and lists answers, send-backs with their message and the publish, oldest first', async () => {
    const s = await setup();
    await s.answerIt();
    expect((await s.cast.admin.post(`${s.list}/back/`, { pks: [s.first.pk], message: 'Which meeting was this?' })).statusCode).toBe(204);
    await s.answerIt();
    expect((await s.cast.admin.post(`${s.list}/publish/`, { pks: [s.first.pk] })).json()).toMatchObject({ published: 1 });

    const res = await s.history(s.cast.admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const client = { pk: s.cast.clientUser.userId, name: 'Cleo Client', side: 'client' };
    const admin = { pk: s.cast.firm.adminId, name: 'Ada Admin', side: 'accountant' };
    expect(body).toMatchObject({ status: 'PUBLISHED_IN_PLATFORM', connection_kind: 'CSV', truncated: false, answered: { by: client }, published: { by: admin } });
    expect(Date.parse(body.published.at)).toBeGreaterThanOrEqual(Date.parse(body.answered.at));
    expect(body.entries.map((e: { action: string; from: string; to: string; actor: unknown; message: string }) => [e.action, e.from, e.to, e.actor, e.message])).toEqual([
      ['transaction.categorize', 'READY', 'FINISHED_IN_HERD', client, ''],
      ['transaction.back', 'FINISHED_IN_HERD', 'READY', admin, 'Which meeting was this?'],
      ['transaction.categorize', 'READY', 'FINISHED_IN_HERD', client, ''],
      ['transaction.publish', 'FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', admin, ''],
    ]);
    const times = body.entries.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    // Another transaction's entries are not in it.
    expect((await s.history(s.cast.admin, s.second.pk)).json()).toMatchObject({ status: 'READY', answered: null, published: null, entries: [] });
  });

  it('shows the ledger’s words when a publish is given up, and an accountant’s edit in the client’s view as such', async () => {
    const s = await setup();
    await s.answerIt();
    const author = { firmId: s.cast.firm.firmId, companyPk: s.pk, actorUserId: s.cast.firm.adminId };
    await moveStatuses(t.db, author, 'transaction.publish', [{ row: { pk: s.first.pk, status: 'FINISHED_IN_HERD' }, to: 'PROCESSING' }]);
    await giveUpQueuedPublish(t.app.deps, { companyPk: s.pk, pks: [s.first.pk], actorUserId: s.cast.firm.adminId });
    expect((await s.cast.admin.post(`${s.list}/back/`, { pks: [s.first.pk] })).statusCode).toBe(204);
    const asClient = `accounting/client/company/${s.pk}/transactions/update/`;
    expect((await s.cast.admin.patch(asClient, { transactions: [{ pk: s.first.pk, client_memo: 'Team lunch' }] })).statusCode).toBe(200);

    const body = (await s.history(s.cast.admin)).json();
    expect(body.status).toBe('READY');
    expect(body.published).toBeNull();
    const shown = body.entries.map((e: { action: string; to: string; message: string; viewing_as_client: boolean }) => [e.action, e.to, e.message, e.viewing_as_client]);
    expect(shown).toEqual([
      ['transaction.categorize', 'FINISHED_IN_HERD', '', false],
      ['transaction.publish', 'PROCESSING', '', false],
      ['transaction.publish_failed', 'SYNC_ERROR', 'The ledger could not be reached after several tries. Clear this error to publish again.', false],
      ['transaction.back', 'READY', '', false],
      ['transaction.update', 'READY', '', true],
    ]);
  });

  it('keeps the newest entries when there are too many, still oldest first', async () => {
    const s = await setup();
    const entry = (action: string) => ({ firmId: s.cast.firm.firmId, actorUserId: null, action, targetType: 'transaction', targetPk: s.first.pk });
    // The oldest entry, which falls outside the newest HISTORY_LIMIT.
    await writeAuditMany(t.db, [entry('transaction.hide')]);
    await writeAuditMany(
      t.db,
      Array.from({ length: HISTORY_LIMIT }, () => entry('transaction.sync')),
    );
    // One entry of another kind of object with the same pk is not the transaction's.
    await writeAuditMany(t.db, [{ ...entry('transaction.unhide'), targetType: 'client_company' }]);
    const body = (await s.history(s.cast.admin)).json();
    expect(body.truncated).toBe(true);
    expect(body.entries).toHaveLength(HISTORY_LIMIT);
    const pks = body.entries.map((e: { pk: number }) => e.pk);
    expect(pks).toEqual([...pks].sort((a, b) => a - b));
    expect(new Set(body.entries.map((e: { action: string }) => e.action))).toEqual(new Set(['transaction.sync']));
    expect(body.entries[0].actor).toBeNull();
  });

  it('is the accountant’s only: another firm, an unassigned team member and a wrong company get 404, a client 403, nobody signed in 401', async () => {
    const s = await setup();
    await s.answerIt();
    expect((await s.history(s.cast.clientAdmin)).statusCode).toBe(200);
    expect((await s.history(s.cast.otherFirmAdmin)).statusCode).toBe(404);
    expect((await s.history(s.cast.teamMember)).statusCode).toBe(404);
    expect((await s.history(s.cast.client)).statusCode).toBe(403);
    expect((await s.history(s.cast.anonymous)).statusCode).toBe(401);
    // The transaction named through another company of the same firm, or one that does not exist.
    const [other] = await t.db.insert(clientCompanies).values({ firmId: s.cast.firm.firmId, name: 'Other Co', connectionKind: 'CSV' }).returning();
    expect((await s.history(s.cast.admin, s.first.pk, other!.pk)).statusCode).toBe(404);
    expect((await s.history(s.cast.admin, 2_000_000_000)).statusCode).toBe(404);
    expect((await s.history(s.cast.admin, 0)).statusCode).toBe(404);
  });
});
