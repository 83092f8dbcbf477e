import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboEntity, QboSimulator } from '@herd/simulators';
import { clientCompanies, ledgerAccounts, ledgerConnections, ledgerRefs, syncErrors, transactions } from '../../db/schema/index.js';
import { clientMaker } from '../../../test/client.js';
import { signedInCast } from '../../../test/factories.js';
import { multipart, PNG_1X1 } from '../../../test/multipart.js';
import { jobHandlers } from '../../jobs/handlers.js';
import type { TestApp } from '../../../test/harness.js';
import { companyFromRedirect, connectQbo, openSealed, startQboWorld } from '../../../test/qbo.js';

let sim: QboSimulator;
let t: TestApp;
let cast: Awaited<ReturnType<typeof signedInCast>>;
let companyPk: number;
let realm: string;
const base = () => `accounting/accountant/client-company/${companyPk}/transactions`;

const accountPk = async (name: string) => {
  const [row] = await t.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.clientCompanyId, companyPk), eq(ledgerAccounts.name, name)));
  return row!;
};
const refPk = async (kind: 'CLASS' | 'LOCATION' | 'CUSTOMER' | 'VENDOR', index = 0) =>
  (
    await t.db
      .select()
      .from(ledgerRefs)
      .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, kind), eq(ledgerRefs.active, true)))
  )[index]!;
const readyOf = async (subtype: string) => {
  const [row] = await t.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.clientCompanyId, companyPk), eq(transactions.subtype, subtype), eq(transactions.status, 'READY')));
  if (!row) throw new Error(`no READY ${subtype}`);
  return row;
};
const ledgerCopy = (row: { ledgerEntityType: string; externalId: string }) => sim.getEntity(realm, row.ledgerEntityType, row.externalId.split(':')[1]!)!;
const statusOf = async (pk: number) => (await t.db.select().from(transactions).where(eq(transactions.pk, pk)))[0]!.status;

/** The accountant answers (one line, or the given lines), then publishes; the worker runs. */
const answerAndPublish = async (pk: number, lines: Record<string, unknown>[]) => {
  const answered = await cast.admin.patch(`${base()}/update/`, { transactions: [{ pk, lines, finished: true }] });
  expect(answered.statusCode, answered.body).toBe(200);
  const published = await cast.admin.post(`${base()}/publish/`, { pks: [pk] });
  expect(published.json()).toEqual({ published: 0, matched: 0, rejected: 0, queued: 1, sent: [pk], refused: [] });
  expect(await statusOf(pk)).toBe('PROCESSING');
  expect((await cast.admin.get(`accounting/accountant/client-company/${companyPk}/counters/`)).json().processing).toBe(1);
  await t.runJobs();
};

beforeAll(async () => {
  ({ sim, t } = await startQboWorld([{ transactions: 400, watchedShare: 0.5 }]));
  realm = sim.companies()[0]!.realmId;
  cast = await signedInCast(
    t.db,
    clientMaker(() => t.app, 43),
  );
  companyPk = companyFromRedirect((await connectQbo(sim, cast.admin, realm)).headers.location as string);
  // A sales receipt whose item posts to Uncategorized Income, so one of them waits for an answer too.
  const uncategorizedIncome = sim.listEntities(realm, 'Account').find((a) => a.Name === 'Uncategorized Income')!;
  const item = sim.putEntity(realm, 'Item', {
    Name: 'Unsorted sales',
    Type: 'Service',
    Active: true,
    IncomeAccountRef: { value: uncategorizedIncome.Id },
  });
  const customer = sim.listEntities(realm, 'Customer').find((c) => c.Active !== false)!;
  const checking = sim.listEntities(realm, 'Account').find((a) => a.Name === 'Checking')!;
  sim.putEntity(realm, 'SalesReceipt', {
    TxnDate: new Date().toISOString().slice(0, 10),
    CustomerRef: { value: customer.Id },
    DepositToAccountRef: { value: checking.Id },
    Line: [{ Amount: 120, DetailType: 'SalesItemLineDetail', SalesItemLineDetail: { ItemRef: { value: item.Id }, Qty: 1, UnitPrice: 120 } }],
  });
  await t.runJobs();
});
afterAll(async () => {
  await t.close();
  await sim.close();
});

