import { permaKey, type Prng } from './ids.js';
import type { JsonObject, KarbonActionType, KarbonChange, KarbonWebhookType } from './types.js';

export type Collection = 'Contacts' | 'Organizations' | 'Users' | 'WorkItems' | 'Notes';

/** The field holding each collection's key, and the webhook type and resource type its changes raise. */
export const COLLECTIONS: Record<Collection, { keyField: string; webhook: KarbonWebhookType; resourceType: string }> = {
  Contacts: { keyField: 'ContactKey', webhook: 'Contact', resourceType: 'Contact' },
  // §4: the Contact webhook type covers Organizations; the OpenAPI's payload enum only has "Contact".
  Organizations: { keyField: 'OrganizationKey', webhook: 'Contact', resourceType: 'Contact' },
  Users: { keyField: 'Id', webhook: 'User', resourceType: 'User' },
  WorkItems: { keyField: 'WorkItemKey', webhook: 'Work', resourceType: 'Work' },
  Notes: { keyField: 'Id', webhook: 'Note', resourceType: 'Note' },
};

/** One Karbon account: its settings and records, kept in insertion order as the API's default order. */
export class KarbonTenant {
  settings: JsonObject = {};
  /** The records by collection; read and refilled whole by snapshot.ts. */
  readonly data: Record<Collection, Map<string, JsonObject>> = {
    Contacts: new Map(),
    Organizations: new Map(),
    Users: new Map(),
    WorkItems: new Map(),
    Notes: new Map(),
  };

  /** Files attached to clients and work items, by FileContextKey (their bytes kept here, not in a collection). */
  readonly files = new Map<string, KarbonFile>();

  constructor(
    readonly tenantKey: string,
    readonly name: string,
    readonly applicationId: string,
    readonly accessKey: string,
    /** Where new perma keys come from; a saved tenant keeps its position (snapshot.ts). */
    readonly keys: Prng,
    readonly now: () => number,
    private readonly onChange: (change: KarbonChange) => void,
  ) {}

  newKey(): string {
    return permaKey(this.keys);
  }

  list(collection: Collection): JsonObject[] {
    return [...this.data[collection].values()];
  }

  get(collection: Collection, key: string): JsonObject | undefined {
    return this.data[collection].get(key);
  }

  /** Stores a new record under a fresh key (or the one it carries) and raises an Inserted change. */
  insert(collection: Collection, fields: JsonObject, quiet = false): JsonObject {
    const { keyField } = COLLECTIONS[collection];
    const key = typeof fields[keyField] === 'string' ? fields[keyField] : this.newKey();
    // Seeded records (quiet) keep the stamps the seed chose; API inserts are stamped now.
    const record = quiet ? { [keyField]: key, ...this.stamp(collection), ...fields } : { [keyField]: key, ...fields, ...this.stamp(collection) };
    this.data[collection].set(key, record);
    if (!quiet) this.emit(collection, key, 'Inserted');
    return record;
  }

  /** Replaces a record's fields (the key stays) and raises an Updated change. */
  replace(collection: Collection, key: string, fields: JsonObject): JsonObject {
    const { keyField } = COLLECTIONS[collection];
    const record = { ...fields, [keyField]: key, ...this.stamp(collection) };
    this.data[collection].set(key, record);
    this.emit(collection, key, 'Updated');
    return record;
  }

  private stamp(collection: Collection): JsonObject {
    // Contacts and Organizations carry LastModifiedDateTime (§4 list items); the rest have no such field here.
    if (collection !== 'Contacts' && collection !== 'Organizations') return {};
    return { LastModifiedDateTime: isoSeconds(this.now()) };
  }

  private emit(collection: Collection, key: string, action: KarbonActionType): void {
    const spec = COLLECTIONS[collection];
    this.onChange({ tenantKey: this.tenantKey, webhookType: spec.webhook, resourceType: spec.resourceType, key, action, at: this.now() });
  }
}

/** Karbon's timestamps: ISO 8601 UTC to the second (`2026-03-31T14:22:00Z`). */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

/** A file in Karbon: what FileList and FileDetails describe, and its bytes. */
export interface KarbonFile {
  FileContextKey: string;
  FileName: string;
  FileSize: number;
  MimeType: string;
  EntityType: 'WorkItem' | 'Contact' | 'Organization';
  EntityKey: string;
  DateCreated: string;
  IsArchived: boolean;
  bytes: Buffer;
}
