import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CARD_SUCCEEDS } from '@herd/simulators';
import { testConfig } from '../../../../test/harness.js';
import { SANDBOX_PRICE_ID } from '../../../modules/firm/billing/billing.settings.js';
import { mountStripeSandbox } from './builtin-sandbox.js';

describe('the built-in Stripe sandbox', () => {
  it('keeps its customers and subscriptions across a restart, so a firm’s subscription is still there', async () => {
    const config = testConfig();
    const first = Fastify();
    const sandbox = (await mountStripeSandbox(first, config))!;
    sandbox.control.pauseWebhooks(true);
    const customer = await sandbox.stripe.customers.create({ email: 'admin@firm.test', metadata: { firm_id: '7' } });
    const session = await sandbox.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: SANDBOX_PRICE_ID, quantity: 2 }],
      success_url: 'http://herd.test/billing/',
    });
    expect(sandbox.control.pay(session.id, CARD_SUCCEEDS).ok).toBe(true);
    const { subscription } = await sandbox.stripe.checkout.sessions.retrieve(session.id);
    await first.close();

    const second = Fastify();
    const again = (await mountStripeSandbox(second, config))!;
    expect((await again.stripe.customers.retrieve(customer.id)) as { email: string }).toMatchObject({ email: 'admin@firm.test' });
    const kept = await again.stripe.subscriptions.retrieve(String(subscription));
    expect(kept).toMatchObject({ status: 'active', customer: customer.id, items: { data: [{ quantity: 2 }] } });
    await second.close();
  });
});
