import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQboSimulator, type QboSimulator } from '@herd/simulators';
import { testConfig } from '../../../test/harness.js';
import { QBO_CLIENT } from '../../../test/qbo.js';
import { publishLine } from '../../../test/publish-lines.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { CredentialStore, SealedCredentials } from '../../modules/books/ledger/credential-store.port.js';
import type { LedgerAdapter, PullCursor, PullPage } from '../../modules/books/ledger/ledger-adapter.port.js';
import { LedgerNeedsReauthError } from '../../modules/books/ledger/ledger-errors.port.js';
import type { LedgerAccountRecord, LedgerRecord, LedgerReferences } from '../../modules/books/ledger/ledger-records.port.js';
import { isWatchedByDefault } from '../../modules/books/ledger/watched-accounts.rule.js';
import { createQboContext } from './qbo-context.js';
import { sealTokens } from './qbo-session.js';
import { qboAdapter } from './qbo.adapter.js';

/**
 * The QuickBooks adapter on its own, against the simulator, with no database anywhere: its
 * credentials live in a map and its rate windows admit everything. What it reads comes back as the
 * port's records; what it writes, as settled results.
 */
const COMPANY = { pk: 7, syncDate: '2000-01-01' };
const config = testConfig();
const box = createSecretBox(config.secretKey);

/** A credential store in memory, counting the saves a refresh makes. */
const memoryStore = () => {
  const grants = new Map<number, { provider: string; externalCompanyId: string; credentials: SealedCredentials | null }>();
  const store: CredentialStore & { saves: number; put(realm: string, credentials: SealedCredentials): void } = {
    saves: 0,
    put: (realm, credentials) => void grants.set(COMPANY.pk, { provider: 'QBO', externalCompanyId: realm, credentials }),
    read: async (pk) => structuredClone(grants.get(pk) ?? null),
    save: async (pk, credentials) => {
      store.saves += 1;
      grants.set(pk, { ...grants.get(pk)!, credentials });
    },
  };
  return store;
};

let sim: QboSimulator;
let realm: string;
let store: ReturnType<typeof memoryStore>;
let adapter: LedgerAdapter;

const connect = () => {
  const tokens = sim.connect(realm);
  store.put(
    realm,
    sealTokens(box, {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      accessExpiresAt: new Date(Date.now() + tokens.expires_in * 1000),
      refreshExpiresAt: new Date(Date.now() + tokens.x_refresh_token_expires_in * 1000),
    }),
  );
};

/** Runs a whole pull the way the module does, keeping the chart in memory: what the adapter handed over, page by page. */
const pullAll = async (cursor: PullCursor) => {
  const accounts = new Map<string, LedgerAccountRecord>();
  const refs: LedgerReferences['refs'] = [];
  const references = async (): Promise<LedgerReferences> => ({
    accounts: [...accounts.values()].map((a) => ({
      externalId: a.externalId,
      accountType: a.accountType,
      watched: isWatchedByDefault(a.name),
      category: !isWatchedByDefault(a.name),
      raw: a.raw,
    })),
    refs,
  });
  const pages: PullPage[] = [];
  for await (const page of adapter.pull(COMPANY, cursor, references, new Date())) {
    pages.push(page);
    if (page.kind === 'references') {
      for (const a of page.accounts) accounts.set(a.externalId, a);
      refs.push(...page.refs.map((r) => ({ kind: r.kind, externalId: r.externalId, active: r.active, raw: r.raw })));
    }
  }
  const records = pages.flatMap((p) => (p.kind === 'transactions' ? p.records : []));
  return { pages, records, references };
};

beforeAll(async () => {
  sim = await startQboSimulator({ ...QBO_CLIENT, companies: [{ transactions: 30 }] });
  realm = sim.companies()[0]!.realmId;
  store = memoryStore();
  const services = { credentials: store, rateWindow: () => ({ take: async () => {} }) };
  adapter = qboAdapter(createQboContext(testConfig({ qbo: { mode: 'intuit-sandbox', ...QBO_CLIENT, baseUrl: sim.url } }), services, { retryBaseMs: 1 }));
  connect();
});
afterAll(async () => sim?.close());

