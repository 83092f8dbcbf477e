import type { FastifyReply, FastifyRequest } from 'fastify';
import { XeroError } from './errors.js';
import type { Answer } from './idempotency.js';
import type { XeroState } from './state.js';
import type { OrgStore } from './store.js';

/**
 * Runs a write once per `Idempotency-Key`: a repeat of the same request gets the first answer
 * (a validation refusal included) and writes nothing.
 */
export async function idempotentWrite(state: XeroState, org: OrgStore, request: FastifyRequest, reply: FastifyReply, run: () => Answer): Promise<FastifyReply> {
  const header = request.headers['idempotency-key'];
  const key = typeof header === 'string' && header !== '' ? header : undefined;
  const now = state.clock.now();
  const previous = key === undefined ? undefined : state.idempotency.lookup(org.tenantId, key, request, now);
  if (previous) return reply.status(previous.status).send(previous.body);
  let answer: Answer;
  try {
    answer = run();
  } catch (error) {
    if (key !== undefined && error instanceof XeroError && error.status === 400)
      state.idempotency.remember(org.tenantId, key, request, { status: 400, body: error.body }, now);
    throw error;
  }
  if (key !== undefined) state.idempotency.remember(org.tenantId, key, request, answer, now);
  return reply.status(answer.status).send(answer.body);
}
