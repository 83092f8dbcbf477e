import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { createKarbonControl } from './control.js';
import { karbonSimulatorPlugin } from './server.js';
import { createKarbonState } from './state.js';
import { connected } from './test-support.js';

describe('Karbon’s API reference at the door', () => {
  it('refuses a request outside the reference as Karbon does, before it reaches the account, and records what it broke', async () => {
    const { api, sim, tenant } = await connected();
    const before = sim.organizations(tenant).length;
    const refused = await api.post('/Organizations', { FullName: 'Acme', EmailAddress: 'hi@acme.example' });
    expect(refused.status).toBe(400);
    // The reference's ErrorMessages shape, with Karbon's bad-model code.
    expect(refused.body).toEqual({ error: { code: '4002', message: expect.stringContaining('"EmailAddress"') } });
    expect(sim.organizations(tenant)).toHaveLength(before);
    expect(takeContractViolations()).toEqual([
      {
        contract: 'karbon/KarbonAPI.json',
        direction: 'request',
        message: 'POST /v3/Organizations',
        problems: [
          'POST /v3/Organizations body (the whole value) has "EmailAddress", which the contract does not define here (#/components/schemas/CreateOrganization/unevaluatedProperties)',
        ],
      },
    ]);
  });

  it('answers a query option the reference does not have with 400, and a path it does not have with 404, both code 4002', async () => {
    const { api } = await connected();
    const option = await api.get('/Users?$expand=Teams');
    expect(option.status).toBe(400);
    expect(option.body).toMatchObject({ error: { code: '4002' } });
    const path = await api.get('/Invented');
    expect(path.status).toBe(404);
    expect(path.body).toEqual({ error: { code: '4002', message: expect.stringMatching(/^No HTTP resource was found that matches the request URI/) } });
    expect(takeContractViolations().map(({ message, problems }) => ({ message, problems }))).toEqual([
      { message: 'GET /v3/Users', problems: [expect.stringContaining('query parameter "$expand" is not one of GET /v3/Users\'s parameters')] },
      { message: 'GET /v3/Invented', problems: ['/v3/Invented is not a path of the contract (paths)'] },
    ]);
  });

  it('judges the API under the prefix it is mounted at', async () => {
    const state = createKarbonState();
    const keys = createKarbonControl(state).tenants()[0];
    const app = Fastify();
    await app.register(karbonSimulatorPlugin, { prefix: '/sandbox/karbon', state });
    const headers = { authorization: `Bearer ${String(keys?.applicationId)}`, accesskey: String(keys?.accessKey) };
    const refused = await app.inject({ method: 'GET', url: '/sandbox/karbon/v3/Contacts?$top=-5', headers });
    expect(refused.statusCode).toBe(400);
    expect(takeContractViolations()).toEqual([expect.objectContaining({ message: 'GET /v3/Contacts', problems: [expect.stringContaining('"$top"')] })]);
    expect((await app.inject({ method: 'GET', url: '/sandbox/karbon/v3/Contacts?$top=5', headers })).statusCode).toBe(200);
    await app.close();
  });
});
