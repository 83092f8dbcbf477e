import { describe, expect, it } from 'vitest';
import { connectedSimulator, list } from './test-support.js';

/**
 * Xero works tax and totals out itself: a line sent without a TaxType takes its account's own
 * (the account's `TaxType` in the chart: Office Expenses 453 is GST on Expenses, 15%), and the
 * totals follow from the lines and the object's LineAmountTypes. A client that leaves the tax
 * type out of a tax-exclusive object therefore adds tax on top of what the bank paid.
 */
const spend = (LineAmountTypes: string, LineItems: Record<string, unknown>[]) => ({
  Type: 'SPEND',
  Contact: { Name: 'Net Connect' },
  BankAccount: { Code: '090' },
  LineAmountTypes,
  LineItems,
});

describe('a line item sent without a TaxType', () => {
  it('takes its account’s default tax: on top of a tax-exclusive amount, out of a tax-inclusive one', async () => {
    const { api } = await connectedSimulator();
    const line = { Description: 'Paper', Quantity: 1, UnitAmount: 100, AccountCode: '453' };
    const [exclusive] = list((await api.put('/BankTransactions', { BankTransactions: [spend('Exclusive', [line])] })).body.BankTransactions);
    expect(list(exclusive!.LineItems)[0]).toMatchObject({ TaxType: 'INPUT2', TaxAmount: 15 });
    expect(exclusive).toMatchObject({ SubTotal: 100, TotalTax: 15, Total: 115 });
    const [inclusive] = list((await api.put('/BankTransactions', { BankTransactions: [spend('Inclusive', [line])] })).body.BankTransactions);
    expect(list(inclusive!.LineItems)[0]).toMatchObject({ TaxType: 'INPUT2', TaxAmount: 13.04 });
    expect(inclusive).toMatchObject({ SubTotal: 86.96, TotalTax: 13.04, Total: 100 });
  });

  it('moves a tax-exclusive object’s total when an update splits a line and leaves the new line’s tax out', async () => {
    const { api } = await connectedSimulator();
    const parked = { Description: 'Unknown card payment', Quantity: 1, UnitAmount: 1403.05, AccountCode: '250', TaxType: 'NONE' };
    const [created] = list((await api.put('/BankTransactions', { BankTransactions: [spend('Exclusive', [parked])] })).body.BankTransactions);
    expect(created!.Total).toBe(1403.05);
    const split = [
      { Description: 'Paper', Quantity: 1, UnitAmount: 72.53, AccountCode: '453', TaxType: 'NONE' },
      { Description: 'Rent', Quantity: 1, UnitAmount: 1330.52, AccountCode: '469' },
    ];
    const body = { BankTransactions: [{ ...spend('Exclusive', split), BankTransactionID: created!.BankTransactionID }] };
    const [updated] = list((await api.post('/BankTransactions', body)).body.BankTransactions);
    // Rent (469) is GST on Expenses: 199.58 of tax on top of 1,330.52.
    expect(updated).toMatchObject({ SubTotal: 1403.05, TotalTax: 199.58, Total: 1602.63 });
  });

  it('keeps a tax amount it is given, as Xero takes an adjusted tax', async () => {
    const { api } = await connectedSimulator();
    const line = { Description: 'Paper', Quantity: 1, UnitAmount: 10, AccountCode: '453', TaxType: 'INPUT2', TaxAmount: 1.49 };
    const [created] = list((await api.put('/BankTransactions', { BankTransactions: [spend('Exclusive', [line])] })).body.BankTransactions);
    expect(created).toMatchObject({ TotalTax: 1.49, Total: 11.49 });
  });
});

describe('an edit inside Xero (the control API)', () => {
  it('works the totals out again from the new lines, as Xero’s own screens do', async () => {
    const { sim, tenantId, api } = await connectedSimulator();
    const line = { Description: 'Paper', Quantity: 1, UnitAmount: 100, AccountCode: '453', TaxType: 'NONE' };
    const [created] = list((await api.put('/BankTransactions', { BankTransactions: [spend('Exclusive', [line])] })).body.BankTransactions);
    expect(created).toMatchObject({ TotalTax: 0, Total: 100 });
    // Someone gives the line GST in Xero: its tax is worked out and the total follows.
    const edited = sim.putEntity(tenantId, 'BankTransactions', { BankTransactionID: created!.BankTransactionID!, LineItems: [{ ...line, TaxType: 'INPUT2' }] });
    expect(edited).toMatchObject({ SubTotal: 100, TotalTax: 15, Total: 115 });
    // A change of amount type alone works them out again too.
    const inclusive = sim.putEntity(tenantId, 'BankTransactions', { BankTransactionID: created!.BankTransactionID!, LineAmountTypes: 'Inclusive' });
    expect(inclusive).toMatchObject({ SubTotal: 86.96, TotalTax: 13.04, Total: 100 });
    // An edit that leaves the lines alone leaves the totals alone.
    expect(sim.putEntity(tenantId, 'BankTransactions', { BankTransactionID: created!.BankTransactionID!, Reference: 'checked' })).toMatchObject({ Total: 100 });
  });
});
