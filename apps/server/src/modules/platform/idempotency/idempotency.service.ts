import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../../db/client.js';
import { sha256 } from '../../../lib/crypto.js';
import { AppError, ConflictError, ValidationError } from '../../../lib/errors.js';
import { claimKey, findKey, releaseKey, storeAnswer, type KeyRef } from './idempotency.queries.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

export const idempotencyMessages = {
  badKey: 'Idempotency-Key must be 1 to 255 visible characters.',
  otherRequest: 'This Idempotency-Key was already used for a different request.',
  stillRunning: 'The same request is still being processed. Try again in a moment.',
};

/** What one run of the endpoint answered: the status and the body sent (JSON text, null for no content). */
export interface Answer {
  statusCode: number;
  body: string | null;
}

export type Outcome<T> = { replayed: false; value: T } | { replayed: true; answer: Answer };

const VISIBLE = /^[\x21-\x7e]{1,255}$/;
const POLL_MS = 100;
/** How long a repeat waits for the first submission's answer before saying it is still running. */
const WAIT_MS = 30_000;

/** The key a request sent, or null when it sent none (an API caller that does not want replays). */
export const readKey = (header: string | string[] | undefined): string | null => {
  if (header === undefined) return null;
  if (typeof header !== 'string' || !VISIBLE.test(header)) throw new ValidationError(null, idempotencyMessages.badKey);
  return header;
};

/** What makes two submissions the same request: the parsed parameters, query and body. */
export const requestHash = (input: { params: unknown; query: unknown; body: unknown }): string => sha256(JSON.stringify(input));

/**
 * Runs a create once per key. The first submission claims the key (a row of
 * its own, committed before the create starts so a concurrent repeat sees
 * it), runs, and stores its answer; a repeat with the same key waits for that
 * answer and gets it back byte for byte instead of creating again. A repeat
 * with another request under the same key is refused. A submission that
 * fails stores nothing, so the same key can be sent again once corrected.
 */
export const submitOnce = async <T>(db: Db, ref: KeyRef, hash: string, run: () => Promise<{ value: T; answer: () => Answer }>): Promise<Outcome<T>> => {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (await claimKey(db, ref, hash)) {
      let result: { value: T; answer: () => Answer };
      try {
        result = await run();
      } catch (err) {
        await releaseKey(db, ref);
        throw err;
      }
      const answer = result.answer();
      await storeAnswer(db, ref, answer.statusCode, answer.body);
      return { replayed: false, value: result.value };
    }
    const row = await findKey(db, ref);
    if (!row) continue; // the first submission failed and let the key go: this one runs
    if (row.requestHash !== hash) throw new AppError(422, idempotencyMessages.otherRequest);
    if (row.statusCode !== null) return { replayed: true, answer: { statusCode: row.statusCode, body: row.answer } };
    await sleep(POLL_MS);
  }
  throw new ConflictError(idempotencyMessages.stillRunning);
};
