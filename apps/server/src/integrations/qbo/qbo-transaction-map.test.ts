import { describe, expect, it } from 'vitest';
import type { QboEntity } from './qbo-api.js';
import { historyLinesOf } from './qbo-history-map.js';
import type { Lookups } from './qbo-lookups.js';
import { mapTransaction } from './qbo-transaction-map.js';

const WATCHED = '9';
const INCOME = '40';
const lookups = (watched: string[]): Lookups => ({
  watched: new Set(watched),
  itemIncomeAccount: new Map(),
  itemForIncomeAccount: new Map(),
  isCategoryAccount: (id) => id === INCOME,
});

/** Lines as Finance.xsd writes them: a deposit line's party is its Entity reference, a journal line's an Entity with a Type. */
const deposit = (account: string, entity: Record<string, string>): QboEntity => ({
  Id: '5',
  SyncToken: '0',
  TxnDate: '2026-03-02',
  DepositToAccountRef: { value: '35' },
  Line: [{ Id: '1', Amount: 120, DetailType: 'DepositLineDetail', DepositLineDetail: { AccountRef: { value: account }, Entity: entity } }],
});

const journal = (type: string): QboEntity => ({
  Id: '6',
  SyncToken: '0',
  TxnDate: '2026-03-02',
  Line: [
    { Id: '1', Amount: 80, DetailType: 'JournalEntryLineDetail', JournalEntryLineDetail: { PostingType: 'Debit', AccountRef: { value: '35' } } },
    {
      Id: '2',
      Amount: 80,
      DetailType: 'JournalEntryLineDetail',
      JournalEntryLineDetail: {
        PostingType: 'Credit',
        AccountRef: { value: WATCHED },
        Entity: { Type: type, EntityRef: { value: '58', name: 'Cool Cars' } },
        BillableStatus: 'Billable',
      },
    },
  ],
});

describe('the customer of a QuickBooks line, where its detail type keeps it', () => {
  it('reads a deposit line’s customer from its Entity (a deposit line has no CustomerRef), in either spelling of the type', () => {
    for (const type of ['Customer', 'CUSTOMER']) {
      const mapped = mapTransaction('Deposit', deposit(WATCHED, { value: '58', name: 'Cool Cars', type }), lookups([WATCHED]));
      expect(mapped?.lines.map((line) => line.customerExternalId)).toEqual(['58']);
      expect(mapped?.payee).toBe('Cool Cars');
    }
    const fromVendor = mapTransaction('Deposit', deposit(WATCHED, { value: '12', name: 'Chin’s Gas', type: 'Vendor' }), lookups([WATCHED]));
    expect(fromVendor?.lines.map((line) => line.customerExternalId)).toEqual([null]);
  });

  it('reads a journal line’s customer from its Entity’s EntityRef when the Type says customer', () => {
    const mapped = mapTransaction('JournalEntry', journal('Customer'), lookups([WATCHED]));
    expect(mapped?.lines).toMatchObject([{ customerExternalId: '58', billable: 'BILLABLE' }]);
    expect(mapped?.payee).toBe('Cool Cars');
    expect(mapTransaction('JournalEntry', journal('Vendor'), lookups([WATCHED]))?.lines.map((line) => line.customerExternalId)).toEqual([null]);
  });

  it('keeps a categorized deposit’s customer in the history it teaches', () => {
    const history = historyLinesOf('Deposit', deposit(INCOME, { value: '58', name: 'Cool Cars', type: 'Customer' }), lookups([]));
    expect(history).toMatchObject([{ categoryExternalId: INCOME, customerExternalId: '58', payee: 'Cool Cars', deposit: true, amountCents: 12_000 }]);
  });
});
