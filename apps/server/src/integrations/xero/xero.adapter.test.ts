import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerAdapter } from '../../modules/books/ledger/ledger-adapter.port.js';
import { LedgerNeedsReauthError } from '../../modules/books/ledger/ledger-errors.port.js';
import type { LedgerRecord, LedgerReferences } from '../../modules/books/ledger/ledger-records.port.js';
import { publishLine } from '../../../test/publish-lines.js';
import { lockDateOf } from './xero-pull.js';
import { openXeroAdapterWorld, XERO_COMPANY as COMPANY, type XeroAdapterWorld } from '../../../test/xero-adapter.js';

/**
 * The Xero adapter on its own, against the Xero simulator, with no database (test/xero-adapter.ts).
 * What it reads comes back as the port's records; what it writes, as settled results, and the
 * simulator's organisation shows the answer.
 */
let world: XeroAdapterWorld;
let sim: XeroAdapterWorld['sim'];
let tenant: string;
let store: XeroAdapterWorld['store'];
let adapter: LedgerAdapter;
let chart: LedgerReferences;
let records: LedgerRecord[];

const pullAll = () => world.pullAll();

beforeAll(async () => {
  world = await openXeroAdapterWorld();
  ({ sim, tenant, store, adapter } = world);
  ({ records, references: chart } = await pullAll());
});
afterAll(async () => sim?.close());

const line = publishLine;

describe('the Xero adapter, with no database', () => {
  it('pulls the chart before the transactions, and hands over every subtype waiting on a watched account', () => {
    expect(chart.accounts.some((a) => a.watched)).toBe(true);
    const subtypes = new Set(records.filter((r) => r.transaction).map((r) => r.transaction!.subtype));
    for (const subtype of ['SPEND', 'RECEIVE', 'ACCPAY_INVOICE', 'ACCREC_INVOICE', 'MANUAL_JOURNAL']) expect(subtypes, subtype).toContain(subtype);
    for (const record of records.filter((r) => r.transaction)) {
      const watched = chart.accounts.find((a) => a.externalId === record.transaction!.watchedAccountExternalId);
      expect(watched?.watched, record.externalId).toBe(true);
      // Xero stamps every object with when it last changed but a repeating invoice (its contract gives those no stamp).
      if (record.externalId.startsWith('RepeatingInvoice:')) expect(record.version).toBeNull();
      else expect(Number(record.version)).toBeGreaterThan(0);
    }
  });

  it('reads the organisation’s lock dates at each pull: the later of the two is the last closed day', async () => {
    // One pull (each costs calls of the organisation's minute); the dates' combinations are lockDateOf's own test.
    sim.setLockDates(tenant, { period: '2026-03-31', endOfYear: '2025-12-31' });
    expect((await pullAll()).pages[0]).toEqual({ kind: 'lock', closedThrough: '2026-03-31' });
    sim.setLockDates(tenant, { period: null, endOfYear: null });
    const ms = (day: string) => `/Date(${Date.parse(`${day}T00:00:00Z`)}+0000)/`;
    expect(lockDateOf({ EndOfYearLockDate: ms('2025-12-31') })).toBe('2025-12-31');
    expect(lockDateOf({ PeriodLockDate: ms('2026-01-31'), EndOfYearLockDate: ms('2026-06-30') })).toBe('2026-06-30');
    expect(lockDateOf({ Name: 'No locks' })).toBeNull();
    expect(lockDateOf(null)).toBeNull();
  });

  it('publishes a split with tax and a tracking option; Xero’s transaction then holds those lines, to the cent', async () => {
    // A tax-exclusive one whose other lines are taxed is refused (xero-records.test.ts): this one may take a taxed answer.
    const spend = records.find(
      (r) =>
        r.transaction?.subtype === 'SPEND' &&
        r.transaction.lines.length === 1 &&
        (r.raw!.LineAmountTypes !== 'Exclusive' || (r.raw!.LineItems as { TaxAmount?: number }[]).every((l) => !l.TaxAmount)),
    )!;
    const categories = chart.accounts.filter((a) => a.category);
    const option = chart.refs.find((r) => r.kind === 'TRACKING_OPTION')!;
    const tax = chart.refs.find((r) => r.kind === 'TAX')!;
    const total = spend.transaction!.amountCents;
    const first = Math.floor(total / 3);
    const item = {
      key: 1,
      externalId: spend.externalId,
      entityType: 'BankTransaction',
      version: spend.version,
      raw: spend.raw,
      lines: [
        line(first, categories[0]!.externalId, { taxExternalId: tax.externalId, trackingOneExternalId: option.externalId }),
        line(total - first, categories[1]!.externalId),
      ],
      files: [],
    };
    const settled = [];
    for await (const batch of adapter.publish(COMPANY, [item], chart)) settled.push(...batch);
    expect(settled.map((s) => s.outcome.kind)).toEqual(['published']);
    const stored = sim.getEntity(tenant, 'BankTransactions', spend.externalId.split(':')[1]!)!;
    // The money that left the bank is what it was: the answer's tax is inside its amounts, not added on top.
    expect(stored.Total).toBe(spend.raw!.Total);
    const lines = stored.LineItems as { LineAmount: number; TaxType?: string; Tracking?: { TrackingOptionID: string }[] }[];
    const watchedCodes = new Set(chart.accounts.filter((a) => a.watched).map((a) => (a.raw as { Code?: string }).Code));
    expect(lines.some((l) => watchedCodes.has((l as { AccountCode?: string }).AccountCode))).toBe(false);
    // The lines Xero held off the watched accounts stay as they were, beside the answer's.
    const kept = ((spend.raw!.LineItems as { AccountCode?: string; LineAmount: number }[]) ?? []).filter((l) => !watchedCodes.has(l.AccountCode));
    const cents = (ls: { LineAmount: number }[]) => ls.map((l) => Math.round(l.LineAmount * 100)).sort((a, b) => a - b);
    expect(cents(lines)).toEqual(cents([...kept, { LineAmount: first / 100 }, { LineAmount: (total - first) / 100 }]));
    expect(lines.find((l) => Math.round(l.LineAmount * 100) === first)).toMatchObject({
      TaxType: tax.externalId,
      Tracking: [expect.objectContaining({ TrackingOptionID: option.externalId })],
    });
  });

  it('refreshes an expired access token through the credential store, keeping the rotated refresh token', async () => {
    const before = (await store.read(COMPANY.pk))!.credentials!;
    sim.expireAccessTokens(tenant);
    const saves = store.saves;
    await pullAll();
    expect(store.saves).toBe(saves + 1);
    expect(world.box.open((await store.read(COMPANY.pk))!.credentials!.refreshTokenEnc)).not.toBe(world.box.open(before.refreshTokenEnc));
  });

  it('waits out a minute’s 429 and carries on', async () => {
    const requests = sim.requestCount(tenant);
    sim.failNext(tenant, { status: 429, headers: { 'Retry-After': '0', 'X-Rate-Limit-Problem': 'Minute' } });
    const { records: again } = await pullAll();
    expect(again.length).toBe(records.length);
    expect(sim.requestCount(tenant)).toBeGreaterThan(requests);
  });

  it('throws "needs reauthorization" once the organisation has left the grant, and stores nothing', async () => {
    expect(await adapter.revoke(COMPANY)).toEqual({ kind: 'revoked' });
    const saves = store.saves;
    await expect(pullAll()).rejects.toBeInstanceOf(LedgerNeedsReauthError);
    expect(store.saves).toBe(saves);
  });
});
