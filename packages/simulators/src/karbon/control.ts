import { CLIENT_SPECS, controlWrite, derive } from './clients.routes.js';
import type { KarbonFailureSpec } from './faults.js';
import type { KarbonRequestLogEntry, KarbonState, KarbonTenantOptions } from './state.js';
import type { Collection, KarbonFile, KarbonTenant } from './tenant.js';
import type { JsonObject } from './types.js';
import type { KarbonWebhookDelivery, KarbonWebhookSubscription } from './webhooks.js';

export interface KarbonTenantKeys {
  tenantKey: string;
  name: string;
  /** Send as `Authorization: Bearer <applicationId>`. */
  applicationId: string;
  /** Send as `AccessKey: <accessKey>`. */
  accessKey: string;
}

/**
 * Test-side levers, as plain methods. Writes here model someone editing inside Karbon: no auth,
 * rate limit or faults, but the same field checks, LastModifiedDateTime and webhooks as the API.
 */
export interface KarbonControl {
  tenants(): KarbonTenantKeys[];
  keys(tenant: string): KarbonTenantKeys;
  addTenant(options?: KarbonTenantOptions): KarbonTenantKeys;
  organizations(tenant: string): JsonObject[];
  contacts(tenant: string): JsonObject[];
  users(tenant: string): JsonObject[];
  workItems(tenant: string): JsonObject[];
  notes(tenant: string): JsonObject[];
  addOrganization(tenant: string, fields: JsonObject): JsonObject;
  /** The files attached to the tenant's clients and work items, oldest first (without their bytes). */
  files(tenant: string): Omit<KarbonFile, 'bytes'>[];
  /** Attaches a file to a client or work item, as someone uploading it in Karbon. */
  addFile(tenant: string, file: { entityType: 'WorkItem' | 'Contact' | 'Organization'; entityKey: string; fileName: string; mimeType: string; bytes: Buffer }): string;
  /** Merges `change` into the organization, as a PATCH would. */
  updateOrganization(tenant: string, key: string, change: JsonObject): JsonObject;
  addContact(tenant: string, fields: JsonObject): JsonObject;
  updateContact(tenant: string, key: string, change: JsonObject): JsonObject;
  /** The next `count` requests to a `/v3` path (and below) answer `status`. */
  failNext(spec: KarbonFailureSpec): void;
  /** The next `count` writes to the resource with this key answer 409 / 4020. */
  conflictNext(tenant: string, key: string, count?: number): void;
  /** The tenant's requests to these collections answer 403 / 4021 until called again without them. */
  restrict(tenant: string, collections: string[]): void;
  readonly requests: KarbonRequestLogEntry[];
  webhookSubscriptions(tenant: string): KarbonWebhookSubscription[];
  readonly deliveries: KarbonWebhookDelivery[];
  /** Ends every open coalescing window now and waits for the deliveries. */
  flushWebhooks(): Promise<void>;
  advanceClock(ms: number): void;
  now(): number;
  reset(): void;
}

const keysOf = (t: KarbonTenant): KarbonTenantKeys => ({ tenantKey: t.tenantKey, name: t.name, applicationId: t.applicationId, accessKey: t.accessKey });

export function createKarbonControl(state: KarbonState): KarbonControl {
  const tenant = (key: string): KarbonTenant => {
    const found = state.tenant(key);
    if (!found) throw new Error(`No Karbon tenant ${key}`);
    return found;
  };
  const list = (collection: Collection) => (key: string) => tenant(key).list(collection);
  const add = (collection: 'Contacts' | 'Organizations') => (key: string, fields: JsonObject) => {
    const spec = CLIENT_SPECS[collection];
    return tenant(key).insert(collection, derive(spec, controlWrite(spec, fields, true)));
  };
  const update = (collection: 'Contacts' | 'Organizations') => (key: string, recordKey: string, change: JsonObject) => {
    const t = tenant(key);
    const current = t.get(collection, recordKey);
    if (!current) throw new Error(`No ${collection} ${recordKey} in tenant ${key}`);
    const spec = CLIENT_SPECS[collection];
    return t.replace(collection, recordKey, derive(spec, { ...current, ...controlWrite(spec, change, false) }));
  };

  return {
    tenants: () => [...state.tenants.values()].map(keysOf),
    keys: (key) => keysOf(tenant(key)),
    addTenant: (options) => keysOf(state.addTenant(options)),
    organizations: list('Organizations'),
    contacts: list('Contacts'),
    users: list('Users'),
    workItems: list('WorkItems'),
    notes: list('Notes'),
    addOrganization: add('Organizations'),
    files: (key) => [...tenant(key).files.values()].map(({ bytes: _bytes, ...file }) => file),
    addFile: (key, file) => {
      const t = tenant(key);
      const fileKey = t.newKey();
      t.files.set(fileKey, {
        FileContextKey: fileKey,
        FileName: file.fileName,
        FileSize: file.bytes.length,
        MimeType: file.mimeType,
        EntityType: file.entityType,
        EntityKey: file.entityKey,
        DateCreated: new Date(t.now()).toISOString().slice(0, 19) + 'Z',
        IsArchived: false,
        bytes: file.bytes,
      });
      return fileKey;
    },
    updateOrganization: update('Organizations'),
    addContact: add('Contacts'),
    updateContact: update('Contacts'),
    failNext: (spec) => state.faults.failNext(spec),
    conflictNext: (key, recordKey, count) => state.faults.conflictNext(tenant(key).tenantKey, recordKey, count),
    restrict: (key, collections) => state.faults.restrict(tenant(key).tenantKey, collections),
    get requests() {
      return state.requests;
    },
    webhookSubscriptions: (key) => state.webhooks.list(key),
    get deliveries() {
      return state.webhooks.deliveries;
    },
    flushWebhooks: () => state.webhooks.flush(),
    advanceClock: (ms) => state.clock.advance(ms),
    now: () => state.clock.now(),
    reset: () => state.reset(),
  };
}
