import type { FastifyRequest } from 'fastify';
import { metadataUrl, present } from './odata.js';
import type { JsonObject, JsonValue } from './types.js';

/** Contacts or Organizations: where a record's key is and how Karbon names its entity types. */
export interface ClientKind {
  collection: 'Contacts' | 'Organizations';
  keyField: 'ContactKey' | 'OrganizationKey';
  entity: 'Contact' | 'Organization';
  /** The fields a list item (the reference's `…SummaryDTO`) carries, besides `@odata.type`. */
  summaryFields: readonly string[];
  /** The fields a single record (`…DTO`) carries; its contact details live on its business card. */
  entityFields: readonly string[];
}

export const CONTACT_KIND: ClientKind = {
  collection: 'Contacts',
  keyField: 'ContactKey',
  entity: 'Contact',
  summaryFields: [
    'ContactKey',
    'FullName',
    'PreferredName',
    'Salutation',
    'ClientOwner',
    'ClientManager',
    'Address',
    'EmailAddress',
    'PhoneNumber',
    'RoleOrTitle',
    'ContactType',
    'UserDefinedIdentifier',
    'LastModifiedDateTime',
  ],
  entityFields: [
    'ContactKey',
    'FirstName',
    'MiddleName',
    'LastName',
    'PreferredName',
    'Salutation',
    'Suffix',
    'ClientOwner',
    'ClientManager',
    'ContactType',
    'LastModifiedDateTime',
  ],
};

export const ORGANIZATION_KIND: ClientKind = {
  collection: 'Organizations',
  keyField: 'OrganizationKey',
  entity: 'Organization',
  summaryFields: ['OrganizationKey', 'FullName', 'PhoneNumber', 'EmailAddress', 'Website', 'ContactType', 'LastModifiedDateTime', 'UserDefinedIdentifier'],
  entityFields: ['OrganizationKey', 'FullName', 'ClientOwner', 'ClientManager', 'ContactType', 'LastModifiedDateTime'],
};

/** A record as a list shows it (`GetContacts` / `GetOrganizations` items): a summary, email and phone flat on it. */
export const summaryOf = (kind: ClientKind) => (record: JsonObject) => ({
  '@odata.type': `#KarbonService.${kind.entity}SummaryDTO`,
  ...present(record, kind.summaryFields),
});

/**
 * A record's primary business card, where Karbon keeps an entity's email addresses, phone numbers
 * and websites (`BusinessCardRequest`). Its key is derived from the record's, so it stays the same.
 */
function businessCard(kind: ClientKind, record: JsonObject): JsonObject {
  const key = String(record[kind.keyField]);
  const card: JsonObject = { BusinessCardKey: `${key.slice(0, 10)}BC`, EntityType: kind.entity, EntityKey: key, IsPrimaryCard: true };
  if (typeof record.EmailAddress === 'string') card.EmailAddresses = [record.EmailAddress];
  if (typeof record.PhoneNumber === 'string') card.PhoneNumbers = [{ Number: record.PhoneNumber }];
  if (typeof record.Website === 'string') card.WebSites = [record.Website];
  return card;
}

/**
 * A single record as `GET /v3/{Contacts|Organizations}/{key}`, a create (201) and a PATCH (200) answer
 * it: the `…DTO` with its OData annotations, `RestrictionLevel` (Public unless set) and
 * `UserDefinedIdentifier` (required by the reference; empty when none was given). A contact has no
 * `FullName` here, only its parts. The business cards come only when `$expand=BusinessCards` asks.
 */
export function entityOf(kind: ClientKind, request: FastifyRequest, record: JsonObject, withCards = false): JsonObject {
  const answer: JsonObject = {
    '@odata.context': metadataUrl(request, `${kind.collection}/KarbonService.${kind.entity}DTO/$entity`),
    '@odata.type': `#KarbonService.${kind.entity}DTO`,
    ...present(record, kind.entityFields),
    UserDefinedIdentifier: typeof record.UserDefinedIdentifier === 'string' ? record.UserDefinedIdentifier : '',
    RestrictionLevel: typeof record.RestrictionLevel === 'string' ? record.RestrictionLevel : 'Public',
  };
  if (withCards) answer.BusinessCards = [businessCard(kind, record)];
  return answer;
}

/** `$expand` names BusinessCards among its comma-separated options. */
export function expandsBusinessCards(request: FastifyRequest): boolean {
  const expand = (request.query as Record<string, string | undefined>).$expand ?? '';
  return expand.split(',').some((option) => option.trim().toLowerCase() === 'businesscards');
}

/**
 * What a write's `BusinessCards` say of the record's contact details, kept flat as the lists show
 * them: the primary card's (else the first card's) first email address, phone number and website.
 */
export function contactDetailsOf(cards: JsonValue | undefined): JsonObject {
  if (!Array.isArray(cards)) return {};
  const all = cards.filter((card): card is JsonObject => typeof card === 'object' && card !== null && !Array.isArray(card));
  const card = all.find((candidate) => candidate.IsPrimaryCard === true) ?? all[0];
  if (!card) return {};
  const first = (list: JsonValue | undefined) => (Array.isArray(list) ? list[0] : undefined);
  const phone = first(card.PhoneNumbers);
  const details: JsonObject = {};
  if (typeof first(card.EmailAddresses) === 'string') details.EmailAddress = first(card.EmailAddresses) as string;
  if (typeof phone === 'object' && phone !== null && !Array.isArray(phone) && typeof phone.Number === 'string') details.PhoneNumber = phone.Number;
  if (typeof first(card.WebSites) === 'string') details.Website = first(card.WebSites) as string;
  return details;
}
