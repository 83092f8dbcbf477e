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
});
