import { createHmac } from 'node:crypto';
import type { AppDeps } from '../../../app-deps.js';
import { safeEqual, sha256 } from '../../../lib/crypto.js';
import { AppError } from '../../../lib/errors.js';
import { deliverySeen, recordDelivery } from '../../../modules/books/ledger-connections/webhook-deliveries.queries.js';

/**
 * Intuit signs each delivery: `intuit-signature` is the base64 HMAC-SHA256
 * of the raw body under the app's verifier token. Checked in constant time
 * before the body is parsed.
 */
export const verifyIntuitSignature = (verifierToken: string, rawBody: string, signature: string | undefined): boolean => {
  if (!verifierToken || !signature) return false;
  const expected = createHmac('sha256', verifierToken).update(rawBody).digest('base64');
  return safeEqual(expected, signature);
};

/**
 * The realms a delivery concerns, from either payload format: the legacy
 * `{eventNotifications:[{realmId,…}]}` or the CloudEvents array whose
 * entries carry `intuitaccountid`. Deliveries name ids only; Herd pulls
 * what changed instead of trusting the payload.
 */
export const realmsOfDelivery = (body: unknown): string[] => {
  const realms = new Set<string>();
  if (Array.isArray(body)) {
    for (const event of body) {
      const realm = (event as { intuitaccountid?: unknown } | null)?.intuitaccountid;
      if (typeof realm === 'string' || typeof realm === 'number') realms.add(String(realm));
    }
  } else if (body && typeof body === 'object') {
    const notifications = (body as { eventNotifications?: unknown }).eventNotifications;
    if (Array.isArray(notifications)) {
      for (const notification of notifications) {
        const realm = (notification as { realmId?: unknown } | null)?.realmId;
        if (typeof realm === 'string' || typeof realm === 'number') realms.add(String(realm));
      }
    }
  }
  return [...realms];
};

/**
 * Checks Intuit's signature and queues the work; Intuit only needs a quick 200. Returns how many realms the
 * delivery named. A delivery whose exact body was already accepted (a replay: the signature stays valid for
 * ever) gets the same answer but queues nothing. It is recorded only once queued, so a delivery that failed
 * half-way is taken again when Intuit retries it.
 */
export const receiveWebhook = async (deps: AppDeps, verifierToken: string, rawBody: string, signature: string | undefined): Promise<number> => {
  if (!verifyIntuitSignature(verifierToken, rawBody, signature)) throw new AppError(401, 'The webhook signature does not match.');
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError(400, 'The webhook body is not JSON.');
  }
  const realmIds = realmsOfDelivery(body);
  const digest = sha256(rawBody);
  if (realmIds.length === 0 || (await deliverySeen(deps.db, 'QBO', digest))) return realmIds.length;
  await deps.jobs.send('ledger-webhook', { provider: 'QBO', realmIds }, `webhook:${realmIds.sort().join(',')}:${Date.now()}`);
  await recordDelivery(deps.db, 'QBO', digest);
  return realmIds.length;
};
