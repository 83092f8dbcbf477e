import { afterEach } from 'vitest';
import { startQboSimulator, type QboSimulator } from './simulator.js';
import type { QboSimulatorOptions } from './state.js';
import type { JsonObject } from './types.js';

export const CLIENT_ID = 'test-client-id';
export const CLIENT_SECRET = 'test-client-secret';
export const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;

const running: QboSimulator[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((sim) => sim.close()));
});

/** A simulator closed automatically after the test. */
export async function startTestSimulator(options: Partial<QboSimulatorOptions> = {}): Promise<QboSimulator> {
  const sim = await startQboSimulator({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, ...options });
  running.push(sim);
  return sim;
}

export interface ApiResponse {
  status: number;
  headers: Headers;
  body: JsonObject;
}

/** A thin client for one realm, speaking HTTP like Herd's QBO client does. */
export function apiClient(sim: QboSimulator, realmId: string, accessToken: string) {
  const base = `${sim.url}/v3/company/${realmId}`;
  const call = async (method: string, path: string, body?: JsonObject | string, contentType = 'application/json'): Promise<ApiResponse> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': contentType }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as JsonObject) : {} };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: JsonObject | string, contentType?: string) => call('POST', path, body, contentType),
    query: (statement: string) => call('GET', `/query?query=${encodeURIComponent(statement)}&minorversion=75`),
  };
}

export type ApiClient = ReturnType<typeof apiClient>;

/** A started simulator, its first realm and a connected client. */
export async function connectedSimulator(options: Partial<QboSimulatorOptions> = {}) {
  const sim = await startTestSimulator(options);
  const realmId = sim.companies()[0]?.realmId ?? '';
  const tokens = sim.connect(realmId);
  return { sim, realmId, tokens, api: apiClient(sim, realmId, tokens.access_token) };
}

/** Narrowing helper for JSON bodies in assertions. */
export function obj(value: unknown): JsonObject {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`not an object: ${JSON.stringify(value)}`);
  return value as JsonObject;
}

export function list(value: unknown): JsonObject[] {
  if (!Array.isArray(value)) throw new Error(`not an array: ${JSON.stringify(value)}`);
  return value.map(obj);
}