describe('publishing to QuickBooks Online', () => {
  const cases = [
    { subtype: 'PURCHASE', category: 'Office Supplies', detail: 'AccountBasedExpenseLineDetail' },
    { subtype: 'CREDIT_CARD_CHARGE', category: 'Meals and Entertainment', detail: 'AccountBasedExpenseLineDetail' },
    { subtype: 'CREDIT_CARD_CREDIT', category: 'Office Supplies', detail: 'AccountBasedExpenseLineDetail' },
    { subtype: 'BILL', category: 'Utilities', detail: 'AccountBasedExpenseLineDetail' },
    { subtype: 'VENDOR_CREDIT', category: 'Office Supplies', detail: 'AccountBasedExpenseLineDetail' },
    { subtype: 'DEPOSIT', category: 'Sales', detail: 'DepositLineDetail' },
    { subtype: 'JOURNAL_ENTRY', category: 'Advertising', detail: 'JournalEntryLineDetail' },
    { subtype: 'SALES_RECEIPT', category: 'Sales', detail: 'SalesItemLineDetail' },
  ];
  for (const c of cases) {
    it(`writes a ${c.subtype} back: the watched lines become the answer, the rest stays`, async () => {
      const row = await readyOf(c.subtype);
      const before = ledgerCopy(row);
      const category = await accountPk(c.category);
      const klass = await refPk('CLASS');
      await answerAndPublish(row.pk, [{ amount: row.amount, category: category.pk, class: klass.pk, description: 'Explained by the client' }]);
      expect(await statusOf(row.pk)).toBe('PUBLISHED_IN_PLATFORM');

      const after = ledgerCopy(row);
      expect(Number(after.SyncToken)).toBeGreaterThan(Number(before.SyncToken));
      const lines = after.Line as QboEntity[];
      const answer = lines.filter((l) => l.Description === 'Explained by the client');
      expect(answer).toHaveLength(1);
      expect(answer[0]!.DetailType).toBe(c.detail);
      const detail = answer[0]![c.detail] as { AccountRef?: { value: string }; ItemRef?: { value: string }; ClassRef?: { value: string } };
      if (c.subtype === 'SALES_RECEIPT') {
        const item = sim.getEntity(realm, 'Item', detail.ItemRef!.value)!;
        expect((item.IncomeAccountRef as { value: string }).value).toBe(category.externalId);
      } else {
        expect(detail.AccountRef!.value).toBe(category.externalId);
      }
      expect(detail.ClassRef?.value).toBe(klass.externalId);
      // Nothing left on a watched account, and the total did not move.
      const [stored] = await t.db.select().from(transactions).where(eq(transactions.pk, row.pk));
      expect(stored!.ledgerVersion).toBe(after.SyncToken);
      if (c.subtype !== 'JOURNAL_ENTRY') expect(after.TotalAmt).toBe(before.TotalAmt);
    });
  }

  it('splits into several lines with vendor, customer, location and billable status', async () => {
    const row = await readyOf('PURCHASE');
    const cents = Math.round(Number(row.amount) * 100);
    const first = Math.floor(cents / 2);
    const vendor = await refPk('VENDOR');
    const customer = await refPk('CUSTOMER');
    const location = await refPk('LOCATION');
    await answerAndPublish(row.pk, [
      { amount: (first / 100).toFixed(2), category: (await accountPk('Office Supplies')).pk, vendor: vendor.pk, location: location.pk },
      { amount: ((cents - first) / 100).toFixed(2), category: (await accountPk('Advertising')).pk, customer: customer.pk, billable: 'BILLABLE' },
    ]);
    const after = ledgerCopy(row);
    expect(after.EntityRef).toMatchObject({ value: vendor.externalId });
    expect(after.DepartmentRef).toMatchObject({ value: location.externalId });
    const billable = (after.Line as QboEntity[]).find((l) => (l.AccountBasedExpenseLineDetail as { BillableStatus?: string } | undefined)?.BillableStatus === 'Billable');
    expect(billable?.AccountBasedExpenseLineDetail).toMatchObject({ CustomerRef: { value: customer.externalId } });
  });

  it('re-reads and retries once when someone changed the transaction in QuickBooks meanwhile (stale SyncToken)', async () => {
    const row = await readyOf('PURCHASE');
    sim.putEntity(realm, 'Purchase', { Id: row.externalId.split(':')[1]!, PrivateNote: 'edited in QuickBooks' });
    await answerAndPublish(row.pk, [{ amount: row.amount, category: (await accountPk('Office Supplies')).pk }]);
    expect(await statusOf(row.pk)).toBe('PUBLISHED_IN_PLATFORM');
    expect(ledgerCopy(row).PrivateNote).toBe('edited in QuickBooks');
  });

  it('calls it matched when it was categorized inside QuickBooks before the publish arrived', async () => {
    const row = await readyOf('PURCHASE');
    const office = sim.listEntities(realm, 'Account').find((a) => a.Name === 'Office Supplies')!;
    const raw = ledgerCopy(row);
    const relined = (raw.Line as QboEntity[]).map((line) => ({
      ...line,
      AccountBasedExpenseLineDetail: { ...(line.AccountBasedExpenseLineDetail as object), AccountRef: { value: office.Id } },
    }));
    sim.putEntity(realm, 'Purchase', { Id: raw.Id, Line: relined });
    await answerAndPublish(row.pk, [{ amount: row.amount, category: (await accountPk('Advertising')).pk }]);
    expect(await statusOf(row.pk)).toBe('MATCHED_TO_PLATFORM');
  });

  it('turns a validation fault into a sync error in QuickBooks’ words, shown on the row and clearable', async () => {
    const row = await readyOf('PURCHASE');
    const category = await accountPk('Advertising');
    sim.putEntity(realm, 'Account', { Id: category.externalId, Active: false });
    await answerAndPublish(row.pk, [{ amount: row.amount, category: category.pk }]);
    expect(await statusOf(row.pk)).toBe('SYNC_ERROR');
    const [error] = await t.db.select().from(syncErrors).where(eq(syncErrors.transactionId, row.pk));
    expect(error).toMatchObject({ code: '610' });
    expect(error!.message.length).toBeGreaterThan(5);
    // The refusal came in a job, after the publish answered: the firm's people hear of it.
    const [told] = (await cast.admin.get('notifications/list/')).json().results;
    expect(told).toMatchObject({ kind: 'SYNC_ERROR', target: { type: 'TRANSACTION', pk: row.pk }, text: error!.message });
    const listed = (await cast.admin.get(`${base()}/categorized-list/?status=SYNC_ERROR`)).json();
    expect(listed.results.find((r: { pk: number }) => r.pk === row.pk)).toBeDefined();
    expect((await cast.admin.post(`accounting/accountant/client-company/${companyPk}/transaction/errors/clear/`, { pks: [row.pk] })).statusCode).toBe(204);
    expect(await statusOf(row.pk)).toBe('FINISHED_IN_HERD');
    sim.putEntity(realm, 'Account', { Id: category.externalId, Active: true });
  });

  it('waits out a 429 and refreshes an expired token, rotating the refresh token', async () => {
    const row = await readyOf('PURCHASE');
    const [before] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
    sim.failNext(realm, 'rateLimit', 2);
    sim.expireAccessTokens(realm);
    await answerAndPublish(row.pk, [{ amount: row.amount, category: (await accountPk('Office Supplies')).pk }]);
    expect(await statusOf(row.pk)).toBe('PUBLISHED_IN_PLATFORM');
    const [after] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
    expect(openSealed(t, after!.refreshTokenEnc!)).not.toBe(openSealed(t, before!.refreshTokenEnc!));
  });

  it('uploads the transaction’s files as Attachables linked to it', async () => {
    const row = await readyOf('PURCHASE');
    const { body, headers } = multipart({ client_company: String(companyPk) }, { name: 'receipt.png', bytes: PNG_1X1, type: 'image/png' });
    const file = (await cast.admin.request('POST', 'storage/file/create/', { body, headers })).json();
    const attached = await cast.admin.post(`accounting/transaction/${row.pk}/attachments/`, { file: file.pk });
    expect(attached.statusCode, attached.body).toBe(200);
    await answerAndPublish(row.pk, [{ amount: row.amount, category: (await accountPk('Office Supplies')).pk }]);
    const attachables = sim.listEntities(realm, 'Attachable').filter((a) => JSON.stringify(a.AttachableRef).includes(`"${row.externalId.split(':')[1]}"`));
    expect(attachables.map((a) => a.FileName)).toContain('receipt.png');
  });
});

