import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullPage } from '../../modules/books/ledger/ledger-adapter.port.js';
import { openXeroAdapterWorld, ReferenceBook, type PullRun, type XeroAdapterWorld } from '../../../test/xero-adapter.js';

/**
 * A pull cut short (the worker died, the job was stopped) leaves the progress of the last page the
 * module applied; the next pull starts from it. Nothing may be lost between the two runs, and the
 * second must not read again what the first already brought.
 */
let world: XeroAdapterWorld;
let full: PullRun;
/** The calls of an uninterrupted pull, in order. */
let fullCalls: string[];

const ids = (run: Pick<PullRun, 'records'>) => run.records.map((r) => r.externalId);
/** The Accounting API calls the simulator saw from `mark` on, as `Collection page`. */
const callsSince = (mark: number) =>
  world.sim.requests
    .slice(mark)
    .filter((r) => r.tenantId === world.tenant)
    .map((r) => `${r.path.split('/').at(-1)} ${r.query.page ?? ''}`.trim());

/** Pulls until `stop` says the worker dies, then pulls again from the last progress; the chart the first run brought stays, as in the database. */
const cutAndResume = async (stop: (page: PullPage) => boolean) => {
  const book = new ReferenceBook();
  const cut = await world.pullAll(undefined, { book, stopAfter: stop });
  const mark = world.sim.requests.length;
  const resumed = await world.pullAll({ mode: 'FULL', pulledUpTo: null, progress: cut.progress }, { book });
  return { cut, resumed, calls: callsSince(mark) };
};

beforeAll(async () => {
  // Enough bank transactions for three pages of 100.
  world = await openXeroAdapterWorld({ organisations: [{ transactions: 500 }] });
  const mark = world.sim.requests.length;
  full = await world.pullAll();
  fullCalls = callsSince(mark);
  expect(fullCalls.filter((call) => call.startsWith('BankTransactions'))).toEqual(['BankTransactions 1', 'BankTransactions 2', 'BankTransactions 3']);
});
afterAll(async () => world?.sim.close());

describe('a pull cut short', () => {
  it('resumes at the page after the last one applied: every record once, the lists and the first page not read again', async () => {
    const afterFirstBankPage = (page: PullPage) => page.progress?.current?.entity === 'BankTransaction';

    const { cut, resumed, calls } = await cutAndResume(afterFirstBankPage);

    expect(cut.progress?.current).toEqual({ entity: 'BankTransaction', position: 2 });
    // The lock dates, read at the start of every pull; then exactly the rest of an uninterrupted pull's calls, from
    // the second page of bank transactions on.
    expect(calls).toEqual(['Organisation', ...fullCalls.slice(fullCalls.indexOf('BankTransactions 2'))]);
    expect(resumed.pages.some((p) => p.kind === 'references')).toBe(false);
    expect([...ids(cut), ...ids(resumed)].sort()).toEqual(ids(full).sort());
  });

  it('cut just after a list’s last page, goes on with the next list (a list Xero does not page is not read again whole)', async () => {
    // Repeating invoices come whole in one answer (Xero does not page them).
    const afterRepeatingInvoices = (page: PullPage) => page.progress?.done.includes('RepeatingInvoice') === true;

    const { cut, resumed, calls } = await cutAndResume(afterRepeatingInvoices);

    expect(cut.records.some((r) => r.externalId.startsWith('RepeatingInvoice:'))).toBe(true);
    expect(calls).toEqual(['Organisation', ...fullCalls.slice(fullCalls.indexOf('PurchaseOrders 1'))]);
    expect(resumed.records.some((r) => r.externalId.startsWith('RepeatingInvoice:'))).toBe(false);
    expect([...ids(cut), ...ids(resumed)].sort()).toEqual(ids(full).sort());
  });

  it('cut among the lists, resumes with the list it stopped before and reads the transactions against the chart both runs brought', async () => {
    const afterContacts = (page: PullPage) => page.progress?.done.includes('Contacts') === true;

    const { cut, resumed, calls } = await cutAndResume(afterContacts);

    expect(cut.records).toEqual([]);
    // Lists Xero does not page are asked without a page.
    expect(calls).toEqual(['Organisation', ...fullCalls.slice(fullCalls.indexOf('TrackingCategories'))]);
    // The records resumed are the full pull's, mapped alike: the watched accounts and tracking were known.
    expect(resumed.records).toEqual(full.records);
  });
});
