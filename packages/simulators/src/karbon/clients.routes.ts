import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CONTACT_KIND, contactDetailsOf, entityOf, expandsBusinessCards, ORGANIZATION_KIND, summaryOf, type ClientKind } from './client-answers.js';
import { notFound, notFoundPlain } from './errors.js';
import { tenantOf } from './gateway.js';
import { listResponse, type ListSpec } from './odata.js';
import type { KarbonState } from './state.js';
import type { KarbonTenant } from './tenant.js';
import type { JsonObject } from './types.js';
import { bodyObject, onlyFields, requireStrings } from './validate.js';

interface ClientSpec {
  kind: ClientKind;
  /** Fields a create (and a PUT, which replaces) must carry. */
  required: readonly string[];
  /** What a create or PUT may write (the reference's CreateContact / CreateOrganization, as far as simulated). */
  writable: readonly string[];
  /** What a PATCH may change (KARBON_API.md's lists). */
  patchable: readonly string[];
  /** The contact details kept flat on the record (written through a business card, or by the control API). */
  details: readonly string[];
  list: ListSpec;
  notFound: (key: string) => string;
}

const CONTACTS: ClientSpec = {
  kind: CONTACT_KIND,
  required: ['FirstName', 'LastName'],
  writable: ['FirstName', 'LastName', 'MiddleName', 'PreferredName', 'Salutation', 'Suffix', 'ContactType', 'UserDefinedIdentifier', 'RestrictionLevel', 'BusinessCards'],
  patchable: ['FirstName', 'MiddleName', 'LastName', 'PreferredName', 'Salutation', 'Suffix', 'RestrictionLevel'],
  details: ['EmailAddress', 'PhoneNumber'],
  list: {
    entitySet: 'Contacts',
    filterable: ['FullName', 'FirstName', 'LastName', 'EmailAddress', 'ContactType', 'UserDefinedIdentifier', 'LastModifiedDateTime'],
    sortable: ['FullName', 'FirstName', 'LastName', 'EmailAddress', 'LastModifiedDateTime'],
    view: summaryOf(CONTACT_KIND),
  },
  notFound: () => 'No Contact found for provided key',
};

const ORGANIZATIONS: ClientSpec = {
  kind: ORGANIZATION_KIND,
  required: ['FullName'],
  writable: ['FullName', 'ContactType', 'UserDefinedIdentifier', 'RestrictionLevel', 'BusinessCards'],
  patchable: ['FullName', 'RestrictionLevel'],
  details: ['EmailAddress', 'PhoneNumber', 'Website'],
  list: {
    entitySet: 'Organizations',
    filterable: ['FullName', 'EmailAddress', 'ContactType', 'UserDefinedIdentifier', 'LastModifiedDateTime'],
    sortable: ['FullName', 'EmailAddress', 'LastModifiedDateTime'],
    view: summaryOf(ORGANIZATION_KIND),
  },
  notFound: (key) => `No organization exists with a key of ${key}.`,
};

/** A contact's FullName follows its names, as Karbon derives it. */
export function derive(spec: ClientSpec, fields: JsonObject): JsonObject {
  if (spec.kind.collection !== 'Contacts') return fields;
  return { ...fields, FullName: [fields.FirstName, fields.LastName].filter((part) => typeof part === 'string' && part !== '').join(' ') };
}

/** A write through the API: only `allowed` fields; a card's contact details land on the record. */
function apiWrite(spec: ClientSpec, body: JsonObject, allowed: readonly string[], replace: boolean): JsonObject {
  onlyFields(body, allowed, spec.kind.entity);
  if (replace) requireStrings(body, spec.required);
  const { BusinessCards: cards, ...fields } = body;
  delete fields[spec.kind.keyField];
  return { ...fields, ...contactDetailsOf(cards) };
}

/** A write through the control API, as someone editing in Karbon: the record's fields and its contact details, flat. */
export function controlWrite(spec: ClientSpec, body: JsonObject, replace: boolean): JsonObject {
  onlyFields(body, [...spec.writable.filter((field) => field !== 'BusinessCards'), ...spec.details, spec.kind.keyField], spec.kind.entity);
  if (replace) requireStrings(body, spec.required);
  const fields = { ...body };
  delete fields[spec.kind.keyField];
  return fields;
}

function existing(tenant: KarbonTenant, spec: ClientSpec, key: string, plain = false): JsonObject {
  const record = tenant.get(spec.kind.collection, key);
  if (!record) throw (plain ? notFoundPlain : notFound)(spec.notFound(key));
  return record;
}

function routesFor(app: FastifyInstance, state: KarbonState, spec: ClientSpec): void {
  const { collection } = spec.kind;
  const path = `/${collection}`;
  app.get(path, async (request) => listResponse(request, tenantOf(request).list(collection), spec.list));
  app.get<{ Params: { key: string } }>(`${path}/:key`, async (request) =>
    entityOf(spec.kind, request, existing(tenantOf(request), spec, request.params.key), expandsBusinessCards(request)),
  );
  app.post(path, async (request, reply) => {
    const tenant = tenantOf(request);
    const fields = apiWrite(spec, bodyObject(request.body, spec.kind.entity), spec.writable, true);
    const created = tenant.insert(collection, derive(spec, fields));
    return reply.status(201).send(entityOf(spec.kind, request, created));
  });
  const update = (request: FastifyRequest<{ Params: { key: string } }>, replace: boolean) => {
    const tenant = tenantOf(request);
    // The reference's 404 of a PATCH, and of a contact's PUT, is the plain {statusCode, message}.
    const current = existing(tenant, spec, request.params.key, !replace || spec.kind.collection === 'Contacts');
    const fields = apiWrite(spec, bodyObject(request.body, spec.kind.entity), replace ? spec.writable : spec.patchable, replace);
    const conflict = state.faults.takeConflict(tenant.tenantKey, request.params.key);
    if (conflict) throw conflict;
    // PUT replaces the writable fields and the contact details; PATCH merges into what is there.
    const replaced = [...spec.writable, ...spec.details];
    const base = replace ? Object.fromEntries(Object.entries(current).filter(([field]) => !replaced.includes(field))) : current;
    return tenant.replace(collection, request.params.key, derive(spec, { ...base, ...fields }));
  };
  // The reference: PUT answers 204 with no body, PATCH 200 with the record.
  app.put<{ Params: { key: string } }>(`${path}/:key`, async (request, reply) => {
    update(request, true);
    return reply.status(204).send();
  });
  app.patch<{ Params: { key: string } }>(`${path}/:key`, async (request) => entityOf(spec.kind, request, update(request, false)));
}

export const CLIENT_SPECS = { Contacts: CONTACTS, Organizations: ORGANIZATIONS } as const;

/** `/v3/Contacts` and `/v3/Organizations`: list, get, create (201), PUT replace (204) and PATCH merge (200). */
export function clientRoutes(state: KarbonState): FastifyPluginAsync {
  return async (app) => {
    routesFor(app, state, CONTACTS);
    routesFor(app, state, ORGANIZATIONS);
  };
}
