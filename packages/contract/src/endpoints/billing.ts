import { billingInfo, checkoutRedirect, stripeWebhookResult } from '../billing.js';
import { endpoint } from '../endpoint.js';

const tags = ['billing'];

/**
 * The firm's subscription. Every change here is `whileReadOnly`: a lapsed
 * firm must be able to pay, which is how it stops being read-only.
 */
export const billingEndpoints = {
  info: endpoint({
    method: 'GET',
    path: 'stripe/retrieve-billing-info/',
    tags,
    summary: 'The firm’s billing: status for everyone; plan, card, next invoice and invoices for a firm admin',
    responses: { 200: billingInfo },
  }),
  session: endpoint({
    method: 'POST',
    path: 'stripe/session/',
    tags,
    summary: 'Start Stripe Checkout for the subscription (firm admin)',
    responses: { 200: checkoutRedirect },
    whileReadOnly: true,
  }),
  attachPaymentMethod: endpoint({
    method: 'POST',
    path: 'stripe/attach-payment-method/',
    tags,
    summary: 'Start a setup-mode Checkout to change the card (firm admin)',
    responses: { 200: checkoutRedirect },
    whileReadOnly: true,
  }),
  restart: endpoint({
    method: 'POST',
    path: 'stripe/restart-subscription/',
    tags,
    summary: 'Restart: undo a cancellation still pending, or start Checkout for a new subscription (firm admin)',
    responses: { 200: checkoutRedirect },
    whileReadOnly: true,
  }),
  cancel: endpoint({
    method: 'POST',
    path: 'stripe/cancel-subscription/',
    tags,
    summary: 'Cancel the subscription at the end of the period already paid (firm admin)',
    responses: { 200: billingInfo },
    whileReadOnly: true,
  }),
  /** Stripe signs it; no person is behind it, so it is never refused as read-only. */
  webhook: endpoint({
    method: 'POST',
    path: 'stripe/webhook/',
    tags,
    summary: 'Stripe’s webhook deliveries (verified by Stripe-Signature)',
    responses: { 200: stripeWebhookResult },
    whileReadOnly: true,
  }),
};
