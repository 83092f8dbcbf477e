import { describe, expect, it } from 'vitest';
import { createControl } from './control.js';
import { createQboState } from './state.js';
import { CLIENT_ID, CLIENT_SECRET } from './test-support.js';
import type { QboEntity } from './types.js';

const WATCHED = ['Uncategorized Expense', 'Uncategorized Income', 'Uncategorized Asset', 'Ask My Accountant'];
const TRANSACTIONS = ['Purchase', 'Deposit', 'JournalEntry', 'Bill', 'VendorCredit', 'SalesReceipt'];

function bigCompany() {
  return createControl(
    createQboState({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      startTime: '2026-03-01T12:00:00Z',
      companies: [{ realmId: '4620816365000001', name: 'Bench Co', transactions: 20_000, watchedShare: 0.25 }],
    }),
  );
}

/** Account ids a transaction posts to, found anywhere in its lines. */
function postedAccounts(row: QboEntity): string[] {
  const ids: string[] = [];
  for (const line of Array.isArray(row.Line) ? row.Line : []) {
    const text = JSON.stringify(line);
    for (const match of text.matchAll(/"AccountRef":\{"value":"(\d+)"/g)) ids.push(match[1] ?? '');
  }
  return ids;
}

describe('seeding', () => {
  it('seeds 20,000 transactions identically on every run, with exactly the watched share', () => {
    const first = bigCompany();
    const second = bigCompany();
    const realmId = '4620816365000001';
    const all = (control: typeof first) => TRANSACTIONS.flatMap((entity) => control.listEntities(realmId, entity));
    const rows = all(first);
    expect(rows).toHaveLength(20_000);
    expect(JSON.stringify(all(second))).toBe(JSON.stringify(rows));

    const watchedIds = new Set(
      first
        .listEntities(realmId, 'Account')
        .filter((row) => WATCHED.includes(String(row.Name)))
        .map((row) => row.Id),
    );
    expect(watchedIds.size).toBe(4);
    const onWatched = rows.filter((row) => postedAccounts(row).some((id) => watchedIds.has(id)));
    expect(onWatched).toHaveLength(5_000);
  });

  it('covers every transaction subtype over the last 90 days, with a realistic chart of accounts', () => {
    const control = bigCompany();
    const realmId = '4620816365000001';
    const purchases = control.listEntities(realmId, 'Purchase');
    expect(new Set(purchases.map((row) => row.PaymentType))).toEqual(new Set(['Cash', 'Check', 'CreditCard']));
    expect(purchases.some((row) => row.Credit === true)).toBe(true);
    for (const entity of TRANSACTIONS) expect(control.listEntities(realmId, entity).length).toBeGreaterThan(500);
    const dates = TRANSACTIONS.flatMap((entity) => control.listEntities(realmId, entity).map((row) => String(row.TxnDate))).sort();
    // 2026-03-01T12:00Z is 05:00 in the company's zone; 90 days back, with hours shaved off, is 1 December.
    expect(dates[0]).toBe('2025-12-01');
    expect(String(dates.at(-1)) >= '2026-02-28' && String(dates.at(-1)) <= '2026-03-01').toBe(true);

    const accounts = control.listEntities(realmId, 'Account');
    const byName = new Map(accounts.map((row) => [row.Name, row]));
    expect(byName.get('Uncategorized Asset')).toMatchObject({ AccountType: 'Other Current Asset', AccountSubType: 'OtherCurrentAssets', Classification: 'Asset' });
    expect(byName.get('Ask My Accountant')).toMatchObject({ AccountType: 'Other Expense' });
    expect(byName.get('Visa')).toMatchObject({ AccountType: 'Credit Card', AccountSubType: 'CreditCard' });
    expect(accounts.some((row) => row.Active === false)).toBe(true);
    expect(control.listEntities(realmId, 'TaxCode').map((row) => row.Id)).toEqual(['TAX', 'NON']);

    const journal = control.listEntities(realmId, 'JournalEntry')[0];
    expect(journal?.TotalAmt).toBeGreaterThan(0);
  });
});
