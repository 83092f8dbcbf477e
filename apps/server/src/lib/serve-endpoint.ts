import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refusedWhileReadOnly, successStatus, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type ResponseOf } from '@herd/contract';
import { assertWritable } from '../modules/auth/actor.js';

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
    ...(refusedWhileReadOnly(endpoint) ? { preValidation: refuseReadOnly } : {}),
    handler: async (request, reply) => {
      const answer = await handler(request as unknown as EndpointRequest<E>, reply);
      if (reply.sent) return reply;
      if (status === 204) return reply.status(204).send(null);
      if (reply.statusCode === 200 && status !== 200) reply.status(status);
      return answer;
    },
  });
};
