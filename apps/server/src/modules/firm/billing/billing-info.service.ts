import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { BillingInfo } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import type { Actor } from '../../../kernel/actor.js';
import { effectiveSubscriptionStatus } from '../../../kernel/actor.js';
import { isFirmActor } from '../../../kernel/permissions.js';
import { firmRoleRules } from '@herd/contract';
import { countActiveCompanies, findSubscription } from './billing.queries.js';
import { LIVE_STRIPE_STATUSES } from './subscription-sync.service.js';

const iso = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000).toISOString() : null);

const EMPTY = {
  trial_ends_at: null,
  subscription_status: null,
  cancel_at_period_end: false,
  current_period_end: null,
  plan: null,
  quantity: null,
  active_companies: null,
  next_invoice: null,
  card: null,
  invoices: [],
  stripe_unavailable: false,
} satisfies Partial<BillingInfo>;

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

/** What Stripe knows beyond Herd's record: plan, card, next invoice, invoices. */
const stripeDetails = async (stripe: Stripe, customerId: string, subscriptionId: string | null) => {
  const subscription = subscriptionId ? await stripe.subscriptions.retrieve(subscriptionId) : null;
  const item = subscription?.items.data[0];
  const customer = await stripe.customers.retrieve(customerId);
  const cardId = idOf(subscription?.default_payment_method) ?? ('deleted' in customer ? null : idOf(customer.invoice_settings.default_payment_method));
  const card = cardId ? (await stripe.paymentMethods.retrieve(cardId)).card : null;
  const live = subscription && LIVE_STRIPE_STATUSES.includes(subscription.status) && !subscription.cancel_at_period_end;
  const preview = live ? await stripe.invoices.createPreview({ subscription: subscription.id }) : null;
  const invoices = await stripe.invoices.list({ customer: customerId, limit: 24 });
  return {
    plan: item
      ? {
          name: item.price.nickname ?? 'Per active client company',
          unit_amount: item.price.unit_amount ?? 0,
          currency: item.price.currency,
          interval: item.price.recurring?.interval ?? 'month',
        }
      : null,
    quantity: item?.quantity ?? null,
    card: card ? { brand: card.brand, last4: card.last4 } : null,
    next_invoice: preview ? { amount_due: preview.amount_due, currency: preview.currency, date: iso(preview.next_payment_attempt ?? preview.period_end) } : null,
    invoices: invoices.data
      .filter((invoice) => invoice.id)
      .map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number,
        status: invoice.status ?? 'draft',
        amount_due: invoice.amount_due,
        amount_paid: invoice.amount_paid,
        currency: invoice.currency,
        created: iso(invoice.created) ?? '',
        period_start: iso(invoice.period_start) ?? '',
        period_end: iso(invoice.period_end) ?? '',
        hosted_invoice_url: invoice.hosted_invoice_url ?? null,
        invoice_pdf: invoice.invoice_pdf ?? null,
      })),
  };
};

/**
 * The firm's billing. Anyone signed in gets the status and whether Herd is
 * read-only (the banner needs them, clients included); a firm admin also
 * gets Herd's record and, when Stripe answers, the plan, card, next invoice
 * and invoices. Stripe being unreachable never fails the page: the record is
 * answered with `stripe_unavailable`.
 */
export const retrieveBillingInfo = async (deps: AppDeps, actor: Actor, { log }: { log: FastifyBaseLogger }): Promise<BillingInfo> => {
  const mode = deps.config.billing.mode;
  if (mode === 'off') return { ...EMPTY, mode, status: null, read_only: false, can_manage: false };
  const canManage = isFirmActor(actor) && firmRoleRules.administerFirm(actor.firmRole);
  const base = { ...EMPTY, mode, status: actor.subscriptionStatus, read_only: actor.readOnly, can_manage: canManage };
  if (!canManage || actor.firmId === null) return base;
  const row = await findSubscription(deps.db, actor.firmId);
  if (!row) return base;
  const record = {
    ...base,
    status: effectiveSubscriptionStatus(row),
    trial_ends_at: row.status === 'TRIAL' && row.trialEndsAt ? row.trialEndsAt.toISOString() : null,
    subscription_status: row.stripeStatus,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    quantity: row.billedQuantity,
    active_companies: await countActiveCompanies(deps.db, actor.firmId),
  };
  const stripe = deps.billing.stripe;
  if (!stripe || !row.stripeCustomerId) return record;
  try {
    return { ...record, ...(await stripeDetails(stripe, row.stripeCustomerId, row.stripeSubscriptionId)) };
  } catch (err) {
    log.warn({ err }, 'billing: Stripe could not be read; answering Herd’s own record');
    return { ...record, stripe_unavailable: true };
  }
};
