import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client.js';
import { deleteExpiredSessions } from './modules/auth/sessions.queries.js';
import { deleteKeysBefore } from './modules/idempotency/idempotency.queries.js';
import { deleteHitsBefore } from './modules/rate-limit/rate-limit.queries.js';

const HOUR_MS = 60 * 60 * 1000;

/** Sweeps expired sessions, old rate-limit counters and idempotency keys, hourly. Safe to run in many processes at once. */
export const startMaintenance = (db: Db, log: FastifyBaseLogger): (() => void) => {
  const sweep = async () => {
    try {
      await deleteExpiredSessions(db);
      await deleteHitsBefore(db, new Date(Date.now() - 24 * HOUR_MS));
      await deleteKeysBefore(db, new Date(Date.now() - 24 * HOUR_MS));
    } catch (err) {
      log.error({ err }, 'maintenance sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), HOUR_MS);
  timer.unref();
  void sweep();
  return () => clearInterval(timer);
};
