import { createHash, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { InboundResult } from '@herd/contract';
import type { AppDeps } from '../../../app-deps.js';
import { AppError, NotFoundError, UnauthorizedError } from '../../../lib/errors.js';
import { MESSAGE_REFUSALS, receiveInbound } from './inbound-pipeline.service.js';
import { readLimited } from './read-limited.format.js';
import type { Visitor } from '../../../kernel/visitor.js';

export interface WebhookDelivery {
  /** From `X-Herd-Inbound-Secret`, or the password of HTTP basic auth. */
  secret: string | null;
  /** `X-Herd-Recipient`: the envelope's recipients, when the provider passes them on. */
  recipients: string[] | null;
  /** The raw message, when it was sent as one (message/rfc822 or application/octet-stream); null for any other body. */
  body: Readable | null;
}

/** Compared as digests of equal length, so neither the secret's length nor its first wrong character shows in the time taken. */
const sameSecret = (given: string, expected: string) => timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());

/**
 * A provider's inbound-parse webhook: the raw message it received for the
 * inbound domain, into the same pipeline as Herd's own SMTP listener. The
 * shared secret is checked before a byte of the body is read.
 */
export const receiveInboundWebhook = async (
  deps: AppDeps,
  _visitor: Visitor,
  { delivery, log }: { delivery: WebhookDelivery; log: FastifyBaseLogger },
): Promise<InboundResult> => {
  const expected = deps.config.inbound.webhookSecret;
  if (expected === null) throw new NotFoundError();
  if (delivery.secret === null || !sameSecret(delivery.secret, expected)) {
    log.warn({ given: delivery.secret !== null }, 'inbound email webhook refused: wrong or missing secret');
    throw new UnauthorizedError('The inbound email secret is missing or wrong.');
  }
  if (!delivery.body) throw new AppError(415, 'Send the message as raw MIME, with Content-Type: message/rfc822.');
  const { maxMessageBytes } = deps.config.inbound;
  const read = await readLimited(delivery.body, maxMessageBytes);
  if (!read.ok) {
    log.warn({ bytes: read.bytes, why: 'too-large' }, 'inbound email refused');
    throw new AppError(413, MESSAGE_REFUSALS['too-large'](maxMessageBytes));
  }
  const receipt = await receiveInbound({ deps, log }, read.bytes, delivery.recipients);
  if (!receipt.ok) throw new AppError(receipt.why === 'too-large' ? 413 : 400, receipt.reason);
  return { deliveries: receipt.deliveries.map((d) => ({ recipient: d.recipient, outcome: d.outcome, ...(d.outcome === 'refused' ? { reason: d.reason } : {}) })) };
};
