import { describe, expect, it } from 'vitest';
import { connectedSimulator, list } from './test-support.js';

/** The clock stands at 1 June 2026 (test-support's START): the period is locked through April, the year through March. */
const PERIOD_LOCK = '2026-04-30';
const YEAR_LOCK = '2026-03-31';
const PERIOD_REFUSAL = 'The document date cannot be before the period lock date, currently set at 30-Apr-2026';
const YEAR_REFUSAL = 'The document date cannot be before the end of year lock date, currently set at 31-Mar-2026';

const journal = (Date: string, Status = 'POSTED') => ({
  Narration: 'Reclass',
  Date,
  Status,
  JournalLines: [
    { LineAmount: 50, AccountCode: '429' },
    { LineAmount: -50, AccountCode: '250' },
  ],
});

const locked = async () => {
  const world = await connectedSimulator({ organisations: [{ transactions: 40 }] });
  world.sim.setLockDates(world.tenantId, { period: PERIOD_LOCK, endOfYear: YEAR_LOCK });
  return world;
};

const refusalsOf = (body: Record<string, unknown>, key: string) => list(list(body[key])[0]?.ValidationErrors).map((error) => error.Message);

describe('lock dates', () => {
  it('refuse a journal posted on or before a lock, naming each lock that closes its day, and take the first open day', async () => {
    const { sim, api, tenantId } = await locked();
    const before = sim.listEntities(tenantId, 'ManualJournals').length;
    const onLock = await api.put('/ManualJournals?summarizeErrors=false', { ManualJournals: [journal(PERIOD_LOCK)] });
    expect(onLock.status).toBe(200);
    expect(list(onLock.body.ManualJournals)[0]).toMatchObject({ StatusAttributeString: 'ERROR' });
    expect(refusalsOf(onLock.body, 'ManualJournals')).toEqual([PERIOD_REFUSAL]);
    const inYear = await api.put('/ManualJournals?summarizeErrors=false', { ManualJournals: [journal(YEAR_LOCK)] });
    expect(refusalsOf(inYear.body, 'ManualJournals')).toEqual([PERIOD_REFUSAL, YEAR_REFUSAL]);
    // Summarised, the refusal is the request's 400.
    const summarised = await api.put('/ManualJournals', { ManualJournals: [journal(PERIOD_LOCK)] });
    expect(summarised.status).toBe(400);
    expect(refusalsOf(summarised.body, 'Elements')).toEqual([PERIOD_REFUSAL]);
    expect(sim.listEntities(tenantId, 'ManualJournals')).toHaveLength(before);

    const open = await api.put('/ManualJournals?summarizeErrors=false', { ManualJournals: [journal('2026-05-01')] });
    expect(list(open.body.ManualJournals)[0]).toMatchObject({ StatusAttributeString: 'OK', Status: 'POSTED' });
    expect(sim.listEntities(tenantId, 'ManualJournals')).toHaveLength(before + 1);
  });

  it('leave a draft free, but refuse changing a document already in the ledger on a closed day', async () => {
    const { sim, api, tenantId } = await locked();
    expect((await api.put('/ManualJournals', { ManualJournals: [journal(PERIOD_LOCK, 'DRAFT')] })).status).toBe(200);
    const day = (wire: unknown) => new Date(Number(/\d+/.exec(String(wire))![0])).toISOString().slice(0, 10);
    const spend = sim.listEntities(tenantId, 'BankTransactions').find((row) => row.Type === 'SPEND' && day(row.Date) <= PERIOD_LOCK)!;
    const before = sim.getEntity(tenantId, 'BankTransactions', String(spend.BankTransactionID));
    const edit = { BankTransactionID: spend.BankTransactionID, Type: 'SPEND', BankAccount: spend.BankAccount, LineItems: spend.LineItems, Reference: 'recoded' };
    const refused = await api.post('/BankTransactions?summarizeErrors=false', { BankTransactions: [edit] });
    expect(refusalsOf(refused.body, 'BankTransactions')[0]).toBe(PERIOD_REFUSAL);
    expect(sim.getEntity(tenantId, 'BankTransactions', String(spend.BankTransactionID))).toEqual(before);
  });

  it('bind nothing once cleared', async () => {
    const { sim, api, tenantId } = await locked();
    sim.setLockDates(tenantId, { period: null, endOfYear: null });
    const answer = await api.put('/ManualJournals?summarizeErrors=false', { ManualJournals: [journal(YEAR_LOCK)] });
    expect(list(answer.body.ManualJournals)[0]).toMatchObject({ StatusAttributeString: 'OK' });
  });
});
