import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboSimulator } from '@herd/simulators';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { signedInCast } from '../../../../test/factories.js';
import type { TestApp } from '../../../../test/harness.js';
import { multipartFiles } from '../../../../test/multipart.js';
import { companyFromRedirect, connectQbo, startQboWorld } from '../../../../test/qbo.js';
import { TEST_RECEIPTS, textLayerPdf } from '../../../../test/receipt-images.js';
import { ledgerAccounts, receipts, transactionAttachments, transactions } from '../../../db/schema/index.js';
import { jobHandlers } from '../../../jobs/handlers.js';

let sim: QboSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let companyPk: number;
let realm: string;

beforeAll(async () => {
  ({ sim, t } = await startQboWorld([{ transactions: 120 }]));
  realm = sim.companies()[0]!.realmId;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 47),
  );
  companyPk = companyFromRedirect((await connectQbo(sim, cast.admin, realm)).headers.location as string);
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

const base = () => `accounting/accountant/client-company/${companyPk}/transactions`;
const rowOf = async (pk: number) => (await t.db.select().from(transactions).where(eq(transactions.pk, pk)))[0]!;
const readyPurchases = () =>
  t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.subtype, 'PURCHASE'), eq(transactions.status, 'READY')));

/** The Attachables QuickBooks holds linked to this transaction. */
const attachablesOf = (row: { ledgerEntityType: string; externalId: string }) => {
  const id = row.externalId.slice(row.ledgerEntityType.length + 1);
  return sim
    .listEntities(realm, 'Attachable')
    .filter((a) =>
      (a.AttachableRef as { EntityRef: { type: string; value: string } }[]).some((r) => r.EntityRef.type === row.ledgerEntityType && r.EntityRef.value === id),
    );
};

/** The accountant categorizes the charge and publishes it; the worker writes it to QuickBooks. */
const publish = async (pk: number) => {
  const [category] = await t.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.name, 'Office Supplies')));
  const row = await rowOf(pk);
  const answered = await cast.admin.patch(`${base()}/update/`, { transactions: [{ pk, lines: [{ amount: row.amount, category: category!.pk }], finished: true }] });
  expect(answered.statusCode, answered.body).toBe(200);
  expect((await cast.admin.post(`${base()}/publish/`, { pks: [pk] })).statusCode).toBe(200);
  await t.runJobs();
  expect((await rowOf(pk)).status).toBe('PUBLISHED_IN_PLATFORM');
};

/** A receipt PDF handed over by the accountant, read (its text layer) by the worker; it fits none of the simulator's charges. */
const uploadReceipt = async (who: TestClient, name: string) => {
  const { body, headers } = multipartFiles({ client_company: String(companyPk) }, [{ name, bytes: await textLayerPdf(TEST_RECEIPTS.grocery) }]);
  const res = await who.request('POST', 'accounting/receipt/create/', { body, headers });
  expect(res.statusCode, res.body).toBe(201);
  await t.runJobs();
  const [row] = await t.db
    .select()
    .from(receipts)
    .where(eq(receipts.pk, (res.json() as { pk: number }[])[0]!.pk));
  expect(row!.transactionId).toBeNull();
  return row!;
};

describe('a receipt matched to a charge already in QuickBooks', () => {
  it('is uploaded as an Attachable linked to the purchase, once, even when the job runs again', async () => {
    const [charge] = await readyPurchases();
    await publish(charge!.pk);
    const before = attachablesOf(charge!).length;
    const receipt = await uploadReceipt(cast.admin, 'corner-shop.pdf');

    const matched = await cast.admin.post('accounting/receipt/update/match/', { receipt: receipt.pk, transaction: charge!.pk });
    expect(matched.statusCode, matched.body).toBe(200);
    await t.runJobs();

    const uploaded = attachablesOf(charge!).slice(before);
    expect(uploaded.map((a) => a.FileName)).toEqual(['corner-shop.pdf']);
    const [attachment] = await t.db
      .select()
      .from(transactionAttachments)
      .where(and(eq(transactionAttachments.transactionId, charge!.pk), eq(transactionAttachments.fileId, receipt.fileId)));
    expect(attachment!.ledgerAttachmentId).toBe(uploaded[0]!.Id);

    // A second delivery of the same job (a retry after a lost answer, a worker restarted) sends nothing more.
    const run = jobHandlers(t.app.deps)['ledger-attach'];
    await run({ transactionPk: charge!.pk, fileId: receipt.fileId });
    await run({ transactionPk: charge!.pk, fileId: receipt.fileId });
    expect(attachablesOf(charge!).length).toBe(before + 1);
    expect(sim.listEntities(realm, 'Attachable').filter((a) => a.FileName === 'corner-shop.pdf')).toHaveLength(1);
  });

  it('matched before its charge is published, goes up with the publish, and only then', async () => {
    const [, charge] = await readyPurchases();
    const before = attachablesOf(charge!).length;
    const receipt = await uploadReceipt(cast.admin, 'before-publish.pdf');
    const matched = await cast.admin.post('accounting/receipt/update/match/', { receipt: receipt.pk, transaction: charge!.pk });
    expect(matched.statusCode, matched.body).toBe(200);
    await t.runJobs();
    expect(attachablesOf(charge!)).toHaveLength(before);

    await publish(charge!.pk);
    expect(
      attachablesOf(charge!)
        .slice(before)
        .map((a) => a.FileName),
    ).toEqual(['before-publish.pdf']);
    await jobHandlers(t.app.deps)['ledger-attach']({ transactionPk: charge!.pk, fileId: receipt.fileId });
    expect(attachablesOf(charge!)).toHaveLength(before + 1);
  });
});
