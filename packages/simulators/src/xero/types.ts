import type { JsonObject } from '../qbo/types.js';

export { isJsonObject, asArray, type JsonObject, type JsonValue } from '../qbo/types.js';

/**
 * A stored record: the fields as a client would send them, except that money is held in integer
 * cents (money.ts) and dates as YYYY-MM-DD, plus the store's own timestamps. Records are never
 * mutated: an update stores a new object, so a serialised copy can be cached per object.
 */
export interface XeroRecord {
  id: string;
  fields: JsonObject;
  createdAt: number;
  updatedAt: number;
}

export type EventType = 'CREATE' | 'UPDATE';

/** One change to a record, as fed to webhooks. */
export interface ChangeEvent {
  tenantId: string;
  endpoint: string;
  id: string;
  type: EventType;
  at: number;
}

/** A body item made ready to store, or the reasons it cannot be. */
export interface Prepared {
  fields: JsonObject;
  errors: string[];
  /** A contact named by a transaction but not on file: Xero creates it along with the transaction. */
  newContact?: JsonObject;
}
