import { startXeroSimulator, type XeroSimulator, type XeroSimulatorOptions } from '@herd/simulators';
import { createSecretBox } from '../src/lib/secret-box.js';
import { sealTokens } from '../src/integrations/oauth2-session.js';
import { createXeroContext, type XeroContext } from '../src/integrations/xero/xero-context.js';
import { xeroAdapter } from '../src/integrations/xero/xero.adapter.js';
import type { CredentialStore, SealedCredentials } from '../src/modules/books/ledger/credential-store.port.js';
import type { AdapterServices, LedgerAdapter, LedgerCompany, PullCursor, PullPage, PullProgress } from '../src/modules/books/ledger/ledger-adapter.port.js';
import type { LedgerAccountRecord, LedgerRecord, LedgerReferences, LedgerRefRecord, PublishItem, SettledItem } from '../src/modules/books/ledger/ledger-records.port.js';
import { isWatchedByDefault } from '../src/modules/books/ledger/watched-accounts.rule.js';
import { isClientCategoryType } from '../src/modules/books/refs/client-categories.queries.js';
import { testConfig } from './harness.js';

/**
 * The Xero adapter on its own, against the Xero simulator, with no database: its credentials live
 * in a map and its rate window admits everything. What the module would keep between calls (the
 * chart a pull brought, the progress of a pull cut short) the tests keep themselves.
 */
export const XERO_CLIENT = { clientId: 'herd-test-xero', clientSecret: 'herd-test-xero-secret' };
export const XERO_COMPANY: LedgerCompany = { pk: 11, syncDate: '2000-01-01' };
export const FULL_PULL: PullCursor = { mode: 'FULL', pulledUpTo: null, progress: null };

