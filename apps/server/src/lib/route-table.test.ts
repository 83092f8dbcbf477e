import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, allEndpoints, endpointGroups } from '@herd/contract';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { fastifyPath } from './serve-endpoint.js';

let t: TestApp;
beforeAll(async () => {
  // With the test-only routes on, as the end-to-end tests run it: they are in the table too.
  t = await createTestApp({ e2eOutbox: true });
});
afterAll(async () => t?.close());

describe('the route table', () => {
  it('is served whole: every endpoint of the contract is a route of the app', () => {
    const missing = allEndpoints().filter((e) => !t.app.hasRoute({ method: e.method, url: `${API_PREFIX}${fastifyPath(e.path)}` }));
    expect(missing.map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('names each route once', () => {
    const keys = allEndpoints().map((e) => `${e.method} ${e.path}`);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
    expect(Object.keys(endpointGroups).length).toBeGreaterThan(0);
  });
});
