import { createQbdSimulator, type QbdSimulator, type QbdSimulatorOptions } from '@herd/simulators';
import type { LedgerAdapter, LedgerCompany, PullCursor, PullPage } from '../../modules/books/ledger/ledger-adapter.port.js';
import type { LedgerAccountRecord, LedgerReferences } from '../../modules/books/ledger/ledger-records.port.js';
import { qbdAdapter } from './qbd.adapter.js';
import { isUncategorizedBucket } from './qbd-refs.js';
import type { QbxmlExchange } from './qbxml-exchange.js';

/**
 * What the QuickBooks Desktop tests share (no test of its own): a small simulated company file,
 * the exchange a Web Connector run would give (straight into the simulator), and the module's side
 * of a pull reduced to what the adapter needs of it: references built from the reference pages.
 */
export const COMPANY: LedgerCompany = { pk: 1, syncDate: '2000-01-01' };

export interface QbdTestCompany {
  sim: QbdSimulator;
  /** Every request document sent, in order. */
  sent: string[];
  exchange: QbxmlExchange;
  adapter: LedgerAdapter;
}

export const qbdTestCompany = (options: QbdSimulatorOptions = {}, wrap: (exchange: QbxmlExchange) => QbxmlExchange = (e) => e): QbdTestCompany => {
  const sim = createQbdSimulator({ seed: 'herd-qbd', transactions: 40, ...options });
  const sent: string[] = [];
  const exchange = wrap((xml) => {
    sent.push(xml);
    return Promise.resolve(sim.processQbxml(xml));
  });
  return { sim, sent, exchange, adapter: qbdAdapter({ exchangeFor: () => exchange }) };
};

const CATEGORY_TYPES = new Set(['Expense', 'OtherExpense', 'CostOfGoodsSold', 'Income', 'OtherIncome']);

/** Herd's view of the chart in these tests: the uncategorized buckets and Ask My Accountant watched, income and expense accounts categories. */
export const referencesOf = (pages: PullPage[]): LedgerReferences => {
  const accounts = new Map<string, LedgerAccountRecord>();
  const refs: LedgerReferences['refs'] = [];
  for (const page of pages) {
    if (page.kind !== 'references') continue;
    for (const account of page.accounts) accounts.set(account.externalId, account);
    for (const ref of page.refs) refs.push({ kind: ref.kind, externalId: ref.externalId, active: ref.active, raw: ref.raw });
  }
  return {
    accounts: [...accounts.values()].map((a) => ({
      externalId: a.externalId,
      accountType: a.accountType,
      watched: isUncategorizedBucket(a) || a.name === 'Ask My Accountant',
      category: CATEGORY_TYPES.has(a.accountType),
      raw: a.raw,
    })),
    refs,
  };
};

export const freshCursor = (mode: PullCursor['mode'] = 'FULL'): PullCursor => ({ mode, pulledUpTo: null, progress: null });

/** Runs a pull to its end (or its first `limit` pages), the references source reading the pages so far as the module would. */
export const pullPages = async (
  adapter: LedgerAdapter,
  cursor: PullCursor,
  { limit = Number.POSITIVE_INFINITY, now = new Date(), known = [] }: { limit?: number; now?: Date; known?: PullPage[] } = {},
): Promise<PullPage[]> => {
  const pages: PullPage[] = [];
  for await (const page of adapter.pull(COMPANY, cursor, () => Promise.resolve(referencesOf([...known, ...pages])), now)) {
    pages.push(page);
    if (pages.length >= limit) break;
  }
  return pages;
};

export const recordsOf = (pages: PullPage[]) => pages.flatMap((page) => (page.kind === 'transactions' ? page.records : []));
