import { startXeroSimulator, type SeedOrganisationOptions, type XeroSimulator } from '@herd/simulators';
import { expect } from 'vitest';
import type { TestClient } from './client.js';
import { createTestApp, type TestApp } from './harness.js';

export const XERO_CLIENT = { clientId: 'herd-test-xero-app', clientSecret: 'herd-test-xero-app-secret', webhookKey: 'herd-test-xero-webhook-key' };

/** A Xero simulator and a Herd app configured to talk to it as it would to Xero. */
export const startXeroWorld = async (organisations: SeedOrganisationOptions[] = [{}]): Promise<{ sim: XeroSimulator; t: TestApp }> => {
  const sim = await startXeroSimulator({ ...XERO_CLIENT, organisations });
  const t = await createTestApp({ xero: { mode: 'xero', ...XERO_CLIENT, baseUrl: sim.url } });
  return { sim, t };
};

/** The page the browser lands on after Xero, as a URL to read the query of. */
export const landing = (location: unknown) => new URL(String(location), 'http://herd.test');

/**
 * What the browser does: start at `path` (connect, sign in, sign up), consent at Xero with these
 * organisations ticked (auto-approved), come back to Herd's callback. Answers Herd's redirect.
 */
export const throughXero = async (sim: XeroSimulator, browser: TestClient, path: string, tenantIds: string[]) => {
  sim.setAutoApprove(tenantIds.length > 0 ? tenantIds : true);
  const started = await browser.get(path);
  expect(started.statusCode).toBe(200);
  const consent = await fetch(`${started.json().url as string}`, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const answer = await browser.get(`${back.pathname}${back.search}`);
  expect(answer.statusCode).toBe(302);
  return landing(answer.headers.location);
};
