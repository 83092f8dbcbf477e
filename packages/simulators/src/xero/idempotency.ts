import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

const KEEP_MS = 24 * 3600_000;
export const MAX_KEY_LENGTH = 128;

export interface Answer {
  status: number;
  body: unknown;
}

export interface Entry {
  fingerprint: string;
  answer: Answer;
  at: number;
}

/**
 * Answers to writes sent with an `Idempotency-Key`, per organisation, kept 24 hours of simulated
 * time. The same key and request again gets the first answer without acting twice. The same key
 * with a different request is refused: Xero's exact answer to that is UNCONFIRMED, a 400 is the
 * plausible one. Only final answers are kept (2xx and validation 400s), so a retry after a
 * 5xx or a throttle is a fresh attempt.
 */
export class IdempotencyStore {
  /** By `tenantId/key`; a saved simulator keeps them (snapshot.ts). */
  readonly entries = new Map<string, Entry>();

  /** The remembered answer for this request, if any; throws when the key was used for another. */
  lookup(tenantId: string, key: string, request: FastifyRequest, now: number): Answer | undefined {
    if (key.length > MAX_KEY_LENGTH) throw badRequest(`Idempotency-Key must be at most ${MAX_KEY_LENGTH} characters`);
    const entry = this.entries.get(`${tenantId}/${key}`);
    if (!entry || entry.at + KEEP_MS <= now) return undefined;
    if (entry.fingerprint !== fingerprint(request)) throw badRequest('This Idempotency-Key was already used for a different request');
    return entry.answer;
  }

  remember(tenantId: string, key: string, request: FastifyRequest, answer: Answer, now: number): void {
    if (answer.status >= 500 || answer.status === 429) return;
    this.prune(now);
    this.entries.set(`${tenantId}/${key}`, { fingerprint: fingerprint(request), answer, at: now });
  }

  clear(): void {
    this.entries.clear();
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) if (entry.at + KEEP_MS <= now) this.entries.delete(key);
  }
}

function fingerprint(request: FastifyRequest): string {
  const body = Buffer.isBuffer(request.body) ? request.body : JSON.stringify(request.body ?? null);
  return createHash('sha256').update(`${request.method} ${request.url}\n`).update(body).digest('hex');
}
