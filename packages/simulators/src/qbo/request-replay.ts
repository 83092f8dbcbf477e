import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companyOf } from './gateway.js';
import type { QboState } from './state.js';

type Query = Record<string, string | undefined>;

/** What a write answered, kept to answer a repeat of it. */
export interface RecordedAnswer {
  status: number;
  contentType: string;
  payload: string;
}

/**
 * QuickBooks' `requestid`: a POST that carries one is done once per realm. A
 * repeat with the same id (a client retrying after a lost answer) gets the
 * answer of the first, status and body alike, and writes nothing again. Only
 * what the accounting API itself answered is kept: a request the gateway
 * turned away (expired token, throttle, an injected outage) did nothing, so
 * its retry is handled as new. Reads ignore the parameter.
 */
export function installRequestReplay(app: FastifyInstance, state: QboState): void {
  const recording = new WeakMap<FastifyRequest, { answers: Map<string, RecordedAnswer>; id: string }>();

  app.addHook('preHandler', async (request, reply) => {
    const id = request.method === 'POST' ? (request.query as Query).requestid : undefined;
    if (!id) return;
    const answers = companyOf(state, request).answeredRequests;
    const earlier = answers.get(id);
    if (earlier) return reply.code(earlier.status).type(earlier.contentType).send(earlier.payload);
    recording.set(request, { answers, id });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = recording.get(request);
    if (!pending) return payload;
    recording.delete(request);
    // A failure of the service itself (5xx) did not finish the write: the retry must be able to.
    if (reply.statusCode < 500 && typeof payload === 'string') {
      pending.answers.set(pending.id, { status: reply.statusCode, contentType: String(reply.getHeader('content-type') ?? 'application/json'), payload });
    }
    return payload;
  });
}
