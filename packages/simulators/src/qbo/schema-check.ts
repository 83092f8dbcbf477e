import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordContractViolation } from '../contract-check/index.js';
import { qboSchema } from '../qbo-schema/index.js';
import { canonicalEntity } from './entities.js';
import { unsupportedProperties } from './faults.js';
import { isJsonObject } from './types.js';

/** The rule book's name in a recorded violation; each problem names the file and type it comes from. */
export const QBO_CONTRACT = 'qbo/Finance.xsd';

/** `POST /purchase` for a request to `/v3/company/{realmId}/purchase`. */
const label = (request: FastifyRequest): string => {
  const path = new URL(request.url, 'http://simulator').pathname.replace(/^.*\/v3\/company\/[^/]+/, '');
  return `${request.method} ${path || '/'}`;
};

/** Where the request's JSON body is judged: an entity's own element, or the batch envelope; undefined when it has none. */
function bodyProblems(request: FastifyRequest): string[] | undefined {
  if (request.method !== 'POST' || !isJsonObject(request.body)) return undefined;
  const route = request.routeOptions.url ?? '';
  if (route.endsWith('/batch')) return qboSchema().checkType('IntuitBatchRequest', request.body);
  const segment = (request.params as { entity?: string }).entity;
  const entity = segment === undefined ? undefined : canonicalEntity(segment);
  // An entity the simulator does not serve is refused by its route, in QuickBooks' words for that.
  if (!entity || !qboSchema().hasElement(entity)) return undefined;
  return qboSchema().checkElement(entity, request.body);
}

/**
 * Puts the Accounting API's traffic through Intuit's published entity schemas: an entity body Herd
 * sends (create, update, sparse update, delete, each batch item) outside them is refused as
 * QuickBooks refuses it and recorded, so the test that sent it fails; every JSON answer the
 * simulator gives (reads, queries, batch, CDC, uploads, faults) is judged as an IntuitResponse and
 * recorded when it strays. The query endpoint's body is a statement, not JSON, and is not judged here.
 */
export function installSchemaCheck(app: FastifyInstance): void {
  // Read and compiled when the simulator starts, not on its first request.
  qboSchema();
  app.addHook('preHandler', async (request) => {
    const problems = bodyProblems(request);
    if (!problems?.length) return;
    recordContractViolation({ contract: QBO_CONTRACT, direction: 'request', message: label(request), problems });
    throw unsupportedProperties(problems);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    // Intuit's gateway, not the Accounting API, answers a refused token: lower-case `fault`, outside the schema by design.
    if (reply.statusCode === 401 && isJsonObject(body) && 'fault' in body) return payload;
    const problems = qboSchema().checkType('IntuitResponse', body);
    if (problems.length) recordContractViolation({ contract: QBO_CONTRACT, direction: 'response', message: `${label(request)} → ${reply.statusCode}`, problems });
    return payload;
  });
}
