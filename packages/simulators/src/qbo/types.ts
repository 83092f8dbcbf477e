/** JSON as QBO sends and receives it. Entities stay plain objects so any field a client sends survives. */
export type JsonValue = string | number | boolean | null | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue | undefined;
}

export type MetaData = { CreateTime: string; LastUpdatedTime: string };

/** Every stored entity carries the IntuitEntity base fields. */
export type QboEntity = JsonObject & {
  Id: string;
  SyncToken: string;
  MetaData: MetaData;
  domain: 'QBO';
  sparse: boolean;
};

export type ChangeOperation = 'Create' | 'Update' | 'Delete';

/** One change to an entity, as fed to webhooks. */
export interface ChangeEvent {
  realmId: string;
  entity: string;
  id: string;
  operation: ChangeOperation;
  lastUpdated: string;
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asArray(value: JsonValue | undefined): JsonValue[] {
  return Array.isArray(value) ? value : [];
}
