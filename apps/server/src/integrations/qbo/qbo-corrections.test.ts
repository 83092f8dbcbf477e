import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { correctionLine } from '../../../test/publish-lines.js';
import { qboSchema, startQboSimulator, takeContractViolations, type JsonObject, type QboEntity, type QboSimulator } from '@herd/simulators';
import { testConfig } from '../../../test/harness.js';
import { QBO_CLIENT } from '../../../test/qbo.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { CredentialStore, SealedCredentials } from '../../modules/books/ledger/credential-store.port.js';
import type { LedgerAdapter } from '../../modules/books/ledger/ledger-adapter.port.js';
import type { CorrectionItem, LedgerReferences, SettledCorrection } from '../../modules/books/ledger/ledger-records.port.js';
import { classifyQboError } from './qbo-connect.js';
import { createQboContext } from './qbo-context.js';
import { journalEntryOf, requestIdOf } from './qbo-corrections.js';
import { sealTokens } from './qbo-session.js';
import { qboAdapter } from './qbo.adapter.js';

/**
 * Corrections against the simulator, with no database: an answer to a purchase in QuickBooks' closed
 * period goes as a journal entry dated the first open day, and the purchase itself is left alone.
 */
const COMPANY = { pk: 9, syncDate: '2000-01-01' };
const CLOSED_THROUGH = '2025-03-31';
const FIRST_OPEN_DAY = '2025-04-01';
const box = createSecretBox(testConfig().secretKey);
/** The adapter does not read the chart for corrections: every id is in the items. */
const NO_REFERENCES: LedgerReferences = { accounts: [], refs: [] };

let sim: QboSimulator;
let realm: string;
let adapter: LedgerAdapter;
let ids: { uncategorized: string; office: string; checking: string; vendor: string; klass: string; location: string };
let purchase: QboEntity;

const connect = (): CredentialStore => {
  const tokens = sim.connect(realm);
  let credentials: SealedCredentials | null = sealTokens(box, {
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
    refreshExpiresAt: new Date(Date.now() + tokens.x_refresh_token_expires_in * 1000),
  });
  return {
    read: async () => ({ provider: 'QBO', externalCompanyId: realm, credentials: structuredClone(credentials) }),
    save: async (_pk, saved) => void (credentials = saved),
  };
};

/** The active entry of a list by its name, or the first active one when any will do. */
const idOf = (entity: string, name?: string) => sim.listEntities(realm, entity).find((row) => row.Active !== false && (name === undefined || row.Name === name))!.Id;

let keys = 0;
/** The answer to the seeded purchase, as the module builds it: the category debited, the watched account credited. */
const correction = (overrides: Partial<CorrectionItem> = {}): CorrectionItem => ({
  key: 1,
  externalId: `Purchase:${purchase.Id}`,
  entityType: 'Purchase',
  date: FIRST_OPEN_DAY,
  currency: 'USD',
  raw: purchase,
  memo: 'Correction of Corner Print Shop, March 10, 2025, 84.17 USD: the books are closed through March 31, 2025.',
  idempotencyKey: `herd-correction-1-${(keys += 1)}`,
  lines: [
    correctionLine('DEBIT', ids.office, 8417, {
      description: 'Printer paper',
      vendorExternalId: ids.vendor,
      classExternalId: ids.klass,
      locationExternalId: ids.location,
    }),
    correctionLine('CREDIT', ids.uncategorized, 8417, { description: 'Moved to its category' }),
  ],
  ...overrides,
});

const post = async (items: CorrectionItem[]): Promise<SettledCorrection[][]> => {
  const answers: SettledCorrection[][] = [];
  for await (const settled of adapter.postCorrections!(COMPANY, items, NO_REFERENCES)) answers.push(settled);
  return answers;
};

const journals = () => sim.listEntities(realm, 'JournalEntry');
const detailOf = (row: JsonObject) => row.JournalEntryLineDetail as JsonObject;

