import { describe, expect, it } from 'vitest';
import { openApiContract } from './openapi-contract.js';

const xero = openApiContract('xero/xero_accounting.yaml');
const twilio = openApiContract('twilio/twilio_api_v2010.json');
const tenant = { 'xero-tenant-id': '7e5f4c3b-0000-4000-a000-000000000001', 'content-type': 'application/json' };

describe('judging a request by a published OpenAPI contract', () => {
  it('names the operation by its own path template, the more specific one first', () => {
    expect(xero.operationFor('GET', '/Accounts/abc')?.label).toBe('GET /Accounts/{AccountID}');
    expect(xero.operationFor('GET', '/Accounts/abc/Attachments')?.label).toBe('GET /Accounts/{AccountID}/Attachments');
    expect(xero.operationFor('GET', '/Nothing')).toBeUndefined();
  });

  it('passes a request the contract allows', () => {
    const { problems } = xero.checkRequest({
      method: 'POST',
      path: '/BankTransactions',
      query: { unitdp: '4' },
      headers: tenant,
      body: {
        BankTransactions: [
          {
            Type: 'SPEND',
            Contact: { ContactID: 'c' },
            BankAccount: { AccountID: 'a' },
            LineItems: [{ Description: 'Lunch', AccountCode: '420', TaxType: 'INPUT', LineAmount: 12.5 }],
          },
        ],
      },
    });
    expect(problems).toEqual([]);
  });

  it('reports fields the contract does not define, wrong types and enum spellings, each with the rule it breaks', () => {
    const { problems } = xero.checkRequest({
      method: 'POST',
      path: '/BankTransactions',
      query: {},
      headers: tenant,
      body: { BankTransactions: [{ Type: 'Spend', Class: 'x', LineItems: [{ TaxType: 5 }] }] },
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/\/BankTransactions\/0\/Type must be one of "RECEIVE".*\(#\/components\/schemas\/BankTransaction\/properties\/Type\/enum\)/),
        expect.stringContaining('/BankTransactions/0 has "Class", which the contract does not define here (#/components/schemas/BankTransaction/unevaluatedProperties)'),
        expect.stringContaining('/BankTransactions/0/LineItems/0/TaxType must be string (#/components/schemas/LineItem/properties/TaxType/type)'),
      ]),
    );
  });

  it('reports unknown query parameters, missing required headers, unknown paths and methods', () => {
    expect(xero.checkRequest({ method: 'GET', path: '/Accounts', query: { page: '2' }, headers: {} }).problems).toEqual([
      `query parameter "page" is not one of GET /Accounts's parameters (#/paths/~1Accounts/get/parameters)`,
      'header "xero-tenant-id" is required by GET /Accounts (#/paths/~1Accounts/get/parameters)',
    ]);
    expect(xero.checkRequest({ method: 'GET', path: '/Nowhere', query: {}, headers: {} }).problems).toEqual(['/Nowhere is not a path of the contract (paths)']);
    expect(xero.checkRequest({ method: 'PATCH', path: '/Accounts', query: {}, headers: {} }).problems).toEqual(['PATCH is not an operation of /Accounts (paths)']);
  });

  it('reads query text as the declared type: a number where one is declared, and refuses one that is not', () => {
    const ok = xero.checkRequest({ method: 'GET', path: '/BankTransactions', query: { page: '3', unitdp: '4' }, headers: tenant });
    expect(ok.problems).toEqual([]);
    const bad = xero.checkRequest({ method: 'GET', path: '/BankTransactions', query: { page: 'three' }, headers: tenant });
    expect(bad.problems).toEqual([expect.stringContaining('query parameter "page" of GET /BankTransactions (the whole value) must be integer')]);
  });

  it('judges a form body by its declared fields, and a body where none is taken', () => {
    const path = '/2010-04-01/Accounts/AC0123/Messages.json';
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(twilio.checkRequest({ method: 'POST', path, query: {}, headers: form, body: { To: '+12025550143', From: '+12025550100', Body: 'Hi' } }).problems).toEqual([]);
    expect(twilio.checkRequest({ method: 'POST', path, query: {}, headers: form, body: { To: '+1', Colour: 'red' } }).problems).toEqual([
      expect.stringContaining('has "Colour", which the contract does not define here'),
    ]);
    expect(twilio.checkRequest({ method: 'POST', path, query: {}, headers: { 'content-type': 'application/json' }, body: { To: '+1' } }).problems).toEqual([
      expect.stringContaining('takes application/x-www-form-urlencoded, not application/json'),
    ]);
    expect(xero.checkRequest({ method: 'GET', path: '/Accounts', query: {}, headers: tenant, body: { Accounts: [] } }).problems).toEqual([
      'GET /Accounts takes no body (#/paths/~1Accounts/get)',
    ]);
  });
});

