import { startQboSimulator, type QboSimulator, type SeedCompanyOptions } from '@herd/simulators';
import { expect } from 'vitest';
import { createSecretBox } from '../src/lib/secret-box.js';
import type { TestClient } from './client.js';
import { createTestApp, type TestApp } from './harness.js';

export const QBO_CLIENT = { clientId: 'herd-test-app', clientSecret: 'herd-test-app-secret', webhookVerifierToken: 'herd-test-verifier' };

/** A QuickBooks simulator and a Herd app configured to talk to it as it would to Intuit. */
export const startQboWorld = async (companies: SeedCompanyOptions[] = [{}], options: { pageSize?: number } = {}): Promise<{ sim: QboSimulator; t: TestApp }> => {
  // The simulator keeps real time, like Intuit: incremental pulls compare its change stamps with Herd's clock.
  const sim = await startQboSimulator({ ...QBO_CLIENT, companies, autoApprove: true });
  const t = await createTestApp({ qbo: { mode: 'intuit-sandbox', ...QBO_CLIENT, baseUrl: sim.url } }, undefined, options);
  return { sim, t };
};

/** What the browser does: start, consent at Intuit (auto-approved), come back to Herd's callback. */
export const connectQbo = async (sim: QboSimulator, accountant: TestClient, realmId: string, query = '') => {
  sim.setAutoApprove(realmId);
  const started = await accountant.get(`quickbooks/oauth2/${query}`);
  expect(started.statusCode).toBe(200);
  const consent = await fetch(`${started.json().url as string}`, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(back.searchParams.get('realmId')).toBe(realmId);
  return accountant.get(`${back.pathname}${back.search}`);
};

export const companyFromRedirect = (location: string | undefined): number => {
  const pk = new URL(location ?? '', 'http://herd.test').searchParams.get('qbo_connected');
  if (!pk) throw new Error(`Not connected: ${location}`);
  return Number(pk);
};

/** A token as stored (sealed with the app's SECRET_KEY), in clear, as only QuickBooks' own code reads it. */
export const openSealed = (t: TestApp, sealed: string): string => createSecretBox(t.app.deps.config.secretKey).open(sealed);
