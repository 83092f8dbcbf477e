import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { runBatch } from './batch.js';
import { changeDataCapture } from './cdc.js';
import { qboResponseTime } from './clock.js';
import { canonicalEntity } from './entities.js';
import { deleteEntity, readEntity, requireObject, saveEntity } from './entity-service.js';
import { objectNotFound, queryParserError, unsupportedOperation } from './faults.js';
import { companyOf, installGateway } from './gateway.js';
import { runQuery } from './query-service.js';
import { installRequestReplay } from './request-replay.js';
import { installSchemaCheck } from './schema-check.js';
import type { QboState } from './state.js';
import type { JsonObject } from './types.js';
import { handleUpload } from './upload.js';

interface EntityParams {
  realmId: string;
  entity: string;
  id?: string;
}

type Query = Record<string, string | undefined>;

/** The Accounting API v3 under /v3/company/:realmId. `minorversion` is accepted everywhere and ignored. */
export function accountingRoutes(state: QboState) {
  return async (app: FastifyInstance): Promise<void> => {
    installGateway(app, state);
    // After the gateway (a refused token is refused first, as at Intuit), before a repeated requestid is answered.
    installSchemaCheck(app);
    installRequestReplay(app, state);
    const withTime = (payload: JsonObject): JsonObject => ({ ...payload, time: qboResponseTime(state.clock.now()) });

    const query = (request: FastifyRequest, statement: string | undefined): JsonObject => {
      if (!statement?.trim()) throw queryParserError('Encountered <EOF>. Was expecting: "select"');
      return withTime({ QueryResponse: runQuery(companyOf(state, request), statement) });
    };
    app.get('/query', async (request) => query(request, (request.query as Query).query));
    app.post('/query', async (request) => query(request, typeof request.body === 'string' ? request.body : (request.query as Query).query));

    app.get('/cdc', async (request) => {
      const { entities, changedSince } = request.query as Query;
      return withTime(changeDataCapture(companyOf(state, request), entities, changedSince, state.clock.now()));
    });

    app.post('/batch', async (request) => withTime(runBatch(companyOf(state, request), requireObject(request.body), state.batchMaxItems)));

    app.post('/upload', async (request) => {
      const created = await handleUpload(request, companyOf(state, request), externalBase(request));
      return withTime({ AttachableResponse: created.map((Attachable) => ({ Attachable })) });
    });

    // QBO answers a download with a short-lived URL to the bytes, as text.
    app.get('/download/:id', async (request, reply) => {
      const store = companyOf(state, request);
      const row = readEntity(store, 'Attachable', (request.params as EntityParams).id ?? '');
      if (!store.files.has(row.Id)) throw objectNotFound(`Attachable ${row.Id} has no file.`);
      return reply.type('text/plain').send(String(row.TempDownloadUri));
    });

    app.get('/preferences', async (request) => withTime({ Preferences: readEntity(companyOf(state, request), 'Preferences', '2') }));

    app.get('/:entity/:id', async (request) => {
      const { entity, id = '' } = request.params as EntityParams;
      const name = entityName(entity);
      return withTime({ [name]: readEntity(companyOf(state, request), name, id) });
    });

    app.post('/:entity', async (request: FastifyRequest, reply: FastifyReply) => {
      const name = entityName((request.params as EntityParams).entity);
      const store = companyOf(state, request);
      const body = requireObject(request.body);
      const operation = (request.query as Query).operation?.toLowerCase();
      if (operation === 'delete') return reply.send(withTime({ [name]: deleteEntity(store, name, body) }));
      return reply.send(withTime({ [name]: saveEntity(store, name, body, operation) }));
    });
  };
}

function entityName(pathSegment: string): string {
  const name = canonicalEntity(pathSegment);
  if (!name) throw unsupportedOperation(`${pathSegment}: unknown entity`);
  return name;
}

/** Scheme, host and mount prefix as the client sees them, for absolute download links. */
function externalBase(request: FastifyRequest): string {
  const mount = request.url.slice(0, request.url.indexOf('/v3/company/'));
  return `${request.protocol}://${request.host}${mount}`;
}
