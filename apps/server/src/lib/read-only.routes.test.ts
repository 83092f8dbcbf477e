import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, billingEndpoints, details, endpointGroups, refusedWhileReadOnly, type Endpoint } from '@herd/contract';
import { clientMaker, type TestClient } from '../../test/client.js';
import { createClientUser, createFirm, setSubscription, signIn } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 31);
let admin: TestClient;
let firmId: number;
let companyPk: number;

/** Every `{name}` of the path filled with the firm's own company: the guard must answer before anything else looks. */
const pathOf = (endpoint: Endpoint) => endpoint.path.replace(/\{\w+\}/g, String(companyPk));
const send = (endpoint: Endpoint) => admin.request(endpoint.method, pathOf(endpoint), endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { body: {} });

beforeAll(async () => {
  t = await createTestApp();
  const firm = await createFirm(t.db);
  firmId = firm.firmId;
  companyPk = (await createClientUser(t.db, firmId)).companyId;
  admin = newClient();
  await signIn(admin, firm.adminEmail);
});
afterAll(async () => t?.close());

// The test-only routes exist only for the end-to-end tests (HERD_E2E_OUTBOX), never on a deployment.
const TEST_ONLY = new Set<Endpoint>(Object.values(endpointGroups.testing));
const served = () => allEndpoints().filter((e) => !TEST_ONLY.has(e));

describe('read-only mode, one guard for every route of the table', () => {
  const mutations = served().filter(refusedWhileReadOnly);
  const reads = served().filter((e) => !refusedWhileReadOnly(e) && e.method === 'GET');
  const readAnswers = new Map<Endpoint, number>();

  it('covers the table’s changes', () => {
    expect(mutations.length).toBeGreaterThan(10);
  });

  it('refuses every change of a firm whose subscription lapsed, whatever the body', async () => {
    await setSubscription(t.db, firmId, 'TRIAL_EXPIRED');
    for (const endpoint of mutations) {
      const res = await send(endpoint);
      expect([endpoint.method, endpoint.path, res.statusCode]).toEqual([endpoint.method, endpoint.path, 403]);
      expect(res.json()).toEqual({ detail: details.readOnly });
    }
    // Reads answer a lapsed firm as they answer a paying one (compared in the next test).
    for (const endpoint of reads) readAnswers.set(endpoint, (await send(endpoint)).statusCode);
  });

  it('lets the same requests through once the firm pays (they fail on their own merits, not as read-only), and reads answer alike', async () => {
    await setSubscription(t.db, firmId, 'PAID');
    for (const endpoint of mutations) {
      const res = await send(endpoint);
      expect([endpoint.path, res.statusCode]).not.toEqual([endpoint.path, 403]);
    }
    expect(reads.length).toBeGreaterThan(10);
    for (const endpoint of reads) {
      expect([endpoint.path, (await send(endpoint)).statusCode]).toEqual([endpoint.path, readAnswers.get(endpoint)]);
    }
  });
});

describe('read-only mode leaves the way out open: billing', () => {
  it('a lapsed firm’s admin may still start Checkout, restart, and is answered on the merits (not as read-only) elsewhere in billing', async () => {
    await setSubscription(t.db, firmId, 'CANCELLED');
    const session = await admin.post(billingEndpoints.session.path, {});
    expect(session.statusCode).toBe(200);
    expect((session.json() as { url: string }).url).toMatch(/\/sandbox\/stripe\/pay\/cs_test_/);
    expect((await admin.post(billingEndpoints.restart.path, {})).statusCode).toBe(200);
    // The firm has a Stripe customer by now (Checkout made it), so its card may be changed.
    expect((await admin.post(billingEndpoints.attachPaymentMethod.path, {})).statusCode).toBe(200);
    const cancel = await admin.post(billingEndpoints.cancel.path, {});
    expect([cancel.statusCode, cancel.json()]).toEqual([409, { detail: 'There is no active subscription to cancel.' }]);
    expect((await admin.get(billingEndpoints.info.path)).json()).toMatchObject({ status: 'CANCELLED', read_only: true, can_manage: true });
    await setSubscription(t.db, firmId, 'PAID');
  });
});
