import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusedWhileReadOnly, successStatus, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf } from '@herd/contract';
import { assertWritable, type Actor } from '../kernel/actor.js';
import { IDEMPOTENCY_HEADER, readKey, requestHash, submitOnce, type Answer } from '../modules/platform/idempotency/idempotency.service.js';

/** The request as a handler sees it: parameters, query and body already parsed by the endpoint's schemas. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
};

export type EndpointHandler<E extends Endpoint> = (request: EndpointRequest<E>, reply: FastifyReply) => Promise<ResponseOf<E>>;

export interface ServeOptions {
  /**
   * Send the answer without checking it against its schema again: for large
   * pages built from typed rows, where the check cost more than the query.
   */
  trustedAnswer?: boolean;
  /**
   * The handler refuses a read-only firm itself: for a GET that starts a
   * change but is also where a browser lands (an OAuth callback), which must
   * answer with a page rather than the guard's 403.
   */
  readOnlyCheckedByHandler?: boolean;
}

const refuseReadOnly = async (request: FastifyRequest) => {
  const actor = request.session?.actor;
  if (actor) assertWritable(actor);
};

/** `accounting/x/{pk}/` → `/accounting/x/:pk/` (Fastify's form, under the API prefix the plugin is registered with). */
export const fastifyPath = (path: string) => `/${path.replace(/\{(\w+)\}/g, ':$1')}`;

/**
 * Registers one endpoint of the contract's route table: its method, path,
 * schemas (which validate the request and document it in OpenAPI) and answer
 * all come from the table; the handler only calls a service. A handler may
 * choose another status of the endpoint (a queued sync answers 202) with
 * `reply.status()`.
 *
 * This is also the one read-only guard: a signed-in firm whose subscription
 * lapsed can read everything but change nothing, except what the table marks
 * `whileReadOnly` (services need no check of their own).
 */
export const serveEndpoint = <E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: EndpointHandler<E>, options: ServeOptions = {}) => {
  const status = successStatus(endpoint);
  app.route({
    method: endpoint.method,
    url: fastifyPath(endpoint.path),
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: endpoint.responses,
    },
    ...(options.trustedAnswer ? { serializerCompiler: () => (data: unknown) => JSON.stringify(data) } : {}),
    // Before the body is validated: a read-only firm learns that first, whatever it sent.
    ...(refusedWhileReadOnly(endpoint) && !options.readOnlyCheckedByHandler ? { preValidation: refuseReadOnly } : {}),
    handler: async (request, reply) => {
      const key = endpoint.idempotent ? readKey(request.headers[IDEMPOTENCY_HEADER]) : null;
      // Fastify parsed params, query and body with the endpoint's schemas before this runs; its own types cannot say so.
      if (key === null) return respond(await handler(request as EndpointRequest<E>, reply), reply, status);
      // `request.actor` is set only behind `requireActor`: a signed-out route (sign-up) keeps its scope when its first answer signs the browser in.
      // There the key alone names the submission; the hash of its body (password included) keeps another caller from reusing it.
      const actor = request.actor as Actor | null;
      const ref = { scope: actor ? `user:${actor.userId}` : 'signed-out', endpoint: `${endpoint.method} ${endpoint.path}`, key };
      const hash = requestHash({ params: request.params, query: request.query, body: request.body });
      const outcome = await submitOnce(request.server.deps.db, ref, hash, async () => {
        const value = await handler(request as EndpointRequest<E>, reply);
        return { value, answer: () => answerSent(endpoint, options, status === 204 || reply.statusCode === 200 ? status : reply.statusCode, value) };
      });
      if (!outcome.replayed) return respond(outcome.value, reply, status);
      reply.status(outcome.answer.statusCode).header('Idempotent-Replayed', 'true');
      if (outcome.answer.body === null) return reply.send(null);
      // The stored text is what the first submission sent: sent as it is, not serialised again.
      return reply
        .type('application/json; charset=utf-8')
        .serializer((text: string) => text)
        .send(outcome.answer.body);
    },
  });
};

/** The body the serializer sends for this answer: encoded by its schema as the route's serializer does, or as it is when trusted. */
const answerSent = (endpoint: Endpoint, options: ServeOptions, statusCode: number, value: unknown): Answer => {
  if (statusCode === 204) return { statusCode, body: null };
  const schema = endpoint.responses[statusCode];
  return { statusCode, body: JSON.stringify(schema && !options.trustedAnswer ? schema.encode(value) : value) };
};

const respond = <T>(answer: T, reply: FastifyReply, status: number) => {
  if (reply.sent) return reply;
  if (status === 204) return reply.status(204).send(null);
  if (reply.statusCode === 200 && status !== 200) reply.status(status);
  return answer;
};
