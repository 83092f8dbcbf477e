import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj, type ApiClient } from './test-support.js';
import type { JsonObject } from './types.js';

async function findAccount(api: ApiClient, name: string): Promise<JsonObject> {
  const rows = list(obj((await api.query(`select * from Account where Name = '${name}' and Active IN (true, false)`)).body.QueryResponse).Account);
  return rows[0] ?? {};
}

const expenseLine = (accountId: unknown, amount: number): JsonObject => ({
  Amount: amount,
  DetailType: 'AccountBasedExpenseLineDetail',
  AccountBasedExpenseLineDetail: { AccountRef: { value: String(accountId) } },
});

/** `count` new purchases, made one by one, so each batch below updates existing rows. */
async function makePurchases(api: ApiClient, count: number): Promise<JsonObject[]> {
  const checking = await findAccount(api, 'Checking');
  const uncategorized = await findAccount(api, 'Uncategorized Expense');
  const made: JsonObject[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api.post('/purchase', {
      PaymentType: 'Check',
      AccountRef: { value: String(checking.Id) },
      TxnDate: '2025-06-02',
      Line: [expenseLine(uncategorized.Id, 10 + i)],
    });
    made.push(obj(created.body.Purchase));
  }
  return made;
}

const updates = (purchases: JsonObject[], accountId: unknown): JsonObject[] =>
  purchases.map((p, i) => ({
    bId: `u${i}`,
    operation: 'update',
    Purchase: { Id: p.Id, SyncToken: p.SyncToken, sparse: true, Line: [expenseLine(accountId, Number(obj(list(p.Line)[0]).Amount))] },
  }));

const faultCode = (item: JsonObject | undefined): unknown => list(obj(item?.Fault).Error)[0]?.code;

describe('batch', () => {
  it('takes up to 30 operations and refuses 31 whole, with nothing written', async () => {
    const { api } = await connectedSimulator({ companies: [{ transactions: 0 }] });
    const office = await findAccount(api, 'Office Supplies');
    const purchases = await makePurchases(api, 31);

    const refused = await api.post('/batch', { BatchItemRequest: updates(purchases, office.Id) });
    expect(refused.status).toBe(400);
    expect(list(obj(refused.body.Fault).Error)[0]).toMatchObject({ code: '1040', Message: 'Number of items exceeds the limit' });
    const unchanged = obj((await api.get(`/purchase/${String(purchases[0]?.Id)}`)).body.Purchase);
    expect(unchanged.SyncToken).toBe('0');

    const accepted = await api.post('/batch', { BatchItemRequest: updates(purchases.slice(0, 30), office.Id) });
    expect(accepted.status).toBe(200);
    const answers = list(accepted.body.BatchItemResponse);
    expect(answers).toHaveLength(30);
    expect(answers.map((a) => a.bId)).toEqual(purchases.slice(0, 30).map((_, i) => `u${i}`));
    for (const answer of answers) expect(obj(answer.Purchase).SyncToken).toBe('1');
  });

  it('refuses the size it was told to, as QuickBooks does when it lowers its limit', async () => {
    const { sim, api } = await connectedSimulator({ companies: [{ transactions: 0 }] });
    const office = await findAccount(api, 'Office Supplies');
    const purchases = await makePurchases(api, 11);
    sim.setBatchMaxItems(10);
    expect((await api.post('/batch', { BatchItemRequest: updates(purchases, office.Id) })).status).toBe(400);
    expect((await api.post('/batch', { BatchItemRequest: updates(purchases.slice(0, 10), office.Id) })).status).toBe(200);
  });

  it('refuses a batch with no items, or an item without a bId or with a repeated one', async () => {
    const { api } = await connectedSimulator({ companies: [{ transactions: 0 }] });
    const query = "select * from Account where Name = 'Checking'";
    expect((await api.post('/batch', { BatchItemRequest: [] })).status).toBe(400);
    expect((await api.post('/batch', { BatchItemRequest: [{ Query: query }] })).status).toBe(400);
    const repeated = await api.post('/batch', {
      BatchItemRequest: [
        { bId: 'a', Query: query },
        { bId: 'a', Query: query },
      ],
    });
    expect(repeated.status).toBe(400);
    expect(list(obj(repeated.body.Fault).Error)[0]?.code).toBe('2010');
  });

  it('answers each item on its own: a stale SyncToken and an inactive account fault their items, the rest are written', async () => {
    const { sim, api, realmId } = await connectedSimulator({ companies: [{ transactions: 0 }] });
    const office = await findAccount(api, 'Office Supplies');
    const inactive = await findAccount(api, 'Promotional (old)');
    const [first, second, third] = await makePurchases(api, 3);
    // Someone edits the second one inside QuickBooks after we read it.
    sim.putEntity(realmId, 'Purchase', { Id: String(second?.Id), PrivateNote: 'edited' });

    const batch = updates([first!, second!], office.Id);
    batch.push({ bId: 'bad', operation: 'update', Purchase: { Id: third?.Id, SyncToken: '0', sparse: true, Line: [expenseLine(inactive.Id, 10)] } });
    batch.push({ bId: 'read', Query: `select * from Purchase where Id IN ('${String(first?.Id)}', '${String(second?.Id)}')` });
    const response = await api.post('/batch', { BatchItemRequest: batch });
    expect(response.status).toBe(200);
    const [written, stale, invalid, read] = list(response.body.BatchItemResponse);

    expect(obj(written?.Purchase)).toMatchObject({ Id: first?.Id, SyncToken: '1' });
    expect(faultCode(stale)).toBe('5010');
    expect(obj(stale?.Fault).type).toBe('ValidationFault');
    expect(faultCode(invalid)).toBe('610');
    // Items run in order: the query sees the first update, and the second one's current SyncToken.
    const rows = list(obj(read?.QueryResponse).Purchase);
    expect(rows.map((r) => [r.Id, r.SyncToken])).toEqual(
      expect.arrayContaining([
        [first?.Id, '1'],
        [second?.Id, '1'],
      ]),
    );
    expect(sim.getEntity(realmId, 'Purchase', String(third?.Id))?.SyncToken).toBe('0');
  });

  it('throttles batches past 40 a minute with 429 while other requests still pass, and recovers after a minute', async () => {
    const { sim, api, realmId } = await connectedSimulator({ companies: [{ transactions: 0 }] });
    const batch = { BatchItemRequest: [{ bId: '1', Query: "select * from Account where Name = 'Checking'" }] };
    const statuses: number[] = [];
    for (let i = 0; i < 41; i++) statuses.push((await api.post('/batch', batch)).status);
    expect(statuses.slice(0, 40).every((s) => s === 200)).toBe(true);
    const throttled = await api.post('/batch', batch);
    expect(throttled.status).toBe(429);
    expect(list(obj(throttled.body.Fault).Error)[0]?.code).toBe('3001');
    expect(statuses[40]).toBe(429);
    // The realm's own limit (500) still has room: a plain query passes.
    expect((await api.get(`/companyinfo/${realmId}`)).status).toBe(200);
    sim.advanceClock(60_001);
    expect((await api.post('/batch', batch)).status).toBe(200);
  });

  it('honours a lower batch limit given as an option', async () => {
    const { api } = await connectedSimulator({ companies: [{ transactions: 0 }], batchRateLimitPerMinute: 2 });
    const batch = { BatchItemRequest: [{ bId: '1', Query: "select * from Account where Name = 'Checking'" }] };
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await api.post('/batch', batch)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
