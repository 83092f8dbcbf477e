import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { deleteDeliveriesBefore } from './modules/books/ledger-connections/webhook-deliveries.queries.js';
import { deleteOutboxBefore } from './mail/outbox.queries.js';
import { deletePendingSignupsExpiredBefore } from './modules/people/auth/pending-signups.queries.js';
import { deleteExpiredSessions } from './modules/people/auth/sessions.queries.js';
import { deleteKeysBefore } from './modules/platform/idempotency/idempotency.queries.js';
import { deleteHitsBefore } from './modules/platform/rate-limit/rate-limit.queries.js';
import { deleteStripeEventsBefore } from './modules/firm/billing/billing.queries.js';
import { deleteOldInboundMessages } from './modules/conversation/inbound/inbound.face.js';
import { deleteExpiredInvitationLinks } from './modules/people/invitations/invitation-links.queries.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** How long each kind of record is kept once it has done its work. */
export const RETENTION = {
  rateLimitHits: DAY_MS,
  /** Long enough for support to see what was sent; the copies hold no usable link anyway. */
  outbox: 30 * DAY_MS,
  /** The window in which a replayed webhook delivery is recognised. */
  webhookDeliveries: 7 * DAY_MS,
  /** A form submitted again within a day gets its first answer back. */
  idempotencyKeys: DAY_MS,
  /** An expired sign-up link still says "expired" (and offers to start again) for a week, then it is gone with its password hash. */
  expiredSignups: 7 * DAY_MS,
  /** Stripe retries a delivery for up to three days; a month covers that and any replay of the same event. */
  stripeEvents: 30 * DAY_MS,
  /** Longer than a reply address lives (60 days): an older replay is refused by its expired address anyway. */
  inboundMessages: 90 * DAY_MS,
  /** A sign-in link copied for a pending invitee still says "expired" for a week, then it is gone. */
  expiredInvitationLinks: 7 * DAY_MS,
} as const;

/** One sweep of expired sessions, old rate-limit counters, outbox records, webhook digests, idempotency keys and expired sign-ups. */
export const sweepOnce = async (db: Db, now = Date.now()) => {
  await deleteExpiredSessions(db);
  await deleteHitsBefore(db, new Date(now - RETENTION.rateLimitHits));
  await deleteOutboxBefore(db, new Date(now - RETENTION.outbox));
  await deleteDeliveriesBefore(db, new Date(now - RETENTION.webhookDeliveries));
  await deleteKeysBefore(db, new Date(now - RETENTION.idempotencyKeys));
  await deletePendingSignupsExpiredBefore(db, new Date(now - RETENTION.expiredSignups));
  await deleteStripeEventsBefore(db, new Date(now - RETENTION.stripeEvents));
  await deleteOldInboundMessages(db, new Date(now - RETENTION.inboundMessages));
  await deleteExpiredInvitationLinks(db, new Date(now - RETENTION.expiredInvitationLinks));
};

/** Sweeps hourly. Safe to run in many processes at once. */
export const startMaintenance = (db: Db, log: FastifyBaseLogger): (() => void) => {
  const sweep = async () => {
    try {
      await sweepOnce(db);
    } catch (err) {
      log.error({ err }, 'maintenance sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), HOUR_MS);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
};