describe('the QuickBooks Online adapter, with no database', () => {
  let waiting: LedgerRecord[];
  let chart: LedgerReferences;

  it('pulls the chart before the transactions, and hands each row over as a record with its SyncToken', async () => {
    const { pages, records, references } = await pullAll({ mode: 'FULL', pulledUpTo: null, progress: null });
    chart = await references();
    const firstTransactions = pages.findIndex((p) => p.kind === 'transactions');
    // The ledger's lock first (this company has no closing date), then the chart and lists.
    expect(pages[0]).toEqual({ kind: 'lock', closedThrough: null });
    expect(pages.slice(1, firstTransactions).every((p) => p.kind === 'references')).toBe(true);
    expect(pages.slice(firstTransactions).every((p) => p.kind === 'transactions')).toBe(true);
    // Every page of a read list carries the progress to save: the last one is on the last list, with the others done.
    expect(pages.at(-1)!.progress).toMatchObject({ mode: 'FULL', current: { entity: 'SalesReceipt' }, done: expect.arrayContaining(['Account', 'Purchase', 'Bill']) });

    const purchases = sim.listEntities(realm, 'Purchase');
    expect(records.filter((r) => r.externalId.startsWith('Purchase:'))).toHaveLength(purchases.length);
    for (const record of records) {
      const [entity, id] = record.externalId.split(':');
      expect(record.version).toBe(sim.getEntity(realm, entity!, id!)!.SyncToken);
      expect(record.categorizedInLedger).toBe(record.transaction === null);
    }
    waiting = records.filter((r) => r.transaction !== null);
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting[0]!.transaction!.lines.every((line) => Number.isInteger(line.amountCents))).toBe(true);
  });

  it('refreshes an expired access token through the credential store, keeping the rotated refresh token', async () => {
    const before = (await store.read(COMPANY.pk))!.credentials!;
    sim.expireAccessTokens(realm);
    const saves = store.saves;
    await pullAll({ mode: 'INCREMENTAL', pulledUpTo: new Date(Date.now() - 60_000), progress: null });
    const after = (await store.read(COMPANY.pk))!.credentials!;
    expect(store.saves).toBe(saves + 1);
    expect(box.open(after.refreshTokenEnc)).not.toBe(box.open(before.refreshTokenEnc));
    expect(after.accessExpiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('publishes a categorization and yields what QuickBooks settled, with its new SyncToken', async () => {
    const refs = chart;
    const purchase = waiting.find((r) => r.externalId.startsWith('Purchase:'))!;
    const category = refs.accounts.find((a) => a.category && a.accountType === 'Expense')!;
    const item = {
      key: 1,
      externalId: purchase.externalId,
      entityType: 'Purchase',
      version: purchase.version,
      raw: purchase.raw,
      lines: [publishLine(purchase.transaction!.amountCents, category.externalId, { description: 'Paper' })],
      files: [],
    };
    const settled = [];
    for await (const batch of adapter.publish(COMPANY, [item], refs)) settled.push(...batch);
    const written = sim.getEntity(realm, 'Purchase', purchase.externalId.split(':')[1]!)!;
    expect(settled).toEqual([{ item, outcome: { kind: 'published', ledgerVersion: written.SyncToken, raw: written } }]);
    expect(Number(written.SyncToken)).toBeGreaterThan(Number(purchase.version));
  });

  it('throws "needs reauthorization" once QuickBooks refuses the grant, and stores nothing', async () => {
    const grant = (await store.read(COMPANY.pk))!;
    await adapter.revoke(COMPANY);
    sim.expireAccessTokens(realm);
    const saves = store.saves;
    await expect(pullAll({ mode: 'INCREMENTAL', pulledUpTo: new Date(Date.now() - 60_000), progress: null })).rejects.toBeInstanceOf(LedgerNeedsReauthError);
    expect(store.saves).toBe(saves);
    expect(await store.read(COMPANY.pk)).toEqual(grant);
  });
});