describe('creating list entries in QuickBooks from the categorization form', () => {
  it('creates the vendor, customer and category in QuickBooks first and keeps QuickBooks’ ids', async () => {
    const vendor = await cast.admin.post(`accounting/accountant/client-company/${companyPk}/vendors/create/`, { name: 'Corner Print Shop' });
    expect(vendor.statusCode, vendor.body).toBe(201);
    const inLedger = sim.listEntities(realm, 'Vendor').find((v) => v.DisplayName === 'Corner Print Shop');
    expect(inLedger).toBeDefined();
    const [row] = await t.db.select().from(ledgerRefs).where(eq(ledgerRefs.pk, vendor.json().pk));
    expect(row!.externalId).toBe(inLedger!.Id);

    const customer = await cast.admin.post(`accounting/accountant/client-company/${companyPk}/customers/create/`, { name: 'Maple Street Dental' });
    expect(customer.statusCode).toBe(201);
    expect(sim.listEntities(realm, 'Customer').some((c) => c.DisplayName === 'Maple Street Dental')).toBe(true);

    const category = await cast.admin.post(`accounting/accountant/client-company/${companyPk}/categories/create/`, {
      name: 'Software Subscriptions',
      account_type: 'Expense',
      account_subtype: 'OfficeGeneralAdministrativeExpenses',
    });
    expect(category.statusCode, category.body).toBe(201);
    const account = sim.listEntities(realm, 'Account').find((a) => a.Name === 'Software Subscriptions');
    expect(account).toMatchObject({ AccountType: 'Expense' });
    expect((await accountPk('Software Subscriptions')).externalId).toBe(account!.Id);
  });

  it('refuses an account type QuickBooks does not have without sending it there', async () => {
    const requests = sim.requestCount(realm);
    const res = await cast.admin.post(`accounting/accountant/client-company/${companyPk}/categories/create/`, { name: 'Postage', account_type: 'Expenses' });
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toEqual([expect.stringMatching(/^QuickBooks has no account type "Expenses": choose one of Bank, Accounts Receivable, .*Other Expense\.$/)]);
    expect(sim.requestCount(realm)).toBe(requests);
    expect(sim.listEntities(realm, 'Account').some((a) => a.Name === 'Postage')).toBe(false);
  });

  it('shows QuickBooks’ refusal on the name field and keeps nothing', async () => {
    // Names are unique across vendors and customers in QuickBooks, not in Herd's per-kind check.
    const res = await cast.admin.post(`accounting/accountant/client-company/${companyPk}/vendors/create/`, { name: 'Maple Street Dental' });
    expect(res.statusCode).toBe(400);
    expect(res.json().name).toEqual(['QuickBooks already has a vendor, customer or employee with this name.']);
    const vendors = await t.db
      .select()
      .from(ledgerRefs)
      .where(and(eq(ledgerRefs.clientCompanyId, companyPk), eq(ledgerRefs.kind, 'VENDOR'), eq(ledgerRefs.name, 'Maple Street Dental')));
    expect(vendors).toHaveLength(0);
  });
});

