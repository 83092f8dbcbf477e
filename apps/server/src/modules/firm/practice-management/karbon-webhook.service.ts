import { createHmac } from 'node:crypto';
import { safeEqual } from '../../../lib/crypto.js';
import type { Visitor } from '../../../kernel/visitor.js';
import { AppError } from '../../../lib/errors.js';
import { KarbonAuthError, KarbonRateLimitError, KarbonUnreachableError } from './karbon.port.js';
import { keysOf, signingKeyOf, type KarbonDeps } from './karbon-access.service.js';
import {
  deleteDirectoryEntry,
  findDirectoryEntry,
  findInstanceByWebhookToken,
  mappingsOfFirm,
  deleteMapping,
  updateInstance,
  upsertDirectoryEntry,
} from './karbon.queries.js';

/** The header Karbon's deliveries are signed in. */
export const KARBON_SIGNATURE_HEADER = 'x-karbon-signature';

/**
 * Karbon's signing scheme is not published: Herd takes `sha256=<hex HMAC-SHA256 of the raw body
 * under the subscription's SigningKey>` (what the simulator sends), compared in constant time. The
 * secret path token is required before that, so a delivery to a guessed address is refused even if
 * Karbon's real scheme differs.
 */
export const verifyKarbonSignature = (signingKey: string, rawBody: string, signature: string | undefined) =>
  Boolean(signature) && safeEqual(`sha256=${createHmac('sha256', signingKey).update(rawBody).digest('hex')}`, signature!);

interface Delivery {
  ResourcePermaKey?: unknown;
  ResourceType?: unknown;
  ActionType?: unknown;
}

/**
 * A delivery from Karbon: an organization or contact changed. Herd reads it again (a delivery says
 * only which one) and keeps its copy; one Karbon no longer has is dropped, and companies linked to
 * it are unlinked. Answered 200 with no body once the token and signature are right, even when
 * Karbon cannot be read back just now (the next resync catches up); 401 otherwise.
 */
export const receiveKarbonWebhook = async (
  deps: KarbonDeps,
  _visitor: Visitor,
  input: { token: string; rawBody: string; signature: string | undefined },
): Promise<null> => {
  const instance = await findInstanceByWebhookToken(deps.db, input.token);
  if (!instance || !verifyKarbonSignature(signingKeyOf(deps.config, instance), input.rawBody, input.signature))
    throw new AppError(401, 'The webhook address or signature does not match.');
  let delivery: Delivery;
  try {
    delivery = JSON.parse(input.rawBody) as Delivery;
  } catch {
    throw new AppError(400, 'The delivery is not JSON.');
  }
  const key = typeof delivery.ResourcePermaKey === 'string' ? delivery.ResourcePermaKey : '';
  // Karbon names organizations and contacts alike ("Contact"): which one it is, Herd's copy knows, else both are asked.
  if (!key || (delivery.ResourceType !== 'Contact' && delivery.ResourceType !== 'Organization')) return null;
  try {
    const keys = keysOf(deps.config, instance);
    const known = await findDirectoryEntry(deps.db, instance.firmId, key);
    const types = known ? [known.type] : (['Organization', 'Contact'] as const);
    let fresh = null;
    for (const type of types) fresh ??= await deps.karbon.directoryEntry(keys, key, type);
    if (fresh) {
      await upsertDirectoryEntry(deps.db, instance.firmId, fresh);
      return null;
    }
    await deps.db.transaction(async (tx) => {
      await deleteDirectoryEntry(tx, instance.firmId, key);
      for (const mapping of await mappingsOfFirm(tx, instance.firmId)) if (mapping.karbonKey === key) await deleteMapping(tx, mapping.clientCompanyId);
    });
  } catch (err) {
    if (!(err instanceof KarbonAuthError || err instanceof KarbonRateLimitError || err instanceof KarbonUnreachableError)) throw err;
    await updateInstance(deps.db, instance.firmId, { lastError: `A Karbon change could not be read back: ${err.message}`, lastErrorAt: new Date() });
  }
  return null;
};
