import { and, eq, inArray } from 'drizzle-orm';
import { expect } from 'vitest';
import type { QboEntity, QboSimulator } from '@herd/simulators';
import { ledgerAccounts, transactions } from '../src/db/schema/index.js';
import { clientMaker } from './client.js';
import { signedInCast } from './factories.js';
import type { TestApp } from './harness.js';
import { companyFromRedirect, connectQbo, startQboWorld } from './qbo.js';

export interface PublishWorld {
  sim: QboSimulator;
  t: TestApp;
  cast: Awaited<ReturnType<typeof signedInCast>>;
  companyPk: number;
  realm: string;
}

/**
 * A QuickBooks company connected and pulled, with READY transactions of every subtype: the
 * seeded ones plus `salesReceipts` sales receipts whose item posts to Uncategorized Income, so
 * they wait for an answer too.
 */
export const openPublishWorld = async (salesReceipts: number): Promise<PublishWorld> => {
  const { sim, t } = await startQboWorld([{ transactions: 400, watchedShare: 0.5 }]);
  const realm = sim.companies()[0]!.realmId;
  const cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 43),
  );
  const companyPk = companyFromRedirect((await connectQbo(sim, cast.admin, realm)).headers.location as string);
  const accounts = sim.listEntities(realm, 'Account');
  const uncategorizedIncome = accounts.find((a) => a.Name === 'Uncategorized Income')!;
  const checking = accounts.find((a) => a.Name === 'Checking')!;
  const item = sim.putEntity(realm, 'Item', { Name: 'Unsorted sales', Type: 'Service', Active: true, IncomeAccountRef: { value: uncategorizedIncome.Id } });
  const customer = sim.listEntities(realm, 'Customer').find((c) => c.Active !== false)!;
  for (let i = 0; i < salesReceipts; i++) {
    const amount = 120 + i;
    sim.putEntity(realm, 'SalesReceipt', {
      TxnDate: new Date().toISOString().slice(0, 10),
      CustomerRef: { value: customer.Id },
      DepositToAccountRef: { value: checking.Id },
      Line: [{ Amount: amount, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: item.Id }, Qty: 1, UnitPrice: amount } }],
    });
  }
  await t.runJobs();
  return { sim, t, cast, companyPk, realm };
};

/** What the publish tests ask of the world: rows, accounts, the ledger's copy, and a publish run to the end. */
export const publishHelpers = (w: PublishWorld) => {
  const base = () => `accounting/accountant/client-company/${w.companyPk}/transactions`;
  return {
    accountPk: async (name: string) => {
      const [row] = await w.t.db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.clientCompanyId, w.companyPk), eq(ledgerAccounts.name, name)));
      return row!;
    },
    /** `count` READY rows of the subtype (or of any of the subtypes). */
    readyRows: async (subtype: string | string[], count: number) => {
      const subtypes = typeof subtype === 'string' ? [subtype] : subtype;
      const rows = await w.t.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.clientCompanyId, w.companyPk), inArray(transactions.subtype, subtypes), eq(transactions.status, 'READY')))
        .limit(count);
      if (rows.length < count) throw new Error(`only ${rows.length} READY ${subtypes.join('/')}`);
      return rows;
    },
    ledgerCopy: (row: { ledgerEntityType: string; externalId: string }): QboEntity => w.sim.getEntity(w.realm, row.ledgerEntityType, row.externalId.split(':')[1]!)!,
    statusOf: async (pk: number) => (await w.t.db.select().from(transactions).where(eq(transactions.pk, pk)))[0]!.status,
    /** Many answers, one publish, the worker runs; answers the requests QuickBooks saw meanwhile. */
    answerAndPublishAll: async (answers: { pk: number; lines: Record<string, unknown>[] }[]) => {
      const answered = await w.cast.admin.patch(`${base()}/update/`, { transactions: answers.map((a) => ({ pk: a.pk, lines: a.lines, finished: true })) });
      expect(answered.statusCode, answered.body).toBe(200);
      const published = await w.cast.admin.post(`${base()}/publish/`, { pks: answers.map((a) => a.pk) });
      expect(published.json()).toMatchObject({ published: 0, matched: 0, rejected: 0, queued: answers.length, refused: [] });
      expect([...published.json().sent].sort()).toEqual(answers.map((a) => a.pk).sort());
      const before = w.sim.requests.length;
      await w.t.runJobs();
      return w.sim.requests.slice(before).filter((r) => r.realmId === w.realm);
    },
  };
};
