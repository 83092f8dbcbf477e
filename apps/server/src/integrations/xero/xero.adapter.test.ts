import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXeroSimulator, type XeroSimulator } from '@herd/simulators';
import { testConfig } from '../../../test/harness.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { CredentialStore, SealedCredentials } from '../../modules/ledger/credential-store.js';
import type { LedgerAdapter, PullPage } from '../../modules/ledger/ledger-adapter.js';
import { LedgerNeedsReauthError } from '../../modules/ledger/ledger-errors.js';
import type { LedgerAccountRecord, LedgerRecord, LedgerReferences } from '../../modules/ledger/ledger-records.js';
import { publishLine } from '../../../test/publish-lines.js';
import { isWatchedByDefault } from '../../modules/ledger/watched-accounts.js';
import { isClientCategoryType } from '../../modules/refs/client-categories.js';
import { sealTokens } from '../oauth2-session.js';
import { createXeroContext } from './xero-context.js';
import { xeroAdapter } from './xero.adapter.js';

/**
 * The Xero adapter on its own, against the Xero simulator, with no database: its credentials live
 * in a map and its rate window admits everything. What it reads comes back as the port's records;
 * what it writes, as settled results, and the simulator's organisation shows the answer.
 */
const CLIENT = { clientId: 'herd-test-xero', clientSecret: 'herd-test-xero-secret' };
const COMPANY = { pk: 11, syncDate: '2000-01-01' };
const box = createSecretBox(testConfig().secretKey);

const memoryStore = () => {
  let grant: { provider: string; externalCompanyId: string; credentials: SealedCredentials | null } | null = null;
  const store: CredentialStore & { saves: number; put(tenant: string, credentials: SealedCredentials): void } = {
    saves: 0,
    put: (tenant, credentials) => void (grant = { provider: 'XERO', externalCompanyId: tenant, credentials }),
    read: async () => structuredClone(grant),
    save: async (_pk, credentials) => {
      store.saves += 1;
      grant = { ...grant!, credentials };
    },
  };
  return store;
};

let sim: XeroSimulator;
let tenant: string;
let store: ReturnType<typeof memoryStore>;
let adapter: LedgerAdapter;
let chart: LedgerReferences;
let records: LedgerRecord[];

const pullAll = async () => {
  const accounts = new Map<string, LedgerAccountRecord>();
  const refs: LedgerReferences['refs'] = [];
  const references = async (): Promise<LedgerReferences> => ({
    accounts: [...accounts.values()].map((a) => ({
      externalId: a.externalId,
      accountType: a.accountType,
      watched: isWatchedByDefault(a.name),
      category: !isWatchedByDefault(a.name) && isClientCategoryType(a.accountType),
      raw: a.raw,
    })),
    refs,
  });
  const pages: PullPage[] = [];
  for await (const page of adapter.pull(COMPANY, { mode: 'FULL', pulledUpTo: null, progress: null }, references, new Date())) {
    pages.push(page);
    if (page.kind !== 'references') continue;
    for (const a of page.accounts) accounts.set(a.externalId, a);
    refs.push(...page.refs.map((r) => ({ kind: r.kind, externalId: r.externalId, active: r.active, raw: r.raw })));
  }
  return { pages, records: pages.flatMap((p) => (p.kind === 'transactions' ? p.records : [])), references: await references() };
};

beforeAll(async () => {
  sim = await startXeroSimulator({ ...CLIENT, organisations: [{ transactions: 60 }] });
  tenant = sim.organisations()[0]!.tenantId;
  store = memoryStore();
  const tokens = sim.connect(tenant);
  store.put(
    tenant,
    sealTokens(box, {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token!,
      accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
      refreshExpiresAt: new Date(Date.now() + 60 * 86_400_000),
    }),
  );
  const settings = { mode: 'xero' as const, ...CLIENT, webhookKey: '', baseUrl: sim.url };
  const services = { credentials: store, rateWindow: () => ({ take: async () => {} }) };
  adapter = xeroAdapter(createXeroContext(testConfig(), settings, services, { retryBaseMs: 1, redirectPath: '/api/v1/xero/oauth2/' }));
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
      expect(Number(record.version)).toBeGreaterThan(0);
    }
  });

  it('publishes a split with tax and a tracking option; Xero’s transaction then holds those lines, to the cent', async () => {
    const spend = records.find((r) => r.transaction?.subtype === 'SPEND' && r.transaction.lines.length === 1)!;
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
    expect(box.open((await store.read(COMPANY.pk))!.credentials!.refreshTokenEnc)).not.toBe(box.open(before.refreshTokenEnc));
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
