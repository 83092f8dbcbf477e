import { createHmac } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../../app-deps.js';
import { safeEqual, sha256 } from '../../../lib/crypto.js';
import { AppError } from '../../../lib/errors.js';
import { deliverySeen, recordDelivery } from '../../../modules/books/ledger-connections/webhook-deliveries.queries.js';

/**
 * Xero signs each delivery: `x-xero-signature` is the base64 HMAC-SHA256 of the raw body under the
 * app's webhook key. Checked in constant time before the body is parsed.
 */
export const verifyXeroSignature = (webhookKey: string, rawBody: string, signature: string | undefined): boolean => {
  if (!webhookKey || !signature) return false;
  return safeEqual(createHmac('sha256', webhookKey).update(rawBody).digest('base64'), signature);
};

/** The organisations a delivery names (Xero sends invoices and contacts only: bank transactions are polled by the schedule). */
export const tenantsOfDelivery = (body: unknown): string[] => {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return [];
  const tenants = new Set<string>();
  for (const event of events) {
    const tenant = (event as { tenantId?: unknown; tenantType?: unknown } | null) ?? {};
    if (typeof tenant.tenantId === 'string' && tenant.tenantType !== 'APPLICATION') tenants.add(tenant.tenantId);
  }
  return [...tenants];
};

/**
 * Checks Xero's signature (401 when it does not match, which is also how Intent to Receive is
 * passed) and queues one incremental pull of each organisation named. Xero wants a quick answer
 * with no body. A delivery whose exact body was already accepted queues nothing again; it is
 * recorded only once queued, so one that failed half-way is taken when Xero retries it.
 */
export const receiveXeroWebhook = async (
  deps: AppDeps,
  webhookKey: string,
  { rawBody, signature, reply }: { rawBody: string; signature: string | undefined; reply: FastifyReply },
): Promise<null> => {
  if (!verifyXeroSignature(webhookKey, rawBody, signature)) throw new AppError(401, 'The webhook signature does not match.');
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError(400, 'The webhook body is not JSON.');
  }
  const tenantIds = tenantsOfDelivery(body);
  const digest = sha256(rawBody);
  if (tenantIds.length > 0 && !(await deliverySeen(deps.db, 'XERO', digest))) {
    await deps.jobs.send('ledger-webhook', { provider: 'XERO', realmIds: tenantIds }, `webhook:xero:${digest}`);
    await recordDelivery(deps.db, 'XERO', digest);
  }
  // Xero wants no body at all, not even `null`.
  await reply.status(200).send();
  return null;
};
