import { QBO_ACCOUNT_TYPES } from '@herd/contract';
import { qboSchema } from '@herd/simulators';
import { describe, expect, it } from 'vitest';

/**
 * The account types and subtypes Herd offers for a new QuickBooks category are what Herd sends as
 * AccountType and AccountSubType. The schema reads AccountType as an enumeration (AccountTypeEnum);
 * AccountSubType is free text there, its spellings published beside it as AccountSubTypeEnum.
 */
describe('QuickBooks account types offered by Herd', () => {
  it('are spelt as Intuit’s schema spells them', () => {
    for (const [type, subtypes] of Object.entries(QBO_ACCOUNT_TYPES)) {
      expect(qboSchema().checkType('AccountTypeEnum', type, 'AccountType')).toEqual([]);
      for (const subtype of subtypes) expect(qboSchema().checkType('AccountSubTypeEnum', subtype, `AccountSubType of ${type}`)).toEqual([]);
    }
  });

  it('file each detail type under one account type, and leave out the type QuickBooks Online does not take', () => {
    const all = Object.values(QBO_ACCOUNT_TYPES).flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(QBO_ACCOUNT_TYPES)).not.toContain('Non-Posting');
    // The check bites: a spelling of QuickBooks Desktop's is not one of QuickBooks Online's.
    expect(qboSchema().checkType('AccountSubTypeEnum', 'AdvertisingOrPromotional', 'AccountSubType')).not.toEqual([]);
  });
});
