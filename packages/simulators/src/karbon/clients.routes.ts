import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from './errors.js';
import { tenantOf } from './gateway.js';
import { listResponse, type ListSpec } from './odata.js';
import type { KarbonState } from './state.js';
import type { Collection, KarbonTenant } from './tenant.js';
import type { JsonObject } from './types.js';
import { bodyObject, onlyFields, requireStrings } from './validate.js';

interface ClientSpec {
  collection: Extract<Collection, 'Contacts' | 'Organizations'>;
  keyField: string;
  entity: string;
  /** Fields a create (and a PUT, which replaces) must carry. */
  required: readonly string[];
  writable: readonly string[];
  list: ListSpec;
  notFound: (key: string) => string;
}

const CONTACTS: ClientSpec = {
  collection: 'Contacts',
  keyField: 'ContactKey',
  entity: 'Contact',
  required: ['FirstName', 'LastName'],
  writable: ['FirstName', 'LastName', 'MiddleName', 'PreferredName', 'Salutation', 'EmailAddress', 'ContactType', 'UserDefinedIdentifier', 'PhoneNumber'],
  list: {
    entitySet: 'Contacts',
    filterable: ['FullName', 'FirstName', 'LastName', 'EmailAddress', 'ContactType', 'UserDefinedIdentifier', 'LastModifiedDateTime'],
    sortable: ['FullName', 'FirstName', 'LastName', 'EmailAddress', 'LastModifiedDateTime'],
  },
  notFound: () => 'No Contact found for provided key',
};

const ORGANIZATIONS: ClientSpec = {
  collection: 'Organizations',
  keyField: 'OrganizationKey',
  entity: 'Organization',
  required: ['FullName'],
  writable: ['FullName', 'EmailAddress', 'ContactType', 'UserDefinedIdentifier', 'PhoneNumber', 'Website'],
  list: {
    entitySet: 'Organizations',
    filterable: ['FullName', 'EmailAddress', 'ContactType', 'UserDefinedIdentifier', 'LastModifiedDateTime'],
    sortable: ['FullName', 'EmailAddress', 'LastModifiedDateTime'],
  },
  notFound: (key) => `No organization exists with a key of ${key}.`,
};

/** A contact's FullName follows its names, as Karbon derives it. */
function derive(spec: ClientSpec, fields: JsonObject): JsonObject {
  if (spec.collection !== 'Contacts') return fields;
  return { ...fields, FullName: [fields.FirstName, fields.LastName].filter((part) => typeof part === 'string' && part !== '').join(' ') };
}

/** The checks of a write through the API and the control API alike. */
export function clientWrite(spec: ClientSpec, body: JsonObject, replace: boolean): JsonObject {
  onlyFields(body, [...spec.writable, spec.keyField], `${spec.entity}`);
  if (replace) requireStrings(body, spec.required);
  const fields = { ...body };
  delete fields[spec.keyField];
  return fields;
}

function existing(tenant: KarbonTenant, spec: ClientSpec, key: string): JsonObject {
  const record = tenant.get(spec.collection, key);
  if (!record) throw notFound(spec.notFound(key));
  return record;
}

function routesFor(app: FastifyInstance, state: KarbonState, spec: ClientSpec): void {
  const path = `/${spec.collection}`;
  app.get(path, async (request) => listResponse(request, tenantOf(request).list(spec.collection), spec.list));
  app.get<{ Params: { key: string } }>(`${path}/:key`, async (request) => existing(tenantOf(request), spec, request.params.key));
  app.post(path, async (request, reply) => {
    const tenant = tenantOf(request);
    const fields = clientWrite(spec, bodyObject(request.body, spec.entity), true);
    return reply.status(201).send(tenant.insert(spec.collection, derive(spec, fields)));
  });
  const update = (replace: boolean) => async (request: FastifyRequest<{ Params: { key: string } }>) => {
    const tenant = tenantOf(request);
    const current = existing(tenant, spec, request.params.key);
    const fields = clientWrite(spec, bodyObject(request.body, spec.entity), replace);
    const conflict = state.faults.takeConflict(tenant.tenantKey, request.params.key);
    if (conflict) throw conflict;
    // PUT replaces the writable fields; PATCH merges into what is there.
    const base = replace ? Object.fromEntries(Object.entries(current).filter(([field]) => !spec.writable.includes(field))) : current;
    return tenant.replace(spec.collection, request.params.key, derive(spec, { ...base, ...fields }));
  };
  app.put<{ Params: { key: string } }>(`${path}/:key`, update(true));
  app.patch<{ Params: { key: string } }>(`${path}/:key`, update(false));
}

export const CLIENT_SPECS = { Contacts: CONTACTS, Organizations: ORGANIZATIONS } as const;

/** `/v3/Contacts` and `/v3/Organizations`: list, get, create (201), PUT replace and PATCH merge. */
export function clientRoutes(state: KarbonState): FastifyPluginAsync {
  return async (app) => {
    routesFor(app, state, CONTACTS);
    routesFor(app, state, ORGANIZATIONS);
  };
}