beforeAll(async () => {
  sim = await startQboSimulator({ ...QBO_CLIENT, companies: [{ transactions: 0 }] });
  realm = sim.companies()[0]!.realmId;
  ids = {
    uncategorized: idOf('Account', 'Uncategorized Expense'),
    office: idOf('Account', 'Office Supplies'),
    checking: idOf('Account', 'Checking'),
    vendor: idOf('Vendor'),
    klass: idOf('Class'),
    location: idOf('Department'),
  };
  // Waiting on the watched account, dated in what becomes the closed period.
  purchase = sim.putEntity(realm, 'Purchase', {
    TxnDate: '2025-03-10',
    PaymentType: 'Cash',
    AccountRef: { value: ids.checking },
    EntityRef: { value: ids.vendor, type: 'Vendor' },
    Line: [{ Amount: 84.17, DetailType: 'AccountBasedExpenseLineDetail', AccountBasedExpenseLineDetail: { AccountRef: { value: ids.uncategorized } } }],
  });
  const prefs = sim.getEntity(realm, 'Preferences', '2')!;
  sim.putEntity(realm, 'Preferences', { Id: '2', AccountingInfoPrefs: { ...(prefs.AccountingInfoPrefs as JsonObject), BookCloseDate: CLOSED_THROUGH } });
  const services = { credentials: connect(), rateWindow: () => ({ take: async () => {} }) };
  adapter = qboAdapter(createQboContext(testConfig({ qbo: { mode: 'intuit-sandbox', ...QBO_CLIENT, baseUrl: sim.url } }), services, { retryBaseMs: 1 }));
});
afterAll(async () => sim?.close());
beforeEach(() => void takeContractViolations());

