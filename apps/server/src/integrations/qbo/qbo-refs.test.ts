import { describe, expect, it } from 'vitest';
import { referencePage } from './qbo-refs.js';

describe('QuickBooks reference lists', () => {
  it('names a tax code by its description, not its code, and by its code when it has no description', () => {
    const { refs } = referencePage('TaxCode', [
      { Id: 'NON', SyncToken: '0', Name: 'NON', Description: 'Non-Taxable' },
      { Id: 'TAX', SyncToken: '0', Name: 'TAX', Description: 'Taxable' },
      { Id: '7', SyncToken: '0', Name: 'City tax' },
    ]);
    expect(refs.every((r) => r.kind === 'TAX')).toBe(true);
    expect(Object.fromEntries(refs.map((r) => [r.externalId, r.name]))).toEqual({ NON: 'Non-Taxable', TAX: 'Taxable', '7': 'City tax' });
  });

  it('leaves deleted entries out and keeps inactive ones, so old transactions still find them', () => {
    const { accounts } = referencePage('Account', [
      { Id: '1', SyncToken: '0', Name: 'Checking', AccountType: 'Bank', Active: false },
      { Id: '2', SyncToken: '0', status: 'Deleted' },
    ]);
    expect(accounts).toEqual([expect.objectContaining({ externalId: '1', name: 'Checking', isPaymentAccount: true, active: false })]);
  });

  it('knows a sub-account’s parent from its ParentRef, and only a sub-account’s', () => {
    const { accounts } = referencePage('Account', [
      { Id: '30', SyncToken: '0', Name: 'Utilities', AccountType: 'Expense', SubAccount: false },
      { Id: '31', SyncToken: '0', Name: 'Electric', AccountType: 'Expense', SubAccount: true, ParentRef: { value: '30' } },
    ]);
    expect(accounts.map((a) => [a.externalId, a.parentExternalId])).toEqual([
      ['30', null],
      ['31', '30'],
    ]);
  });
});
