import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj } from './test-support.js';

describe('change data capture', () => {
  it('returns changed and deleted objects since a time, per entity', async () => {
    const { sim, api, realmId } = await connectedSimulator();
    const since = new Date(sim.now()).toISOString();
    sim.advanceClock(1000);
    const [first, second] = sim.listEntities(realmId, 'Purchase');
    const deposit = sim.listEntities(realmId, 'Deposit')[0];
    const updated = await api.post('/purchase', { Id: first?.Id, SyncToken: first?.SyncToken, sparse: true, PrivateNote: 'recoded' });
    expect(updated.status).toBe(200);
    const removed = await api.post('/purchase?operation=delete', { Id: second?.Id, SyncToken: second?.SyncToken });
    expect(removed.status).toBe(200);
    sim.putEntity(realmId, 'Deposit', { Id: deposit?.Id, PrivateNote: 'edited inside QuickBooks' });

    const response = await api.get(`/cdc?entities=Purchase,Deposit,Bill&changedSince=${encodeURIComponent(since)}&minorversion=75`);
    expect(response.status).toBe(200);
    const [purchases, deposits, bills] = list(obj(list(response.body.CDCResponse)[0]).QueryResponse);
    const purchaseRows = list(obj(purchases).Purchase);
    expect(purchaseRows.map((row) => row.Id)).toEqual([first?.Id, second?.Id]);
    expect(purchaseRows[0]).toMatchObject({ PrivateNote: 'recoded', SyncToken: '1' });
    expect(purchaseRows[1]).toEqual({ Id: second?.Id, status: 'Deleted', domain: 'QBO', MetaData: { LastUpdatedTime: expect.any(String) } });
    expect(list(obj(deposits).Deposit)).toHaveLength(1);
    expect(bills).toEqual({});
  });

  it('refuses a lookback beyond 30 days and caps a response at 1,000 objects', async () => {
    const { sim, api } = await connectedSimulator({ companies: [{ transactions: 6000 }] });
    const tooOld = new Date(sim.now() - 31 * 86_400_000).toISOString();
    const refused = await api.get(`/cdc?entities=Purchase&changedSince=${encodeURIComponent(tooOld)}`);
    expect(refused.status).toBe(400);
    expect(obj(refused.body.Fault).type).toBe('ValidationFault');

    const month = new Date(sim.now() - 29 * 86_400_000).toISOString();
    const capped = await api.get(`/cdc?entities=Purchase,Deposit,JournalEntry&changedSince=${encodeURIComponent(month)}`);
    const responses = list(obj(list(capped.body.CDCResponse)[0]).QueryResponse);
    const total = responses.reduce(
      (sum, part) =>
        sum +
        Object.values(part)
          .filter(Array.isArray)
          .reduce((n, rows) => n + rows.length, 0),
      0,
    );
    expect(total).toBe(1000);
  });
});