describe('posting corrections to QuickBooks Online', () => {
  it('posts a journal dated the first open day: the category debited, the watched account credited, the purchase untouched', async () => {
    const before = structuredClone(sim.getEntity(realm, 'Purchase', purchase.Id)!);
    const item = correction();
    const answers = await post([item]);
    const journal = journals().at(-1)!;
    expect(answers).toEqual([[{ item, outcome: { kind: 'posted', journalExternalId: `JournalEntry:${journal.Id}` } }]]);

    expect(journal).toMatchObject({ TxnDate: FIRST_OPEN_DAY, PrivateNote: item.memo, CurrencyRef: { value: 'USD' }, TotalAmt: 84.17 });
    const lines = journal.Line as JsonObject[];
    expect(lines).toHaveLength(2);
    const [debit, credit] = lines as [JsonObject, JsonObject];
    expect(debit).toMatchObject({ Amount: 84.17, Description: 'Printer paper', DetailType: 'JournalEntryLineDetail' });
    expect(detailOf(debit)).toMatchObject({
      PostingType: 'Debit',
      AccountRef: { value: ids.office },
      Entity: { Type: 'Vendor', EntityRef: { value: ids.vendor } },
      ClassRef: { value: ids.klass },
      DepartmentRef: { value: ids.location },
    });
    expect(credit).toMatchObject({ Amount: 84.17, Description: 'Moved to its category' });
    expect(detailOf(credit)).toMatchObject({ PostingType: 'Credit', AccountRef: { value: ids.uncategorized } });
    expect(detailOf(credit).Entity).toBeUndefined();
    // QuickBooks' requestid is the item's own key, so a retried job is answered rather than written twice.
    const sent = sim.requests.filter((r) => r.realmId === realm && r.method === 'POST' && r.path.endsWith('/journalentry'));
    expect(sent.at(-1)!.query.requestid).toBe(item.idempotencyKey);

    expect(sim.getEntity(realm, 'Purchase', purchase.Id)).toEqual(before);
  });

  it('sends a JournalEntry inside Finance.xsd, which the simulator holds it to', async () => {
    const body = journalEntryOf(correction());
    expect(qboSchema().checkElement('JournalEntry', body)).toEqual([]);
    const count = journals().length;
    await post([correction()]);
    expect(journals()).toHaveLength(count + 1);
    expect(takeContractViolations()).toEqual([]);

    // The same create with a party type QuickBooks lacks: refused as QuickBooks refuses it, and recorded, which fails a test that leaves it.
    const [debit, credit] = body.Line as [JsonObject, JsonObject];
    const astray = {
      ...body,
      Line: [{ ...debit, JournalEntryLineDetail: { ...detailOf(debit), Entity: { Type: 'Supplier', EntityRef: { value: ids.vendor } } } }, credit],
    };
    const response = await fetch(`${sim.url}/v3/company/${realm}/journalentry?minorversion=75`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${sim.connect(realm).access_token}`, Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(astray),
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('"code":"2010"');
    const recorded = takeContractViolations();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ direction: 'request', message: 'POST /journalentry' });
    expect(recorded[0]!.problems.join('\n')).toMatch(/Supplier/);
    expect(journals()).toHaveLength(count + 1);
  });

  it('keeps to QuickBooks’ limits: text cut to 4,000 characters, a key past 50 made a stable digest', () => {
    const long = correction({ memo: 'é'.repeat(5000) });
    long.lines[0]!.description = 'd'.repeat(4001);
    const body = journalEntryOf(long);
    expect([...(body.PrivateNote as string)]).toHaveLength(4000);
    expect([...((body.Line as JsonObject[])[0]!.Description as string)]).toHaveLength(4000);
    expect(requestIdOf('herd-correction-12-1767225600000')).toBe('herd-correction-12-1767225600000');
    const key = `herd-correction-${'9'.repeat(60)}`;
    expect(requestIdOf(key).length).toBeLessThanOrEqual(50);
    expect(requestIdOf(key)).toBe(requestIdOf(key));
    expect(requestIdOf(`${key}0`)).not.toBe(requestIdOf(key));
  });

  it('posts one journal when the same correction is sent again with the same key', async () => {
    const count = journals().length;
    const item = correction();
    const [[first]] = (await post([item])) as [[SettledCorrection]];
    const [[again]] = (await post([{ ...item }])) as [[SettledCorrection]];
    expect(first.outcome).toMatchObject({ kind: 'posted' });
    expect(again.outcome).toEqual(first.outcome);
    expect(journals()).toHaveLength(count + 1);
    // A new attempt (a new key) is a new journal.
    await post([correction()]);
    expect(journals()).toHaveLength(count + 2);
  });

  it('settles a journal dated in the closed period as rejected, in QuickBooks’ words, and goes on with the next', async () => {
    const count = journals().length;
    const closed = correction({ key: 2, date: CLOSED_THROUGH });
    const open = correction({ key: 3 });
    const answers = await post([closed, open]);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toEqual([
      { item: closed, outcome: { kind: 'rejected', code: '6200', message: expect.stringMatching(/^Account Period Closed.*: The account period has closed/) } },
    ]);
    expect(answers[1]![0]!.outcome).toMatchObject({ kind: 'posted' });
    expect(journals()).toHaveLength(count + 1);
  });

  it('settles an unbalanced journal as rejected, and posts nothing', async () => {
    const count = journals().length;
    const item = correction({ lines: [correctionLine('DEBIT', ids.office, 10000), correctionLine('CREDIT', ids.uncategorized, 9999)] });
    const [[settled]] = (await post([item])) as [[SettledCorrection]];
    expect(settled.outcome).toEqual({ kind: 'rejected', code: '6000', message: expect.stringMatching(/balance/) });
    expect(journals()).toHaveLength(count);
  });

  it('refuses a transaction whose tax QuickBooks holds apart, before sending anything: the journal would move the wrong amount', async () => {
    const count = journals().length;
    const [[settled]] = (await post([correction({ raw: { ...purchase, TxnTaxDetail: { TotalTax: 4.2 } } })])) as [[SettledCorrection]];
    expect(settled.outcome).toEqual({ kind: 'rejected', code: 'HERD', message: expect.stringContaining('holds tax on this transaction') });
    expect(journals()).toHaveLength(count);
  });

  it('throws an outage QuickBooks does not recover from, after yielding what it had settled', async () => {
    const answers = adapter.postCorrections!(COMPANY, [correction({ key: 4 }), correction({ key: 5 })], NO_REFERENCES)[Symbol.asyncIterator]();
    const first = await answers.next();
    expect(first.value).toMatchObject([{ item: { key: 4 }, outcome: { kind: 'posted' } }]);
    // One failure more than QboApi's retries of a request.
    sim.failNext(realm, 'serverError', 5);
    const error = await answers.next().then(
      () => null,
      (err: unknown) => err,
    );
    expect(classifyQboError(error)).toBe('unreachable');
  });
});
