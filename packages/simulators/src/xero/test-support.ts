import { afterEach } from 'vitest';
import { startXeroSimulator, type XeroSimulator } from './simulator.js';
import type { XeroSimulatorOptions } from './state.js';
import type { JsonObject } from './types.js';

export const CLIENT_ID = 'xero-test-client';
export const CLIENT_SECRET = 'xero-test-secret';
export const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
export const START = '2026-06-01T12:00:00Z';

const running: XeroSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});

/** A simulator on a fixed clock, closed automatically after the test. */
export async function startTestSimulator(options: Partial<XeroSimulatorOptions> = {}): Promise<XeroSimulator> {
  const sim = await startXeroSimulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, startTime: START, ...options });
  running.push(sim);
  return sim;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: JsonObject;
}

/** A thin Accounting API client for one tenant, speaking HTTP as Herd's Xero client will. */
export function apiClient(sim: XeroSimulator, tenantId: string, accessToken: string) {
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse> => {
    const response = await fetch(`${sim.url}/api.xro/2.0${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'xero-tenant-id': tenantId,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as JsonObject) : {} };
  };
  return {
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    put: (path: string, body: unknown, headers?: Record<string, string>) => call('PUT', path, body, headers),
    post: (path: string, body: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** A started simulator, its first organisation and a connected client. */
export async function connectedSimulator(options: Partial<XeroSimulatorOptions> = {}) {
  const sim = await startTestSimulator(options);
  const tenantId = sim.organisations()[0]?.tenantId ?? '';
  const tokens = sim.connect(tenantId);
  return { sim, tenantId, tokens, api: apiClient(sim, tenantId, tokens.access_token) };
}

export function obj(value: unknown): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`not an object: ${JSON.stringify(value)}`);
  return value as JsonObject;
}

export function list(value: unknown): JsonObject[] {
  if (!Array.isArray(value)) throw new Error(`not an array: ${JSON.stringify(value)}`);
  return value.map(obj);
}
