import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { CARD_SUCCEEDS, stripeSignatureHeader, type StripeControl, type StripeEvent } from '@herd/simulators';
import { API_PREFIX, billingEndpoints, clientCompanyEndpoints } from '@herd/contract';
import { subscriptions } from '../src/db/schema/index.js';
import type { TestClient } from './client.js';
import type { TestApp } from './harness.js';

/** The built-in Stripe sandbox of a test app (tests run billing against it, in process). */
export const sandboxOf = (t: TestApp): StripeControl => {
  const sandbox = t.app.deps.billing.sandbox;
  if (!sandbox) throw new Error('this test app runs no Stripe sandbox');
  return sandbox;
};

export const stripeOf = (t: TestApp) => {
  const stripe = t.app.deps.billing.stripe;
  if (!stripe) throw new Error('this test app has no Stripe client');
  return stripe;
};

export const subscriptionRow = async (t: TestApp, firmId: number) => {
  const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.firmId, firmId));
  return row!;
};

export const sessionIdOf = (url: string) => url.split('/').at(-1) ?? '';

/** Starts Checkout through `path` (session or restart), pays on the hosted page, waits for the webhooks; answers the sandbox's redirect. */
export const checkoutAndPay = async (t: TestApp, admin: TestClient, card = CARD_SUCCEEDS, path: string = billingEndpoints.session.path) => {
  const started = await admin.post(path, {});
  expect(started.statusCode).toBe(200);
  const url = (started.json() as { url: string }).url;
  // The sandbox's Checkout page answers only a signed-in member of the firm it bills: the admin pays in their own browser.
  const paid = await admin.post(new URL(url).pathname, `card_number=${card}`, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  await sandboxOf(t).webhooksIdle();
  return paid;
};

/** Posts one event to the webhook as Stripe would, signed with the app's secret (or `secret`), at `timestamp`. */
export const deliverEvent = (t: TestApp, event: StripeEvent | object, opts: { secret?: string; timestamp?: number; signature?: string } = {}) => {
  const body = JSON.stringify(event);
  const signature = opts.signature ?? stripeSignatureHeader(body, opts.secret ?? t.app.deps.config.billing.webhookSecret, opts.timestamp);
  return t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/${billingEndpoints.webhook.path}`,
    payload: body,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  });
};

export const addCompany = async (admin: TestClient, name: string) => {
  const res = await admin.post(clientCompanyEndpoints.create.path, { name, connection_kind: 'CSV' });
  expect(res.statusCode).toBe(201);
  return (res.json() as { pk: number }).pk;
};
