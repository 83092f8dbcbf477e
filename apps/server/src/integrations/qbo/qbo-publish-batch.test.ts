import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QboEntity } from '@herd/simulators';
import { auditLog, requestWindows, syncErrors, transactions } from '../../db/schema/index.js';
import { openPublishWorld, publishHelpers, type PublishWorld } from '../../../test/qbo-publish-world.js';

let w: PublishWorld;
let h: ReturnType<typeof publishHelpers>;

beforeAll(async () => {
  w = await openPublishWorld(1);
  h = publishHelpers(w);
});
afterAll(async () => {
  await w.t.close();
  await w.sim.close();
});

describe('publishing many at once through QuickBooks batch', () => {
  const categoryOf = {
    PURCHASE: 'Office Supplies',
    CREDIT_CARD_CHARGE: 'Meals and Entertainment',
    CREDIT_CARD_CREDIT: 'Office Supplies',
    BILL: 'Utilities',
    VENDOR_CREDIT: 'Office Supplies',
    DEPOSIT: 'Sales',
    JOURNAL_ENTRY: 'Advertising',
    SALES_RECEIPT: 'Sales',
  } as const;

  it('writes one transaction of every subtype in a single batch request', async () => {
    const subtypes = Object.keys(categoryOf) as (keyof typeof categoryOf)[];
    const rows = await Promise.all(subtypes.map(async (subtype) => (await h.readyRows(subtype, 1))[0]!));
    const before = new Map(rows.map((row) => [row.pk, h.ledgerCopy(row)]));
    const answers = await Promise.all(
      rows.map(async (row) => ({
        pk: row.pk,
        lines: [{ amount: row.amount, category: (await h.accountPk(categoryOf[row.subtype as keyof typeof categoryOf])).pk, description: 'Answered in bulk' }],
      })),
    );
    const requests = await h.answerAndPublishAll(answers);

    expect(requests.map((r) => `${r.method} ${r.path.split('/').pop()}`)).toEqual(['POST batch']);
    for (const row of rows) {
      expect(await h.statusOf(row.pk), row.subtype).toBe('PUBLISHED_IN_PLATFORM');
      const after = h.ledgerCopy(row);
      expect(Number(after.SyncToken), row.subtype).toBeGreaterThan(Number(before.get(row.pk)!.SyncToken));
      expect(
        (after.Line as QboEntity[]).filter((l) => l.Description === 'Answered in bulk'),
        row.subtype,
      ).toHaveLength(1);
      const [stored] = await w.t.db.select().from(transactions).where(eq(transactions.pk, row.pk));
      expect(stored!.ledgerVersion).toBe(after.SyncToken);
    }
    // The batch took room under QuickBooks' batch limit, counted in the database like the realm's.
    const windows = await w.t.db.select().from(requestWindows).where(eq(requestWindows.account, w.realm));
    expect(windows.find((w) => w.service === 'QBO-batch')?.sent.length).toBeGreaterThan(0);
  });

  it('settles each item on its own: a stale one is read again and written, a refused one is a sync error, one categorized in QuickBooks is matched, the rest publish', async () => {
    const [plain, edited, refused, categorizedThere, last] = await h.readyRows('PURCHASE', 5);
    const office = await h.accountPk('Office Supplies');
    const inactive = await h.accountPk('Advertising');
    w.sim.putEntity(w.realm, 'Purchase', { Id: edited!.externalId.split(':')[1]!, PrivateNote: 'edited in QuickBooks' });
    const raw = h.ledgerCopy(categorizedThere!);
    const relined = (raw.Line as QboEntity[]).map((line) => ({
      ...line,
      AccountBasedExpenseLineDetail: { ...(line.AccountBasedExpenseLineDetail as object), AccountRef: { value: office.externalId } },
    }));
    w.sim.putEntity(w.realm, 'Purchase', { Id: raw.Id, Line: relined });
    w.sim.putEntity(w.realm, 'Account', { Id: inactive.externalId, Active: false });

    const answer = (row: typeof plain, category = office) => ({ pk: row!.pk, lines: [{ amount: row!.amount, category: category.pk }] });
    const requests = await h.answerAndPublishAll([answer(plain), answer(edited), answer(refused, inactive), answer(categorizedThere), answer(last)]);
    w.sim.putEntity(w.realm, 'Account', { Id: inactive.externalId, Active: true });

    // All five written; the two stale ones read back in one select; the edited one written again.
    expect(requests.map((r) => r.path.split('/').pop())).toEqual(['batch', 'batch', 'batch']);
    expect(await h.statusOf(plain!.pk)).toBe('PUBLISHED_IN_PLATFORM');
    expect(await h.statusOf(last!.pk)).toBe('PUBLISHED_IN_PLATFORM');
    expect(await h.statusOf(edited!.pk)).toBe('PUBLISHED_IN_PLATFORM');
    expect(h.ledgerCopy(edited!).PrivateNote).toBe('edited in QuickBooks');
    expect(await h.statusOf(categorizedThere!.pk)).toBe('MATCHED_TO_PLATFORM');
    expect(await h.statusOf(refused!.pk)).toBe('SYNC_ERROR');
    const [error] = await w.t.db.select().from(syncErrors).where(eq(syncErrors.transactionId, refused!.pk));
    expect(error).toMatchObject({ code: '610' });
    // The status writer recorded the refusal for the accountant who published, with QuickBooks' words.
    const entries = await w.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'transaction'), eq(auditLog.targetPk, refused!.pk), eq(auditLog.action, 'transaction.publish')));
    const refusal = entries.find((e) => (e.details as { to?: string }).to === 'SYNC_ERROR');
    expect(refusal?.actorUserId).toBe(w.cast.firm.adminId);
    expect(refusal?.details).toMatchObject({ from: 'PROCESSING', outcome: 'rejected', error: error!.message });
  });

  it('fills each request to QuickBooks’ 30 operations: 31 answers take two', async () => {
    // Every expense form is categorized with expense lines, Office Supplies fits them all.
    const rows = await h.readyRows(['PURCHASE', 'CREDIT_CARD_CHARGE', 'CREDIT_CARD_CREDIT', 'BILL', 'VENDOR_CREDIT'], 31);
    const office = await h.accountPk('Office Supplies');
    const requests = await h.answerAndPublishAll(rows.map((row) => ({ pk: row.pk, lines: [{ amount: row.amount, category: office.pk }] })));
    expect(requests.map((r) => `${r.path.split('/').pop()} ${r.status}`)).toEqual(['batch 200', 'batch 200']);
    for (const row of rows) expect(await h.statusOf(row.pk)).toBe('PUBLISHED_IN_PLATFORM');
  });

  it('sends fewer operations a request when QuickBooks refuses the size, and publishes them all', async () => {
    const rows = await h.readyRows('PURCHASE', 12);
    const office = await h.accountPk('Office Supplies');
    w.sim.setBatchMaxItems(10);
    try {
      const requests = await h.answerAndPublishAll(rows.map((row) => ({ pk: row.pk, lines: [{ amount: row.amount, category: office.pk }] })));
      // 12 refused whole, then 10 and 2.
      expect(requests.map((r) => r.status)).toEqual([400, 200, 200]);
    } finally {
      w.sim.setBatchMaxItems(30);
    }
    for (const row of rows) expect(await h.statusOf(row.pk)).toBe('PUBLISHED_IN_PLATFORM');
    expect(
      await w.t.db
        .select()
        .from(syncErrors)
        .where(
          inArray(
            syncErrors.transactionId,
            rows.map((r) => r.pk),
          ),
        ),
    ).toHaveLength(0);
  });
});
