import { describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { connectedSimulator, list } from './test-support.js';

const messagesOf = (body: Record<string, unknown>) => list(list(body.Elements)[0]?.ValidationErrors).map((error) => error.Message);

describe("held to Xero's published contract", () => {
  it('refuses a query parameter the operation does not take with a 400 ValidationException in the contract’s words', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const refused = await api.get('/Accounts?page=2');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred' });
    const rule = `query parameter "page" is not one of GET /Accounts's parameters (#/paths/~1Accounts/get/parameters)`;
    expect(messagesOf(refused.body)).toEqual([rule]);
    expect(takeContractViolations()).toEqual([{ contract: 'xero/xero_accounting.yaml', direction: 'request', message: 'GET /Accounts', problems: [rule] }]);
  });

  it('refuses a body not wrapped as the contract has it, and writes nothing', async () => {
    const { sim, api, tenantId } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const before = sim.listEntities(tenantId, 'BankTransactions').length;
    const bare = { Type: 'SPEND', BankAccount: { Code: '090' }, LineItems: [{ Description: 'x', UnitAmount: 10, AccountCode: '429' }] };
    const refused = await api.put('/BankTransactions', bare);
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.body)).toContain(
      'PUT /BankTransactions body (the whole value) has "Type", which the contract does not define here (#/components/schemas/BankTransactions/unevaluatedProperties)',
    );
    expect(sim.listEntities(tenantId, 'BankTransactions')).toHaveLength(before);
    const [violation] = takeContractViolations();
    expect(violation).toMatchObject({ direction: 'request', message: 'PUT /BankTransactions' });
    expect(violation?.problems).toHaveLength(3);
  });

  it('refuses an enum spelt otherwise than the contract spells it', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const refused = await api.put('/BankTransactions', {
      BankTransactions: [{ Type: 'Spend', BankAccount: { Code: '090' }, LineItems: [{ Description: 'x', UnitAmount: 10, AccountCode: '429' }] }],
    });
    expect(refused.status).toBe(400);
    expect(messagesOf(refused.body)[0]).toMatch(
      /\/BankTransactions\/0\/Type must be one of "RECEIVE".* \(#\/components\/schemas\/BankTransaction\/properties\/Type\/enum\)$/,
    );
    expect(takeContractViolations()).toHaveLength(1);
  });

  it('answers a refused write with the contract’s Error: its elements carry the messages, not the object echoed', async () => {
    const { api } = await connectedSimulator({ organisations: [{ transactions: 1 }] });
    const refused = await api.put('/Contacts', { Contacts: [{ Name: 'PowerDirect' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.Elements).toEqual([{ ValidationErrors: [{ Message: expect.stringContaining('is already assigned to another contact') }] }]);
    // The answer was judged against the contract and passed: nothing is left to take.
    expect(takeContractViolations()).toEqual([]);
  });
});
