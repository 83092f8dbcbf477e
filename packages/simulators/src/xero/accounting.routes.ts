import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attachmentRoutes } from './attachments.routes.js';
import { endpointNamed, type EndpointSpec } from './endpoints.js';
import { dayMs, msDate } from './dates.js';
import { envelope } from './envelope.js';
import { badRequest, notFound } from './errors.js';
import { orgOf, installGateway } from './gateway.js';
import { idempotentWrite } from './idempotent-write.js';
import { listRecords, type ListQuery } from './listing.js';
import { addTrackingOptions } from './tracking-options.js';
import { toWire } from './serialize.js';
import type { XeroState } from './state.js';
import { writeItems } from './write-service.js';

interface Params {
  endpoint: string;
  id?: string;
}

function endpointOf(request: FastifyRequest, writing = false): EndpointSpec {
  const { endpoint: segment } = request.params as Params;
  const endpoint = endpointNamed(segment);
  if (!endpoint) throw notFound(`The resource ${segment} is not served by this simulator`);
  if (writing && endpoint.readOnly) throw badRequest(`${endpoint.name} cannot be written through this simulator's API`);
  return endpoint;
}

/** The Accounting API under /api.xro/2.0: list, read, write, tracking options and attachments. */
export function accountingRoutes(state: XeroState) {
  return async (app: FastifyInstance): Promise<void> => {
    installGateway(app, state);

    // The organisation's settings: its name and, where set, its lock dates (midnight UTC, as Xero's dates are).
    app.get('/Organisation', async (request) => {
      const org = orgOf(request);
      const { period, endOfYear } = org.lockDates;
      return envelope('Organisations', [
        {
          Name: org.name,
          LegalName: org.name,
          OrganisationType: 'COMPANY',
          BaseCurrency: 'USD',
          CountryCode: 'US',
          ...(period ? { PeriodLockDate: msDate(dayMs(period)) } : {}),
          ...(endOfYear ? { EndOfYearLockDate: msDate(dayMs(endOfYear)) } : {}),
        },
      ]);
    });

    app.get('/:endpoint', async (request) => {
      const endpoint = endpointOf(request);
      const org = orgOf(request);
      const ifModifiedSince = request.headers['if-modified-since'];
      const result = listRecords(org, endpoint, request.query as ListQuery, typeof ifModifiedSince === 'string' ? ifModifiedSince : undefined);
      return envelope(endpoint.name, result.items, result.pagination ? { pagination: result.pagination } : {});
    });

    app.get('/:endpoint/:id', async (request) => {
      const endpoint = endpointOf(request);
      const org = orgOf(request);
      const record = org.get(endpoint.name, (request.params as Params).id ?? '');
      if (!record) throw notFound(`${endpoint.name} ${(request.params as Params).id ?? ''} was not found`);
      return envelope(endpoint.name, [toWire(endpoint, record, org)]);
    });

    const write = (method: 'PUT' | 'POST') => async (request: FastifyRequest, reply: FastifyReply) => {
      const endpoint = endpointOf(request, true);
      const org = orgOf(request);
      const summarizeErrors = (request.query as ListQuery).summarizeErrors?.toLowerCase() !== 'false';
      const pathId = (request.params as Params).id;
      return idempotentWrite(state, org, request, reply, () =>
        writeItems(org, endpoint, { method, body: request.body, summarizeErrors, pathId, now: state.clock.now() }),
      );
    };
    app.put('/:endpoint', write('PUT'));
    app.post('/:endpoint', write('POST'));
    app.post('/:endpoint/:id', write('POST'));

    app.put('/TrackingCategories/:id/Options', async (request, reply) => {
      const org = orgOf(request);
      const id = (request.params as Params).id ?? '';
      return idempotentWrite(state, org, request, reply, () => ({
        status: 200,
        body: envelope('Options', addTrackingOptions(org, id, request.body)),
      }));
    });

    await app.register(attachmentRoutes(state));
  };
}