/** One company's grant in memory, as the ledger-connections module keeps it in the database; `saves` counts the rotations written. */
export const memoryCredentialStore = () => {
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

/** The module's copy of a company's chart and lists: reference pages applied one by one, as the database would hold them. */
export class ReferenceBook {
  private readonly accounts = new Map<string, LedgerAccountRecord>();
  private readonly refs = new Map<string, LedgerRefRecord>();

  apply(page: PullPage): void {
    if (page.kind !== 'references') return;
    for (const account of page.accounts) this.accounts.set(account.externalId, account);
    for (const ref of page.refs) this.refs.set(`${ref.kind}:${ref.externalId}`, ref);
  }

  /** What the module hands the adapter: accounts watched by their default names, categories by their types. */
  references = async (): Promise<LedgerReferences> => ({
    accounts: [...this.accounts.values()].map((a) => ({
      externalId: a.externalId,
      accountType: a.accountType,
      watched: isWatchedByDefault(a.name),
      category: !isWatchedByDefault(a.name) && isClientCategoryType(a.accountType),
      raw: a.raw,
    })),
    refs: [...this.refs.values()].map((r) => ({ kind: r.kind, externalId: r.externalId, active: r.active, raw: r.raw })),
  });
}

export interface PullRun {
  pages: PullPage[];
  records: LedgerRecord[];
  references: LedgerReferences;
  /** The progress of the last page taken: what the module would have saved. */
  progress: PullProgress | null;
  /** What the pull threw, when it did not finish. */
  error: unknown;
}

export interface PullOptions {
  /** The chart the module already holds (a pull that resumes keeps the first run's); a fresh one by default. */
  book?: ReferenceBook;
  /** Stop taking pages after this many, as a worker that died mid-pull would. */
  stopAfter?: (page: PullPage, taken: number) => boolean;
  /** The pull's start on Xero's clock (what becomes `pulledUpTo`); the simulator's now by default. */
  now?: Date;
}

export interface XeroAdapterWorld {
  sim: XeroSimulator;
  tenant: string;
  store: ReturnType<typeof memoryCredentialStore>;
  box: ReturnType<typeof createSecretBox>;
  context: XeroContext;
  adapter: LedgerAdapter;
  /** Stores fresh tokens of a new consent, the access token good for `accessLifetimeMs` by the store's account. */
  connect(accessLifetimeMs?: number): { accessToken: string; refreshToken: string };
  /** One pull, page by page; its failure is returned, not thrown. */
  pull(cursor?: PullCursor, options?: PullOptions): Promise<PullRun>;
  /** One pull that must finish. */
  pullAll(cursor?: PullCursor, options?: PullOptions): Promise<PullRun>;
  publish(items: PublishItem[], references: LedgerReferences): Promise<SettledItem[]>;
}

/** How the adapter is built: its rate windows (none by default: every call admitted) and its allowance of calls a day. */
export interface XeroAdapterOptions {
  rateWindow?: AdapterServices['rateWindow'];
  callsPerDay?: number;
}

/** A simulator with one organisation (60 transactions unless told), connected to a Xero adapter. */
export const openXeroAdapterWorld = async (options: Partial<XeroSimulatorOptions> = {}, adapterOptions: XeroAdapterOptions = {}): Promise<XeroAdapterWorld> => {
  const sim = await startXeroSimulator({ ...XERO_CLIENT, organisations: [{ transactions: 60 }], ...options });
  const tenant = sim.organisations()[0]!.tenantId;
  const store = memoryCredentialStore();
  const box = createSecretBox(testConfig().secretKey);
  const settings = { mode: 'xero' as const, ...XERO_CLIENT, webhookKey: '', baseUrl: sim.url };
  const services = { credentials: store, rateWindow: adapterOptions.rateWindow ?? (() => ({ take: async () => {} })) };
  const context = createXeroContext(testConfig(), settings, services, {
    retryBaseMs: 1,
    redirectPath: '/api/v1/xero/oauth2/',
    ...(adapterOptions.callsPerDay ? { callsPerDay: adapterOptions.callsPerDay } : {}),
  });
  const adapter = xeroAdapter(context);

  const connect = (accessLifetimeMs = 30 * 60_000) => {
    const tokens = sim.connect(tenant);
    const sealed = { accessToken: tokens.access_token, refreshToken: tokens.refresh_token! };
    store.put(tenant, sealTokens(box, { ...sealed, accessExpiresAt: new Date(Date.now() + accessLifetimeMs), refreshExpiresAt: new Date(Date.now() + 60 * 86_400_000) }));
    return sealed;
  };

  const pull = async (cursor = FULL_PULL, { book = new ReferenceBook(), stopAfter, now = new Date(sim.now()) }: PullOptions = {}): Promise<PullRun> => {
    const pages: PullPage[] = [];
    let error: unknown = null;
    try {
      for await (const page of adapter.pull(XERO_COMPANY, cursor, book.references, now)) {
        pages.push(page);
        book.apply(page);
        if (stopAfter?.(page, pages.length)) break;
      }
    } catch (err) {
      error = err;
    }
    const progress = pages.findLast((p) => p.progress)?.progress ?? null;
    return { pages, records: pages.flatMap((p) => (p.kind === 'transactions' ? p.records : [])), references: await book.references(), progress, error };
  };

  const pullAll = async (cursor?: PullCursor, options?: PullOptions) => {
    const run = await pull(cursor, options);
    if (run.error) throw run.error;
    return run;
  };

  const publish = async (items: PublishItem[], references: LedgerReferences) => {
    const settled: SettledItem[] = [];
    for await (const batch of adapter.publish(XERO_COMPANY, items, references)) settled.push(...batch);
    return settled;
  };

  connect();
  return { sim, tenant, store, box, context, adapter, connect, pull, pullAll, publish };
};

/** The simulator's id of a record Herd keeps as `<entity>:<id>`. */
export const xeroIdOfRecord = (record: Pick<LedgerRecord, 'externalId'>) => record.externalId.slice(record.externalId.indexOf(':') + 1);

/** An answer to publish for a pulled record, on top of Xero's copy. */
export const publishItemFor = (record: LedgerRecord, key: number, lines: PublishItem['lines']): PublishItem => ({
  key,
  externalId: record.externalId,
  entityType: record.transaction!.entityType,
  version: record.version,
  raw: record.raw,
  lines,
  files: [],
});
