import { describe, expect, it } from 'vitest';
import { connectedSimulator, list, obj } from './test-support.js';
import type { ApiClient } from './test-support.js';

const spend = (line: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  Type: 'SPEND',
  Contact: { Name: 'PowerDirect' },
  BankAccount: { Code: '090' },
  LineItems: [{ Description: 'x', UnitAmount: 10, AccountCode: '429', TaxType: 'NONE', ...line }],
  ...extra,
});

async function errorsOf(api: ApiClient, item: Record<string, unknown>): Promise<string[]> {
  const response = await api.put('/BankTransactions', { BankTransactions: [item] });
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred' });
  return list(list(response.body.Elements)[0]?.ValidationErrors).map((error) => String(error.Message));
}

describe('validation', () => {
  it('refuses an unknown AccountCode or AccountID', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    expect(await errorsOf(api, spend({ AccountCode: '999' }))).toEqual(["Account code '999' is not a valid code for this document."]);
    expect((await errorsOf(api, spend({ AccountCode: undefined, AccountID: '00000000-0000-4000-8000-000000000000' })))[0]).toContain('not a valid code');
  });

  it('refuses a TaxType that is not in TaxRates', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    expect(await errorsOf(api, spend({ TaxType: 'MADEUP' }))).toEqual(["The TaxType code 'MADEUP' does not exist or cannot be used for this type of transaction."]);
  });

  it('refuses more than 2 tracking entries and an unknown option, and fills in a known one', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const three = [
      { Name: 'Region', Option: 'North' },
      { Name: 'Department', Option: 'Sales' },
      { Name: 'Region', Option: 'South' },
    ];
    expect(await errorsOf(api, spend({ Tracking: three }))).toContain('A line item can have at most 2 tracking categories');
    expect((await errorsOf(api, spend({ Tracking: [{ Name: 'Region', Option: 'Atlantis' }] })))[0]).toContain("'Atlantis' does not exist");
    const ok = await api.put('/BankTransactions', { BankTransactions: [spend({ Tracking: [{ Name: 'region', Option: 'north' }] })] });
    const tracking = list(list(list(ok.body.BankTransactions)[0]?.LineItems)[0]?.Tracking);
    expect(tracking[0]).toMatchObject({ Name: 'Region', Option: 'North' });
    expect(typeof tracking[0]?.TrackingOptionID).toBe('string');
  });

  it('refuses line amounts and totals that do not add up for the LineAmountTypes', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    expect((await errorsOf(api, spend({ Quantity: 2, UnitAmount: 10, LineAmount: 25 })))[0]).toContain('does not match the expected line total 20.00');
    expect((await errorsOf(api, spend({ TaxType: 'INPUT2' }, { Total: 10 })))[0]).toContain('The Total 10.00 does not equal the sum of the lines 11.50');
    // Inclusive: the same lines total 10 with the tax inside.
    const inclusive = await api.put('/BankTransactions', { BankTransactions: [spend({ TaxType: 'INPUT2' }, { LineAmountTypes: 'Inclusive', Total: 10 })] });
    expect(list(inclusive.body.BankTransactions)[0]).toMatchObject({ Total: 10, TotalTax: 1.3, SubTotal: 8.7 });
  });

  it('refuses an unbalanced manual journal and keeps signed journal lines', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const unbalanced = await api.put('/ManualJournals', {
      ManualJournals: [
        {
          Narration: 'Reclass',
          JournalLines: [
            { LineAmount: 50, AccountCode: '429' },
            { LineAmount: -40, AccountCode: '250' },
          ],
        },
      ],
    });
    expect(unbalanced.status).toBe(400);
    // Xero states the credits signed, as its lines carry them.
    expect(list(list(unbalanced.body.Elements)[0]?.ValidationErrors)[0]?.Message).toBe('The total debits (50.00) must equal total credits (-40.00)');
    const journal = await api.put('/ManualJournals', {
      ManualJournals: [
        {
          Narration: 'Reclass',
          JournalLines: [
            { LineAmount: 50, AccountCode: '429' },
            { LineAmount: -50, AccountCode: '250' },
          ],
        },
      ],
    });
    expect(list(list(journal.body.ManualJournals)[0]?.JournalLines).map((line) => line.LineAmount)).toEqual([50, -50]);
  });

  it('with errors summarised, one bad item refuses the whole request and writes nothing', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const before = sim.listEntities(tenantId, 'BankTransactions').length;
    const response = await api.put('/BankTransactions', { BankTransactions: [spend({ Description: 'good' }), spend({ AccountCode: '999', Description: 'bad' })] });
    expect(response.status).toBe(400);
    // The contract's Element carries the refusal's messages (and an id the object had), not the object echoed whole.
    const elements = list(response.body.Elements);
    expect(elements).toEqual([{ ValidationErrors: [{ Message: "Account code '999' is not a valid code for this document." }] }]);
    expect(sim.listEntities(tenantId, 'BankTransactions')).toHaveLength(before);
  });

  it('with summarizeErrors=false answers 200, keeps the good items and marks the bad ones', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const before = sim.listEntities(tenantId, 'BankTransactions').length;
    const response = await api.put('/BankTransactions?summarizeErrors=false', {
      BankTransactions: [spend({ Description: 'good' }), spend({ AccountCode: '999', Description: 'bad' })],
    });
    expect(response.status).toBe(200);
    const [good, bad] = list(response.body.BankTransactions);
    // A bank transaction says how it fared in StatusAttributeString; HasErrors is an invoice's field only.
    expect(good).toMatchObject({ StatusAttributeString: 'OK' });
    expect(bad).toMatchObject({ StatusAttributeString: 'ERROR' });
    expect(bad).not.toHaveProperty('HasErrors');
    expect(list(bad?.ValidationErrors)[0]?.Message).toContain("'999'");
    expect(sim.listEntities(tenantId, 'BankTransactions')).toHaveLength(before + 1);
  });

  it('refuses duplicate contact names and unreadable JSON', async () => {
    const { api, sim } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const duplicate = await api.put('/Contacts', { Contacts: [{ Name: 'powerdirect' }] });
    expect(duplicate.status).toBe(400);
    expect(JSON.stringify(duplicate.body)).toContain('must be unique');
    const garbled = await fetch(`${sim.url}/api.xro/2.0/Contacts`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${sim.connect().access_token}`,
        'xero-tenant-id': sim.organisations()[0]?.tenantId ?? '',
        accept: 'application/json',
        'content-type': 'application/json',
      },
      body: '{"Contacts":[',
    });
    expect(garbled.status).toBe(400);
    expect(obj(await garbled.json())).toMatchObject({ Type: 'PostDataInvalidException' });
  });
});
