import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj } from './test-support.js';

describe('query endpoint', () => {
  it('pages with 1-based STARTPOSITION and MAXRESULTS, and counts with count(*)', async () => {
    const { api } = await connectedSimulator({ companies: [{ transactions: 300 }] });
    const count = await api.query('select count(*) from Purchase');
    expect(count.status).toBe(200);
    const total = Number(obj(count.body.QueryResponse).totalCount);
    expect(total).toBeGreaterThan(50);

    const seen: string[] = [];
    for (let start = 1; ; start += 20) {
      const page = obj((await api.query(`select * from Purchase startposition ${start} maxresults 20`)).body.QueryResponse);
      if (page.Purchase === undefined) break;
      const rows = list(page.Purchase);
      expect(page.startPosition).toBe(start);
      expect(page.maxResults).toBe(rows.length);
      seen.push(...rows.map((row) => String(row.Id)));
      if (rows.length < 20) break;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('defaults to 100 rows and answers an empty result without the entity key', async () => {
    const { api } = await connectedSimulator({ companies: [{ transactions: 600 }] });
    const all = obj((await api.query('select * from Purchase')).body.QueryResponse);
    expect(list(all.Purchase)).toHaveLength(100);
    const none = await api.query("select * from Purchase where DocNumber = 'does-not-exist'");
    expect(none.body.QueryResponse).toEqual({});
  });

  it('filters by LastUpdatedTime, IN and LIKE', async () => {
    const { sim, api, realmId } = await connectedSimulator();
    const cutoff = new Date(sim.now()).toISOString();
    sim.advanceClock(1000);
    const vendor = sim.listEntities(realmId, 'Vendor')[0];
    sim.putEntity(realmId, 'Vendor', { Id: vendor?.Id, Notes: 'touched' });
    const changed = obj((await api.query(`select * from Vendor where MetaData.LastUpdatedTime > '${cutoff}'`)).body.QueryResponse);
    expect(list(changed.Vendor).map((row) => row.Id)).toEqual([vendor?.Id]);

    const byType = obj((await api.query("select * from Account where AccountType IN ('Bank', 'Credit Card')")).body.QueryResponse);
    expect(list(byType.Account).map((row) => row.Name)).toEqual(['Checking', 'Savings', 'Visa', 'Mastercard']);

    const like = obj((await api.query("select * from Account where Name LIKE 'Uncategorized%'")).body.QueryResponse);
    expect(list(like.Account).map((row) => row.Name)).toEqual(['Uncategorized Asset', 'Uncategorized Expense', 'Uncategorized Income']);
  });

  it('accepts the statement as an application/text POST body', async () => {
    const { api } = await connectedSimulator();
    const response = await api.post('/query?minorversion=75', "select * from Account where Name = 'Ask My Accountant'", 'application/text');
    expect(response.status).toBe(200);
    expect(list(obj(response.body.QueryResponse).Account)[0]).toMatchObject({ AccountType: 'Other Expense' });
  });

  it('answers a malformed query with a 400 QueryParserError fault', async () => {
    const { api } = await connectedSimulator();
    const response = await api.query('select * frm Purchase');
    expect(response.status).toBe(400);
    const fault = obj(response.body.Fault);
    expect(fault.type).toBe('ValidationFault');
    expect(list(fault.Error)[0]).toMatchObject({ code: '4000', Message: 'Error parsing query' });
    expect(String(list(fault.Error)[0]?.Detail)).toContain('QueryParserError');
    const unknown = await api.query('select * from Spaceship');
    expect(unknown.status).toBe(400);
  });
});
