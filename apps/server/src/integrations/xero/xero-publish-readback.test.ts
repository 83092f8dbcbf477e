import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../modules/books/ledger/ledger-records.port.js';
import { publishLine } from '../../../test/publish-lines.js';
import { openXeroAdapterWorld, publishItemFor, XERO_COMPANY, xeroIdOfRecord, type PullRun, type XeroAdapterWorld } from '../../../test/xero-adapter.js';
import type { XeroApi } from './xero-api.js';
import { publishToXero } from './xero-publish.js';

/**
 * Xero works tax and totals out itself, so what a publish wrote is read back before it counts:
 * an object whose total is no longer the one it had is the row's sync error, saying what moved,
 * and never published.
 */
let world: XeroAdapterWorld;
let pulled: PullRun;

const stored = (record: LedgerRecord) => world.sim.getEntity(world.tenant, 'BankTransactions', xeroIdOfRecord(record))!;
const category = (code: string) => pulled.references.accounts.find((a) => (a.raw as { Code?: string }).Code === code)!.externalId;

/** The adapter's Xero client, with `afterWrite` run between Xero's answer to the POST and anything after it. */
const apiWith = async (afterWrite: () => void): Promise<XeroApi> => {
  const api = await world.context.openApi(XERO_COMPANY.pk);
  const wrapped = Object.create(api) as XeroApi;
  wrapped.post = async (...args: Parameters<XeroApi['post']>) => {
    const answers = await api.post(...args);
    afterWrite();
    return answers;
  };
  return wrapped;
};

beforeAll(async () => {
  world = await openXeroAdapterWorld({ organisations: [{ transactions: 60, watchedShare: 1 }] });
  pulled = await world.pullAll();
});
afterAll(async () => world?.sim.close());

describe('reading back what a publish wrote', () => {
  it('records a sync error, not a publish, when Xero’s total moved between the write and the read; the others of the batch are published', async () => {
    const [moved, untouched] = pulled.records.filter((r) => r.transaction?.subtype === 'SPEND');
    const before = stored(moved!);
    const items = [moved!, untouched!].map((record, key) => publishItemFor(record, key, [publishLine(record.transaction!.amountCents, category('429'))]));
    const gets = () => world.sim.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/BankTransactions')).length;
    const getsBefore = gets();

    // Someone adds a 10.00 bank fee to the first one in Xero right after Herd's write.
    const api = await apiWith(() => {
      const written = stored(moved!);
      const fee = { Description: 'Added in Xero', Quantity: 1, UnitAmount: 10, LineAmount: 10, AccountCode: '404', TaxType: 'NONE' };
      world.sim.putEntity(world.tenant, 'BankTransactions', {
        BankTransactionID: written.BankTransactionID!,
        LineItems: [...(written.LineItems as (typeof fee)[]), fee],
      });
    });
    const settled = [];
    for await (const batch of publishToXero(api, items, pulled.references)) settled.push(...batch);

    const was = Math.round(Number(before.Total) * 100);
    const now = Math.round(Number(stored(moved!).Total) * 100);
    expect(now).toBe(was + 1000);
    const amount = (cents: number) => (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    const outcome = settled.find((s) => s.item.key === 0)!.outcome;
    expect(outcome).toMatchObject({ kind: 'rejected', code: 'XERO_TOTAL' });
    expect(outcome.kind === 'rejected' && outcome.message).toMatch(
      new RegExp(`^Xero’s total for this bank transaction is now ${amount(now)}, not ${amount(was)}: the categorization was written to Xero`),
    );
    // Herd keeps Xero's copy as read back, for the next publish and the next pull.
    expect(outcome.raw).toMatchObject({ Total: stored(moved!).Total });
    expect(settled.find((s) => s.item.key === 1)!.outcome).toMatchObject({ kind: 'published' });
    // One read before the write and one after, for the whole batch.
    expect(gets() - getsBefore).toBe(2);
  });
});
