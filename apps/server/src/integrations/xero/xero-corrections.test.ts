import { takeContractViolations } from '@herd/simulators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctionLine } from '../../../test/publish-lines.js';
import { LedgerLimitReachedError } from '../../modules/books/ledger/ledger-errors.port.js';
import type { CorrectionItem, LedgerRecord, LedgerReferences, SettledCorrection } from '../../modules/books/ledger/ledger-records.port.js';
import { openXeroAdapterWorld, XERO_COMPANY as COMPANY, xeroIdOfRecord, type XeroAdapterWorld } from '../../../test/xero-adapter.js';
import { XeroValidationError } from './xero-api.js';
import { buildCorrectionJournal } from './xero-correction-map.js';
import { xeroLookups } from './xero-lookups.js';

/**
 * A closed period's answer posted to Xero as a manual journal dated the first open day, against the
 * simulator: the organisation's books are locked through 31 May 2026 (its clock stands at 1 June), so
 * the transaction itself cannot change and the journal moves its amount off the watched account.
 */
const LOCKED_THROUGH = '2026-05-31';
const FIRST_OPEN_DAY = '2026-06-01';

let world: XeroAdapterWorld;
let references: LedgerReferences;
let spend: LedgerRecord;
let category: string;
let watched: string;
/** One option from each of the organisation's two tracking categories. */
let options: [string, string];

type Journal = { Date: string; Status: string; Narration: string; LineAmountTypes: string; JournalLines: JournalLine[] };
type JournalLine = { AccountCode: string; LineAmount: number; TaxType?: string; TaxAmount?: number; Description?: string; Tracking?: { TrackingOptionID: string }[] };

const codeOf = (accountId: string) => (references.accounts.find((a) => a.externalId === accountId)!.raw as { Code: string }).Code;
const journals = () => world.sim.listEntities(world.tenant, 'ManualJournals');
/** The journal a correction posted, by the id the adapter gave it (named as a pull names it: `ManualJournal:<id>`). */
const journal = (externalId: string | null) => world.sim.getEntity(world.tenant, 'ManualJournals', externalId!.replace(/^ManualJournal:/, '')) as Journal | undefined;
const cents = (amount: number) => Math.round(amount * 100);
const xeroDate = (day: string) => `/Date(${Date.parse(`${day}T00:00:00Z`)}+0000)/`;

/** The answer "this spend was the category" as the module builds it: the spend's amount off the watched account, onto the category. */
const correction = (idempotencyKey: string, extra: Partial<CorrectionItem> = {}): CorrectionItem => {
  const amount = spend.transaction!.amountCents;
  return {
    key: 1,
    externalId: spend.externalId,
    entityType: 'BankTransaction',
    date: FIRST_OPEN_DAY,
    currency: spend.transaction!.currency,
    memo: `Correction of a card payment of ${spend.transaction!.date}: the books are closed through 31 May 2026.`,
    idempotencyKey,
    raw: spend.raw,
    lines: [
      // A vendor and a class have no place on a journal line: they must not reach Xero (its contract would refuse them).
      correctionLine('DEBIT', category, amount, {
        description: 'Answered by the client',
        vendorExternalId: 'vendor-1',
        classExternalId: 'class-1',
        trackingOneExternalId: options[0],
        trackingTwoExternalId: options[1],
      }),
      correctionLine('CREDIT', watched, amount, { description: 'Off Suspense' }),
    ],
    ...extra,
  };
};

const post = async (items: CorrectionItem[]) => {
  const settled: SettledCorrection[] = [];
  for await (const batch of world.adapter.postCorrections!(COMPANY, items, references)) settled.push(...batch);
  return settled;
};

beforeAll(async () => {
  world = await openXeroAdapterWorld({ startTime: `${FIRST_OPEN_DAY}T12:00:00Z` });
  const pulled = await world.pullAll();
  references = pulled.references;
  spend = pulled.records.find((r) => r.transaction?.subtype === 'SPEND' && r.transaction.lines.length === 1 && r.transaction.date <= LOCKED_THROUGH)!;
  watched = spend.transaction!.watchedAccountExternalId!;
  category = references.accounts.find((a) => a.category && a.accountType === 'EXPENSE')!.externalId;
  const categories = references.refs.filter((r) => r.kind === 'TRACKING_CATEGORY');
  options = categories.slice(0, 2).map((c) => (c.raw as { Options: { TrackingOptionID: string }[] }).Options[0]!.TrackingOptionID) as [string, string];
  world.sim.setLockDates(world.tenant, { period: LOCKED_THROUGH, endOfYear: '2025-12-31' });
});
afterAll(async () => world?.sim.close());