describe('judging an answer by the same contract', () => {
  const accounts = xero.operationFor('GET', '/Accounts')!;

  it('passes an answer in the contract’s shapes, and reports one that strays', () => {
    expect(xero.checkResponse(accounts, 200, 'application/json; charset=utf-8', { Accounts: [{ AccountID: 'a', Code: '420', Type: 'EXPENSE' }] })).toEqual([]);
    expect(xero.checkResponse(accounts, 200, 'application/json', { Accounts: [{ Type: 'Expense', Colour: 1 }] })).toEqual([
      expect.stringContaining('GET /Accounts answer 200 /Accounts/0/Type must be one of "BANK"'),
      expect.stringContaining('/Accounts/0 has "Colour", which the contract does not define here (#/components/schemas/Account/unevaluatedProperties)'),
    ]);
  });

  it('does not judge a status the contract does not describe', () => {
    expect(xero.checkResponse(accounts, 429, 'application/json', { anything: true })).toEqual([]);
  });
});

describe('contract forms the checker reads as their authors meant', () => {
  const karbon = openApiContract('karbon/KarbonAPI.json');

  it('matches a parameter written inside a path segment', () => {
    expect(karbon.operationFor('GET', "/v3/Comments('7sQ2xWb')")?.label).toBe("GET /v3/Comments('{Commentkey}')");
  });

  it('reads a choice told apart only by format as any of them: a due date given as a date-time or a date', () => {
    const patch = (DueDate: unknown) =>
      karbon.checkRequest({ method: 'PATCH', path: '/v3/WorkItems/abc', query: {}, headers: { 'content-type': 'application/json' }, body: { DueDate } }).problems;
    expect(patch('2026-12-24T00:00:00Z')).toEqual([]);
    expect(patch('2026-12-24')).toEqual([]);
    expect(patch(24)).not.toEqual([]);
  });
});

describe('definitions written once and pointed at', () => {
  it('judges an answer written under components/responses by its own schema, and names it', () => {
    const write = xero.operationFor('POST', '/BankTransactions')!;
    const refusal = { ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred', Elements: [{ ValidationErrors: [{ Message: 'x' }] }] };
    expect(xero.checkResponse(write, 400, 'application/json', refusal)).toEqual([]);
    expect(xero.checkResponse(write, 400, 'application/json', { ...refusal, Colour: 1 })).toEqual([expect.stringContaining('has "Colour"')]);
  });

  it('takes a file’s bytes as they are, judging only their content type', () => {
    const path = '/BankTransactions/abc/Attachments/receipt.pdf';
    expect(
      xero.checkRequest({ method: 'PUT', path, query: {}, headers: { ...tenant, 'content-type': 'application/octet-stream' }, body: Buffer.from('%PDF-1.7') }).problems,
    ).toEqual([]);
    expect(
      xero.checkRequest({ method: 'PUT', path, query: {}, headers: { ...tenant, 'content-type': 'application/pdf' }, body: Buffer.from('%PDF-1.7') }).problems,
    ).toEqual([expect.stringContaining('takes application/octet-stream, not application/pdf')]);
  });

  it('judges a payload by a named schema of a contract with no paths', () => {
    const webhooks = openApiContract('xero/xero-webhooks.yaml');
    expect(webhooks.checkSchema('WebhookEvent', { events: [], firstEventSequence: 1, lastEventSequence: 1, entropy: 'E' })).toEqual([]);
    expect(webhooks.checkSchema('WebhookEvent', { events: [], firstEventSequence: 1, lastEventSequence: 1, entropy: 'E', sent: 'now' })).toEqual([
      expect.stringContaining('has "sent", which the contract does not define here'),
    ]);
  });
});
