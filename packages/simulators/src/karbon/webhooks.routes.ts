import type { FastifyPluginAsync } from 'fastify';
import { badValue, notFound } from './errors.js';
import { tenantOf } from './gateway.js';
import type { KarbonState } from './state.js';
import { KARBON_WEBHOOK_TYPES, type KarbonWebhookType } from './types.js';
import { bodyObject, onlyFields } from './validate.js';
import type { KarbonWebhookSubscription } from './webhooks.js';

const asType = (value: unknown): KarbonWebhookType | undefined => KARBON_WEBHOOK_TYPES.find((type) => type === value);
const wrongType = (value: unknown) =>
  notFound(`No Webhook Type found for the provided WebhookType input value : ${String(value)}. Valid WebhookTypes are ${KARBON_WEBHOOK_TYPES.join(', ')}`);
const view = ({ WebhookType, TargetUrl }: KarbonWebhookSubscription) => ({ WebhookType, TargetUrl });

/** `/v3/WebhookSubscriptions`: one subscription per type per application (§4). */
export function webhookRoutes(state: KarbonState): FastifyPluginAsync {
  return async (app) => {
    app.post('/WebhookSubscriptions', async (request, reply) => {
      const tenant = tenantOf(request);
      const body = bodyObject(request.body, 'WebhookSubscription');
      onlyFields(body, ['WebhookType', 'TargetUrl', 'SigningKey'], 'WebhookSubscription');
      const type = asType(body.WebhookType);
      if (!type) throw wrongType(body.WebhookType);
      const url = typeof body.TargetUrl === 'string' ? body.TargetUrl : '';
      // Case-sensitive on purpose: Karbon refuses `HTTPS://` too.
      const allowed = url.startsWith('https://') || (state.options.allowHttpTargets === true && url.startsWith('http://'));
      if (!allowed || !URL.canParse(url)) throw badValue('Target URL must begin with https://');
      const key = body.SigningKey;
      if (typeof key !== 'string' || !/^[A-Za-z0-9_-]{16,}$/.test(key)) throw badValue('SigningKey must be at least 16 characters of A-Z, a-z, 0-9, _ or -.');
      // Simulator's choice (the sources say only "one per type"): a second POST for a type is refused.
      if (state.webhooks.get(tenant.tenantKey, type)) throw badValue(`A webhook subscription for ${type} already exists.`);
      const created = state.webhooks.subscribe(tenant.tenantKey, { WebhookType: type, TargetUrl: url, SigningKey: key });
      return reply.status(201).header('location', `${request.protocol}://${request.host}${request.url}/${type}`).send(view(created));
    });
    app.get<{ Params: { type: string } }>('/WebhookSubscriptions/:type', async (request) => {
      const type = asType(request.params.type);
      if (!type) throw wrongType(request.params.type);
      const found = state.webhooks.get(tenantOf(request).tenantKey, type);
      if (!found) throw notFound(`No existing webhook subscription for ${type}`);
      return view(found);
    });
    app.delete<{ Params: { type: string } }>('/WebhookSubscriptions/:type', async (request, reply) => {
      const type = asType(request.params.type);
      if (!type) throw wrongType(request.params.type);
      if (!state.webhooks.unsubscribe(tenantOf(request).tenantKey, type)) throw notFound(`No existing webhook subscription for ${type}`);
      return reply.status(204).send();
    });
  };
}
