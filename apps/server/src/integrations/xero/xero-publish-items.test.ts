import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../../modules/books/ledger/ledger-records.port.js';
import { publishLine } from '../../../test/publish-lines.js';
import { openXeroAdapterWorld, publishItemFor, xeroIdOfRecord, type PullRun, type XeroAdapterWorld } from '../../../test/xero-adapter.js';

/**
 * Answers go to Xero many to a request with `summarizeErrors=false`, so Xero answers each object on
 * its own: one it refuses is that row's error, in Xero's words, and the others are written all the same.
 */
let world: XeroAdapterWorld;
let pulled: PullRun;

const stored = (record: LedgerRecord) => world.sim.getEntity(world.tenant, 'BankTransactions', xeroIdOfRecord(record))!;
const codeOf = (accountId: string) => (pulled.references.accounts.find((a) => a.externalId === accountId)!.raw as { Code: string }).Code;

beforeAll(async () => {
  // Enough objects that several spends have lines off the watched accounts too.
  world = await openXeroAdapterWorld({ organisations: [{ transactions: 200 }] });
  pulled = await world.pullAll();
});
afterAll(async () => world?.sim.close());

describe('publishing several answers where Xero refuses one', () => {
  it('settles the refused one with Xero’s message and the others as published, in one request; Xero changed only the good ones', async () => {
    const [first, refused, last, unbalanced] = pulled.records.filter((r) => r.transaction?.subtype === 'SPEND');
    const category = pulled.references.accounts.find((a) => a.category && a.accountType === 'EXPENSE')!.externalId;
    const whole = (record: LedgerRecord, extra = {}) => [publishLine(record.transaction!.amountCents, category, { description: 'Answered', ...extra })];
    const before = [first!, refused!, last!, unbalanced!].map(stored);
    const posts = () => world.sim.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/BankTransactions'));
    const postsBefore = posts().length;

    const settled = await world.publish(
      [
        publishItemFor(first!, 1, whole(first!)),
        publishItemFor(refused!, 2, whole(refused!, { taxExternalId: 'NOT-A-TAX' })),
        publishItemFor(last!, 3, whole(last!)),
        // Refused by Herd before anything is sent: the answer does not add up to Xero's amount.
        publishItemFor(unbalanced!, 4, [publishLine(unbalanced!.transaction!.amountCents + 1, category)]),
      ],
      pulled.references,
    );

    const outcome = (key: number) => settled.find((s) => s.item.key === key)!.outcome;
    expect(outcome(1)).toMatchObject({ kind: 'published' });
    expect(outcome(3)).toMatchObject({ kind: 'published' });
    expect(outcome(2)).toEqual({
      kind: 'rejected',
      code: 'XERO',
      message: "The TaxType code 'NOT-A-TAX' does not exist or cannot be used for this type of transaction.",
    });
    expect(outcome(4)).toMatchObject({ kind: 'rejected', code: 'HERD', message: expect.stringMatching(/^The lines add up to/) });
    expect(
      posts()
        .slice(postsBefore)
        .map((r) => r.query.summarizeErrors),
    ).toEqual(['false']);

    const after = [first!, refused!, last!, unbalanced!].map(stored);
    expect(after[1]).toEqual(before[1]);
    expect(after[3]).toEqual(before[3]);
    for (const [n, record] of [first!, last!].entries()) {
      const good = after[n * 2]!;
      expect(good.UpdatedDateUTC).not.toEqual(before[n * 2]!.UpdatedDateUTC);
      const answered = (good.LineItems as { Description?: string; AccountCode: string; LineAmount: number }[]).find((l) => l.Description === 'Answered')!;
      expect(answered.AccountCode).toBe(codeOf(category));
      expect(Math.round(answered.LineAmount * 100)).toBe(record.transaction!.amountCents);
    }
  });
});

describe('publishing on Xero’s copy as it is now', () => {
  it('keeps a line changed in Xero since the pull, and refuses an object deleted there since', async () => {
    const watchedCodes = new Set(pulled.references.accounts.filter((a) => a.watched).map((a) => (a.raw as { Code: string }).Code));
    const stillWaiting = (record: LedgerRecord) => (stored(record).LineItems as { AccountCode: string }[]).some((l) => watchedCodes.has(l.AccountCode));
    // Spends the test above left alone; the edited one has a line off the watched accounts as well.
    const waiting = pulled.records.filter((r) => r.transaction?.subtype === 'SPEND' && stillWaiting(r));
    const edited = waiting.find((r) => ((r.raw?.LineItems as unknown[] | undefined) ?? []).length > 1);
    const deleted = waiting.find((r) => r !== edited);
    const category = pulled.references.accounts.find((a) => a.category && a.accountType === 'EXPENSE')!.externalId;
    // Someone edits the other line's description in Xero, and deletes the second object, after Herd's pull.
    const copy = stored(edited!);
    const lines = (copy.LineItems as { AccountCode: string; Description?: string }[]).map((l) =>
      watchedCodes.has(l.AccountCode) ? l : { ...l, Description: 'Edited in Xero' },
    );
    world.sim.putEntity(world.tenant, 'BankTransactions', { BankTransactionID: xeroIdOfRecord(edited!), LineItems: lines });
    world.sim.putEntity(world.tenant, 'BankTransactions', { BankTransactionID: xeroIdOfRecord(deleted!), Status: 'DELETED' });

    const settled = await world.publish(
      [edited!, deleted!].map((record, key) => publishItemFor(record, key, [publishLine(record.transaction!.amountCents, category, { description: 'Answered' })])),
      pulled.references,
    );
    expect(settled.find((s) => s.item.key === 0)!.outcome).toMatchObject({ kind: 'published' });
    expect(settled.find((s) => s.item.key === 1)!.outcome).toMatchObject({ kind: 'rejected', code: 'HERD', message: expect.stringMatching(/deleted or voided in Xero/) });
    const descriptions = (stored(edited!).LineItems as { Description?: string }[]).map((l) => l.Description);
    expect(descriptions).toContain('Edited in Xero');
    expect(descriptions).toContain('Answered');
  });
});
