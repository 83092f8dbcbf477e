import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_SUCCEEDS, stripeSignatureHeader, type StripeEvent } from '@herd/simulators';
import { billingEndpoints as e } from '@herd/contract';
import { clientMaker, type TestClient } from '../../../../test/client.js';
import { createFirm, setSubscription, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { deliverEvent, sandboxOf, sessionIdOf, subscriptionRow } from '../../../../test/billing.js';
import { BAD_SIGNATURE } from './billing-webhook.service.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 62);

beforeAll(async () => {
  t = await createTestApp();
  // Every test here delivers the sandbox's events itself, in the order it chooses.
  sandboxOf(t).pauseWebhooks(true);
});
afterAll(async () => t?.close());

/** A trial firm that paid through Checkout, none of whose events has been delivered yet; answers them in the order Stripe made them. */
const paidFirmWithHeldEvents = async (): Promise<{ firmId: number; admin: TestClient; events: StripeEvent[]; subscriptionId: string }> => {
  const firm = await createFirm(t.db);
  const admin = newClient();
  await signIn(admin, firm.adminEmail);
  const already = sandboxOf(t).events().length;
  const started = await admin.post(e.session.path, {});
  const outcome = sandboxOf(t).pay(sessionIdOf((started.json() as { url: string }).url), CARD_SUCCEEDS);
  if (!outcome.ok) throw new Error(outcome.message);
  return { firmId: firm.firmId, admin, events: sandboxOf(t).events().slice(already), subscriptionId: String(outcome.session.subscription) };
};

const deliverAll = async (events: StripeEvent[]) => {
  for (const event of events) expect((await deliverEvent(t, event)).statusCode).toBe(200);
};

describe('Stripe webhooks: signature, idempotency, order', () => {
  it('refuses a forged, tampered, stale or unsigned delivery with 400, changing nothing', async () => {
    const { firmId, events } = await paidFirmWithHeldEvents();
    const completed = events.find((ev) => ev.type === 'checkout.session.completed')!;
    const refusals = [
      await deliverEvent(t, completed, { secret: 'whsec_forged' }),
      await deliverEvent(t, completed, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
      await deliverEvent(t, completed, { signature: '' }),
      await deliverEvent(t, { ...completed, id: 'evt_other' }, { signature: signedHeaderOf(completed) }),
    ];
    // A body that is not JSON at all, correctly signed, is refused the same way rather than failing the server.
    const notJson = 'not json';
    refusals.push(
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/${e.webhook.path}`,
        payload: notJson,
        headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignatureHeader(notJson, t.app.deps.config.billing.webhookSecret) },
      }),
    );
    for (const res of refusals) expect([res.statusCode, res.json()]).toEqual([400, { detail: BAD_SIGNATURE }]);
    expect(await subscriptionRow(t, firmId)).toMatchObject({ status: 'TRIAL', stripeSubscriptionId: null });
    // The genuine delivery is taken.
    expect((await deliverEvent(t, completed)).statusCode).toBe(200);
    expect(await subscriptionRow(t, firmId)).toMatchObject({ status: 'PAID', stripeStatus: 'active' });
  });

  it('handles each event id once: a replayed or retried delivery is acknowledged and does nothing', async () => {
    const { firmId, events } = await paidFirmWithHeldEvents();
    await deliverAll(events);
    expect((await subscriptionRow(t, firmId)).status).toBe('PAID');
    // Were the same events applied again, they would write PAID over this.
    await setSubscription(t.db, firmId, 'CANCELLED');
    await deliverAll(events);
    expect((await subscriptionRow(t, firmId)).status).toBe('CANCELLED');
  });

  it('converges on Stripe’s state whatever order the events arrive in', async () => {
    const { firmId, events, subscriptionId } = await paidFirmWithHeldEvents();
    const already = sandboxOf(t).events().length;
    sandboxOf(t).cancel(subscriptionId);
    const all = [...events, ...sandboxOf(t).events().slice(already)];
    // The deletion first, then the creation and the payment that came before it.
    await deliverAll([...all].reverse());
    expect(await subscriptionRow(t, firmId)).toMatchObject({ status: 'CANCELLED', stripeStatus: 'canceled', stripeSubscriptionId: subscriptionId });
  });

  it('after a restart, late news of the old, ended subscription does not undo the new one', async () => {
    const first = await paidFirmWithHeldEvents();
    const already = sandboxOf(t).events().length;
    sandboxOf(t).cancel(first.subscriptionId);
    const oldEvents = [...first.events, ...sandboxOf(t).events().slice(already)];
    await deliverAll(oldEvents);
    expect((await subscriptionRow(t, first.firmId)).status).toBe('CANCELLED');

    const before = sandboxOf(t).events().length;
    const restarted = await first.admin.post(e.restart.path, {});
    const outcome = sandboxOf(t).pay(sessionIdOf((restarted.json() as { url: string }).url), CARD_SUCCEEDS);
    if (!outcome.ok) throw new Error(outcome.message);
    await deliverAll(sandboxOf(t).events().slice(before));
    // Stripe retries the old subscription's events (new ids, same objects): they change nothing now.
    await deliverAll(oldEvents.map((ev) => ({ ...ev, id: `${ev.id}_retry` })));
    expect(await subscriptionRow(t, first.firmId)).toMatchObject({ status: 'PAID', stripeStatus: 'active', stripeSubscriptionId: String(outcome.session.subscription) });
  });

  it('acknowledges an event about a customer Herd does not know, and one it does not handle', async () => {
    const unknown = {
      id: 'evt_unknown_customer',
      object: 'event',
      type: 'customer.subscription.updated',
      created: 1,
      data: { object: { id: 'sub_x', customer: 'cus_nobody' } },
    };
    expect((await deliverEvent(t, unknown)).json()).toEqual({ received: true });
    const other = { id: 'evt_unhandled', object: 'event', type: 'charge.refunded', created: 1, data: { object: { id: 'ch_x' } } };
    expect((await deliverEvent(t, other)).json()).toEqual({ received: true });
  });
});

/** A valid header for the original body, to send with another body. */
const signedHeaderOf = (event: StripeEvent) => stripeSignatureHeader(JSON.stringify(event), t.app.deps.config.billing.webhookSecret);
