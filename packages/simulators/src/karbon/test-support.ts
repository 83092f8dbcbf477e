import { afterEach, expect } from 'vitest';
import { takeContractViolations } from '../contract-check/index.js';
import { startKarbonSimulator, type KarbonSimulator } from './simulator.js';
import type { KarbonSimulatorOptions } from './state.js';
import type { JsonObject } from './types.js';

export const START = '2026-06-01T12:00:00Z';

const running: KarbonSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});

/** A simulator on a fixed clock, closed automatically after the test. */
export async function startTestSimulator(options: KarbonSimulatorOptions = {}): Promise<KarbonSimulator> {
  const sim = await startKarbonSimulator({ startTime: START, ...options });
  running.push(sim);
  return sim;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: JsonObject;
}

/** A thin Karbon client for one tenant, speaking HTTP as Herd's client will. */
export function apiClient(sim: KarbonSimulator, tenantKey: string, override: { bearer?: string | null; accessKey?: string | null } = {}) {
  const keys = sim.keys(tenantKey);
  const call = async (method: string, pathOrUrl: string, body?: unknown): Promise<ApiResponse> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const bearer = override.bearer === undefined ? keys.applicationId : override.bearer;
    const accessKey = override.accessKey === undefined ? keys.accessKey : override.accessKey;
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    if (accessKey !== null) headers.accesskey = accessKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${sim.url}/v3${pathOrUrl}`;
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as JsonObject) : {} };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown) => call('POST', path, body),
    put: (path: string, body: unknown) => call('PUT', path, body),
    patch: (path: string, body: unknown) => call('PATCH', path, body),
    delete: (path: string) => call('DELETE', path),
  };
}

/** A started simulator, its first tenant and a client holding that tenant's keys. */
export async function connected(options: KarbonSimulatorOptions = {}) {
  const sim = await startTestSimulator(options);
  const tenant = sim.tenants()[0]?.tenantKey ?? '';
  return { sim, tenant, api: apiClient(sim, tenant) };
}

export function rows(body: JsonObject): JsonObject[] {
  if (!Array.isArray(body.value)) throw new Error(`no value array: ${JSON.stringify(body)}`);
  return body.value as JsonObject[];
}

/**
 * A request the test sent outside Karbon's reference on purpose: it was refused as Karbon refuses
 * one (`{"error":{"code":"4002",…}}`) and recorded once, naming what it broke; the record is taken.
 */
export function expectRefusedOutsideContract(response: ApiResponse, message: string, problem: RegExp, status = 400): void {
  expect(response.status).toBe(status);
  expect(response.body).toEqual({ error: { code: '4002', message: expect.stringMatching(problem) } });
  const violations = takeContractViolations();
  expect(violations).toEqual([{ contract: 'karbon/KarbonAPI.json', direction: 'request', message, problems: expect.arrayContaining([expect.stringMatching(problem)]) }]);
}