describe('a closed period’s answer posted to Xero as a manual journal', () => {
  it('posts a journal dated the first open day that moves the amount off the watched account, and leaves the transaction as it was', async () => {
    const before = world.sim.getEntity(world.tenant, 'BankTransactions', xeroIdOfRecord(spend))!;
    const [settled] = await post([correction('correction-posts')]);
    expect(settled!.outcome).toEqual({ kind: 'posted', journalExternalId: expect.stringMatching(/^ManualJournal:/) });
    const posted = journal((settled!.outcome as { journalExternalId: string }).journalExternalId)!;
    // Amounts as the spend's lines state them (with or without tax), so the journal says them the same way.
    const spendRaw = spend.raw as { LineAmountTypes: string; LineItems: { TaxType: string }[] };
    expect(posted).toMatchObject({ Date: xeroDate(FIRST_OPEN_DAY), Status: 'POSTED', LineAmountTypes: spendRaw.LineAmountTypes, Narration: correction('').memo });
    const amount = spend.transaction!.amountCents;
    const [debit, credit] = posted.JournalLines;
    expect(posted.JournalLines.reduce((sum, l) => sum + cents(l.LineAmount), 0)).toBe(0);
    expect([debit!.AccountCode, cents(debit!.LineAmount), debit!.Description]).toEqual([codeOf(category), amount, 'Answered by the client']);
    expect([credit!.AccountCode, cents(credit!.LineAmount), credit!.Description]).toEqual([codeOf(watched), -amount, 'Off Suspense']);
    expect(debit!.Tracking!.map((t) => t.TrackingOptionID)).toEqual(options);
    expect(credit!.Tracking).toEqual([]);

    const after = world.sim.getEntity(world.tenant, 'BankTransactions', xeroIdOfRecord(spend))!;
    expect([after.Total, after.LineItems, after.UpdatedDateUTC]).toEqual([before.Total, before.LineItems, before.UpdatedDateUTC]);
    expect(after).toEqual(before);
  });

  it('sends the journal as Xero’s contract has it (PUT, each answered on its own), where a field outside it is caught', async () => {
    const since = world.sim.requests.length;
    expect((await post([correction('correction-contract')]))[0]!.outcome.kind).toBe('posted');
    const writes = world.sim.requests.slice(since).filter((r) => r.method !== 'GET');
    expect(writes.map((r) => [r.method, r.path.split('/api.xro/2.0/')[1], r.query])).toEqual([['PUT', 'ManualJournals', { summarizeErrors: 'false' }]]);
    expect(takeContractViolations()).toEqual([]);

    // The same journal with the vendor written onto its line, as a careless mapping would: the check refuses it.
    const api = await world.context.openApi(COMPANY.pk);
    const built = buildCorrectionJournal(correction('correction-contract'), xeroLookups(references));
    const withVendor = { ...built, JournalLines: (built.JournalLines as object[]).map((l, n) => (n === 0 ? { ...l, Contact: { ContactID: 'vendor-1' } } : l)) };
    await expect(api.create('ManualJournals', [withVendor], 'correction-contract-broken')).rejects.toBeInstanceOf(XeroValidationError);
    const [violation, ...more] = takeContractViolations();
    expect(more).toEqual([]);
    expect(violation).toMatchObject({ direction: 'request', message: 'PUT /ManualJournals', problems: [expect.stringContaining('"Contact"')] });
  });

  it('posts one journal for one idempotency key however often it is sent, and another for another key', async () => {
    const count = journals().length;
    const [first] = await post([correction('correction-once')]);
    const [again] = await post([correction('correction-once')]);
    expect(first!.outcome.kind).toBe('posted');
    expect(again!.outcome).toEqual(first!.outcome);
    expect(journals()).toHaveLength(count + 1);
    // A key longer than Xero takes (128 characters) is sent as its digest: still once, not refused.
    const long = `correction-${'x'.repeat(200)}`;
    const [longFirst] = await post([correction(long)]);
    const [longAgain] = await post([correction(long)]);
    expect(longFirst!.outcome.kind).toBe('posted');
    expect(longAgain!.outcome).toEqual(longFirst!.outcome);
    expect(journals()).toHaveLength(count + 2);
  });

  it('settles a journal dated inside the locked period as rejected, in Xero’s words, and posts nothing', async () => {
    const count = journals().length;
    const settled = await post([correction('correction-locked', { date: LOCKED_THROUGH })]);
    expect(settled.map((s) => s.outcome)).toEqual([
      { kind: 'rejected', code: 'XERO', message: 'The document date cannot be before the period lock date, currently set at 31-May-2026' },
    ]);
    expect(journals()).toHaveLength(count);
  });

  it('settles an unbalanced journal as rejected by Xero, and posts nothing', async () => {
    const count = journals().length;
    const settled = await post([correction('correction-unbalanced', { lines: [correctionLine('DEBIT', category, 10_000), correctionLine('CREDIT', watched, 9_999)] })]);
    expect(settled.map((s) => s.outcome)).toEqual([{ kind: 'rejected', code: 'XERO', message: 'The total debits (100.00) must equal total credits (-99.99)' }]);
    expect(journals()).toHaveLength(count);
  });

  it('refuses a transaction in another currency than the organisation’s before sending anything', async () => {
    const since = world.sim.requests.length;
    const settled = await post([correction('correction-euro', { currency: 'EUR' })]);
    expect(settled[0]!.outcome).toMatchObject({ kind: 'rejected', code: 'HERD', message: expect.stringContaining('in EUR') });
    expect(world.sim.requests.slice(since).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('keeps the tax the spend holds on its watched line: both sides carry it, so the tax account moves nothing and only the net amount moves', async () => {
    // The seeded watched line carries no tax; the same spend as Xero would hold it with the watched line taxed.
    const spendRaw = spend.raw as { LineAmountTypes: string; LineItems: { AccountID: string; TaxType: string }[] };
    expect(spendRaw.LineAmountTypes).toBe('Exclusive');
    const taxed = { ...spendRaw, LineItems: spendRaw.LineItems.map((l) => (l.AccountID === watched ? { ...l, TaxType: 'INPUT2' } : l)) };
    const [settled] = await post([correction('correction-taxed', { raw: taxed })]);
    const posted = journal((settled!.outcome as { journalExternalId: string }).journalExternalId)!;
    expect(posted.LineAmountTypes).toBe('Exclusive');
    expect(posted.JournalLines.map((l) => l.TaxType)).toEqual(['INPUT2', 'INPUT2']);
    expect(posted.JournalLines[0]!.TaxAmount).toBeGreaterThan(0);
    expect(posted.JournalLines.reduce((sum, l) => sum + cents(l.TaxAmount ?? 0), 0)).toBe(0);
    // An answer with a tax type of its own is written with it: the difference is the tax account's to move.
    const exempt = buildCorrectionJournal(
      correction('correction-exempt', { raw: taxed, lines: [correctionLine('DEBIT', category, 100, { taxExternalId: 'NONE' }), correctionLine('CREDIT', watched, 100)] }),
      xeroLookups(references),
    ) as { JournalLines: JournalLine[] };
    expect(exempt.JournalLines.map((l) => l.TaxType)).toEqual(['NONE', 'INPUT2']);
  });

  it('hands back each answer before sending the next, and throws a failure that is not the journal’s', async () => {
    const settled: SettledCorrection[][] = [];
    const run = async () => {
      for await (const batch of world.adapter.postCorrections!(COMPANY, [correction('correction-a'), correction('correction-b', { key: 2 })], references)) {
        settled.push(batch);
        // The day's calls run out after the first answer: the second is not Xero's refusal of the journal.
        world.sim.failNext(world.tenant, { status: 429, headers: { 'Retry-After': '3600', 'X-Rate-Limit-Problem': 'day' } });
      }
    };
    await expect(run()).rejects.toBeInstanceOf(LedgerLimitReachedError);
    expect(settled.map((batch) => batch.map((s) => [s.item.key, s.outcome.kind]))).toEqual([[[1, 'posted']]]);
  });
});
