import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createCheckoutSession, createCustomer, getCheckoutSession, getCustomer, updateCustomer } from './checkout.js';
import { formString, formStringMap, parseStripeForm, type FormObject } from './form.js';
import type { ApiList } from './sdk-shapes.js';
import type { StripeState } from './state.js';
import { cancelSubscription, getSubscription, previewNextInvoice, updateSubscription } from './subscriptions.js';
import { StripeApiError, missing } from './types.js';

const form = (request: FastifyRequest): FormObject => (typeof request.body === 'string' ? parseStripeForm(request.body) : {});
const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;
const queryOf = (request: FastifyRequest) => request.query as Record<string, string | undefined>;

const list = <T>(url: string, data: T[], limit: string | undefined): ApiList<T> => {
  const n = Math.min(Math.max(Number(limit ?? 10) || 10, 1), 100);
  return { object: 'list', url, has_more: data.length > n, data: data.slice(0, n) };
};

const booleanField = (value: string | undefined, param: string): boolean | undefined => {
  if (value === undefined) return undefined;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new StripeApiError(400, 'invalid_request_error', `Invalid boolean: ${value}`, { param });
};

/** The `/v1` API: the subset Herd calls. */
export const apiRoutes = (state: StripeState) => async (app: FastifyInstance) => {
  app.post('/customers', async (request) => createCustomer(state, form(request)));
  app.get('/customers/:id', async (request) => getCustomer(state, idOf(request)));
  app.post('/customers/:id', async (request) => updateCustomer(state, idOf(request), form(request)));

  app.post('/checkout/sessions', async (request) => createCheckoutSession(state, form(request)));
  app.get('/checkout/sessions/:id', async (request) => getCheckoutSession(state, idOf(request)));

  app.get('/subscriptions', async (request) => {
    const { customer, status, limit } = queryOf(request);
    const all = [...state.subscriptions.values()].filter(
      (s) => (!customer || s.customer === customer) && (status === 'all' || status === s.status || (!status && s.status !== 'canceled')),
    );
    return list('/v1/subscriptions', all.reverse(), limit);
  });
  app.get('/subscriptions/:id', async (request) => getSubscription(state, idOf(request)));
  app.post('/subscriptions/:id', async (request) => {
    const body = form(request);
    const quantity = formString(body, 'items', '0', 'quantity');
    if (quantity !== undefined && !/^\d+$/.test(quantity))
      throw new StripeApiError(400, 'invalid_request_error', 'Invalid integer: quantity', { param: 'items[0][quantity]' });
    return updateSubscription(state, idOf(request), {
      quantity: quantity === undefined ? undefined : Number(quantity),
      itemId: formString(body, 'items', '0', 'id'),
      cancelAtPeriodEnd: booleanField(formString(body, 'cancel_at_period_end'), 'cancel_at_period_end'),
      defaultPaymentMethod: formString(body, 'default_payment_method'),
      metadata: body.metadata ? formStringMap(body.metadata) : undefined,
    });
  });
  app.delete('/subscriptions/:id', async (request) => cancelSubscription(state, idOf(request)));

  app.get('/invoices', async (request) => {
    const { customer, subscription, limit } = queryOf(request);
    const all = [...state.invoices.values()].filter(
      (i) => (!customer || i.customer === customer) && (!subscription || i.parent.subscription_details.subscription === subscription),
    );
    return list('/v1/invoices', all.reverse(), limit);
  });
  app.get('/invoices/:id', async (request) => {
    const invoice = state.invoices.get(idOf(request));
    if (!invoice) throw missing('invoice', idOf(request));
    return invoice;
  });
  app.post('/invoices/create_preview', async (request) => {
    const subscription = formString(form(request), 'subscription');
    if (!subscription)
      throw new StripeApiError(400, 'invalid_request_error', 'The simulator previews invoices of a subscription only: pass subscription.', { param: 'subscription' });
    return previewNextInvoice(state, subscription);
  });

  app.get('/setup_intents/:id', async (request) => {
    const intent = state.setupIntents.get(idOf(request));
    if (!intent) throw missing('setup_intent', idOf(request));
    return intent;
  });
  app.get('/payment_methods/:id', async (request) => {
    const pm = state.paymentMethods.get(idOf(request));
    if (!pm) throw missing('payment_method', idOf(request));
    return pm;
  });
  app.get('/prices/:id', async (request) => {
    const price = state.prices.get(idOf(request));
    if (!price) throw missing('price', idOf(request));
    return price;
  });
  app.get('/events', async (request) => list('/v1/events', [...state.events].reverse(), queryOf(request).limit));
  app.get('/events/:id', async (request) => {
    const event = state.events.find((e) => e.id === idOf(request));
    if (!event) throw missing('event', idOf(request));
    return event;
  });
};
