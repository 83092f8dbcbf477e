import { XERO_ACCOUNT_TYPES, XERO_BANK_ACCOUNT_TYPES } from '@herd/contract';
import { openApiContract } from '@herd/simulators';
import { describe, expect, it } from 'vitest';

const xero = () => openApiContract('xero/xero_accounting.yaml');

/**
 * The account types and subtypes Herd lists for Xero are spelt as Xero's published Accounting API
 * spells an Account's `Type` (AccountType) and `BankAccountType`: an account carrying each is within
 * the contract's Account schema.
 */
describe('Xero account types and subtypes listed by Herd', () => {
  it('are an Account’s Type and, for a BANK account, its BankAccountType', () => {
    for (const type of XERO_ACCOUNT_TYPES) expect(xero().checkSchema('Account', { Type: type }, `Account of type ${type}`)).toEqual([]);
    for (const kind of XERO_BANK_ACCOUNT_TYPES) expect(xero().checkSchema('Account', { Type: 'BANK', BankAccountType: kind }, `bank account ${kind}`)).toEqual([]);
  });

  it('would be caught misspelt', () => {
    expect(xero().checkSchema('Account', { Type: 'BANK', BankAccountType: 'SAVINGS' })).not.toEqual([]);
  });
});
