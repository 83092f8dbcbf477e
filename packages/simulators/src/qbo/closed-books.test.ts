import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj, type ApiClient } from './test-support.js';
import type { JsonObject } from './types.js';

const accountId = async (api: ApiClient, name: string): Promise<string> =>
  String(list(obj((await api.query(`select * from Account where Name = '${name}'`)).body.QueryResponse).Account)[0]?.Id);

const journalLine = (posting: string, account: string, amount: number): JsonObject => ({
  Amount: amount,
  DetailType: 'JournalEntryLineDetail',
  JournalEntryLineDetail: { PostingType: posting, AccountRef: { value: account } },
});

const firstError = (body: JsonObject): JsonObject => list(obj(body.Fault).Error)[0] ?? {};

/** A company whose books are closed through 2025-03-31, with a journal and a purchase on either side of that day. */
const closedCompany = async () => {
  const { sim, realmId, api } = await connectedSimulator({ companies: [{ transactions: 0 }] });
  const expense = await accountId(api, 'Uncategorized Expense');
  const checking = await accountId(api, 'Checking');
  const purchase = (date: string) =>
    sim.putEntity(realmId, 'Purchase', {
      TxnDate: date,
      PaymentType: 'Cash',
      AccountRef: { value: checking },
      Line: [{ Amount: 12.5, DetailType: 'AccountBasedExpenseLineDetail', AccountBasedExpenseLineDetail: { AccountRef: { value: expense } } }],
    });
  const closed = purchase('2025-03-31');
  const open = purchase('2025-04-01');
  const prefs = sim.getEntity(realmId, 'Preferences', '2')!;
  sim.putEntity(realmId, 'Preferences', { Id: '2', AccountingInfoPrefs: { ...obj(prefs.AccountingInfoPrefs), BookCloseDate: '2025-03-31' } });
  const journal = (date: string) => ({ TxnDate: date, Line: [journalLine('Debit', expense, 40), journalLine('Credit', checking, 40)] });
  return { sim, realmId, api, closed, open, journal };
};

describe("QuickBooks' closing date", () => {
  it('refuses a journal entry dated on or before it, and takes one dated the day after', async () => {
    const { sim, realmId, api, journal } = await closedCompany();
    for (const date of ['2025-03-31', '2024-12-01']) {
      const refused = await api.post('/journalentry', journal(date));
      expect(refused.status, date).toBe(400);
      expect(obj(refused.body.Fault).type).toBe('ValidationFault');
      expect(firstError(refused.body)).toMatchObject({ code: '6200', Message: 'Account Period Closed, Cannot Update Through Services API' });
    }
    expect(sim.listEntities(realmId, 'JournalEntry')).toHaveLength(0);
    const taken = await api.post('/journalentry', journal('2025-04-01'));
    expect(taken.status).toBe(200);
    expect(obj(taken.body.JournalEntry).TxnDate).toBe('2025-04-01');
  });

  it('keeps an edit or a deletion out of the closed period, and an edit from moving a transaction into it', async () => {
    const { api, closed, open } = await closedCompany();
    const edit = (row: JsonObject, fields: JsonObject) => api.post('/purchase', { Id: row.Id, SyncToken: row.SyncToken, sparse: true, ...fields });
    expect(firstError((await edit(closed, { PrivateNote: 'too late' })).body).code).toBe('6200');
    expect(firstError((await edit(closed, { TxnDate: '2025-04-02' })).body).code).toBe('6200');
    expect(firstError((await edit(open, { TxnDate: '2025-03-30' })).body).code).toBe('6200');
    expect(firstError((await api.post('/purchase?operation=delete', { Id: closed.Id, SyncToken: closed.SyncToken })).body).code).toBe('6200');
    const allowed = await edit(open, { PrivateNote: 'still open' });
    expect(obj(allowed.body.Purchase)).toMatchObject({ PrivateNote: 'still open', SyncToken: '1' });
  });

  it('answers a batch item in the closed period with its own fault, leaving the others', async () => {
    const { api, journal } = await closedCompany();
    const answered = await api.post('/batch', {
      BatchItemRequest: [
        { bId: '1', operation: 'create', JournalEntry: journal('2025-03-01') },
        { bId: '2', operation: 'create', JournalEntry: journal('2025-04-01') },
      ],
    });
    const [closedItem, openItem] = list(answered.body.BatchItemResponse);
    expect(firstError(obj(closedItem))).toMatchObject({ code: '6200' });
    expect(obj(openItem?.JournalEntry).TxnDate).toBe('2025-04-01');
  });

  it('refuses nothing once the books are reopened', async () => {
    const { sim, realmId, api, journal } = await closedCompany();
    const prefs = sim.getEntity(realmId, 'Preferences', '2')!;
    sim.putEntity(realmId, 'Preferences', { Id: '2', AccountingInfoPrefs: { ...obj(prefs.AccountingInfoPrefs), BookCloseDate: undefined } });
    expect((await api.post('/journalentry', journal('2025-03-01'))).status).toBe(200);
  });
});