describe('a publish that never gets through', () => {
  it('gives its rows back as sync errors once every retry has failed', async () => {
    const row = await readyOf('PURCHASE');
    await cast.admin.patch(`${base()}/update/`, {
      transactions: [{ pk: row.pk, lines: [{ amount: row.amount, category: (await accountPk('Office Supplies')).pk }], finished: true }],
    });
    await cast.admin.post(`${base()}/publish/`, { pks: [row.pk] });
    // What the dead-letter queue runs after the last retry.
    await jobHandlers(t.app.deps)['ledger-push-failed']({ companyPk, action: 'publish', pks: [row.pk], actorUserId: null });
    expect(await statusOf(row.pk)).toBe('SYNC_ERROR');
    const [error] = await t.db.select().from(syncErrors).where(eq(syncErrors.transactionId, row.pk));
    expect(error!.message).toContain('could not be reached');
    // The queued job finds nothing left to do.
    await t.runJobs();
    expect(await statusOf(row.pk)).toBe('SYNC_ERROR');
  });
});

// Last: it revokes the grant, after which the company needs a reconnection.
describe('losing the connection', () => {
  it('hands the rows back when the connection is lost mid-publish, and the clients list says reconnect', async () => {
    const row = await readyOf('PURCHASE');
    const [connection] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, companyPk));
    await fetch(`${sim.url}/v2/oauth2/tokens/revoke`, {
      method: 'POST',
      headers: { Authorization: `Basic ${Buffer.from('herd-test-app:herd-test-app-secret').toString('base64')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: openSealed(t, connection!.refreshTokenEnc!) }),
    });
    await answerAndPublish(row.pk, [{ amount: row.amount, category: (await accountPk('Office Supplies')).pk }]);
    expect(await statusOf(row.pk)).toBe('FINISHED_IN_HERD');
    const [company] = await t.db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
    expect(company!.connectionState).toBe('NEEDS_REAUTH');
    const reauth = (await cast.admin.get('notifications/list/')).json().results.filter((n: { kind: string }) => n.kind === 'LEDGER_REAUTH');
    expect(reauth).toMatchObject([{ title: `${company!.name}: reconnect QuickBooks`, target: { type: 'CLIENT_COMPANY', pk: companyPk } }]);
    const published = await t.db
      .select()
      .from(transactions)
      .where(and(eq(transactions.clientCompanyId, companyPk), inArray(transactions.status, ['PROCESSING'])));
    expect(published).toHaveLength(0);
  });
});
