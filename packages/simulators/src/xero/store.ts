import type { Clock } from '../qbo/clock.js';
import type { EndpointSpec } from './endpoints.js';
import type { ChangeEvent, EventType, JsonObject, XeroRecord } from './types.js';

export interface StoredAttachment {
  AttachmentID: string;
  FileName: string;
  MimeType: string;
  IncludeOnline: boolean;
  bytes: Buffer;
}

interface InsertOptions {
  /** Creation time; seeding back-dates records. Defaults to the clock. */
  at?: number;
  /** Seeding does not announce its records to webhooks. */
  silent?: boolean;
}

/**
 * One organisation (tenant): a Map per endpoint, attachments and answered idempotency keys. Every
 * write goes through here so UpdatedDateUTC and webhook events stay consistent.
 */
export class OrgStore {
  readonly attachments = new Map<string, StoredAttachment[]>();
  /** The organisation's lock dates (YYYY-MM-DD), as its settings set them; null: not set. */
  lockDates: { period: string | null; endOfYear: string | null } = { period: null, endOfYear: null };
  /** Every endpoint's records; read and refilled whole by snapshot.ts. */
  readonly tables = new Map<string, Map<string, XeroRecord>>();

  constructor(
    readonly tenantId: string,
    readonly name: string,
    readonly createdAt: number,
    private readonly clock: Clock,
    readonly newId: () => string,
    private readonly onChange: (event: ChangeEvent) => void,
  ) {}

  table(endpoint: string): Map<string, XeroRecord> {
    let table = this.tables.get(endpoint);
    if (!table) {
      table = new Map();
      this.tables.set(endpoint, table);
    }
    return table;
  }

  get(endpoint: string, id: string): XeroRecord | undefined {
    // Ids are GUIDs, which Xero compares case-insensitively.
    const table = this.tables.get(endpoint);
    return table?.get(id) ?? table?.get(id.toLowerCase());
  }

  list(endpoint: string): XeroRecord[] {
    return [...(this.tables.get(endpoint)?.values() ?? [])];
  }

  /** Stores a new record under `fields[idField]` (or a new id) and returns it. */
  insert(endpoint: EndpointSpec, fields: JsonObject, options: InsertOptions = {}): XeroRecord {
    const given = fields[endpoint.idField];
    const id = typeof given === 'string' && given !== '' ? given : this.newId();
    const at = options.at ?? this.clock.now();
    const record: XeroRecord = { id, fields: { ...fields, [endpoint.idField]: id }, createdAt: at, updatedAt: at };
    this.table(endpoint.name).set(id, record);
    if (!options.silent) this.emit(endpoint.name, id, 'CREATE', at);
    return record;
  }

  /** Replaces a record's fields wholesale; callers merge first. */
  replace(endpoint: EndpointSpec, id: string, fields: JsonObject): XeroRecord {
    const current = this.get(endpoint.name, id);
    if (!current) throw new Error(`${endpoint.name} ${id} does not exist`);
    const at = this.clock.now();
    const record: XeroRecord = { id: current.id, fields: { ...fields, [endpoint.idField]: current.id }, createdAt: current.createdAt, updatedAt: at };
    this.table(endpoint.name).set(current.id, record);
    this.emit(endpoint.name, current.id, 'UPDATE', at);
    return record;
  }

  /** Removes a record outright (the control API's delete; the API itself only ever sets a status). */
  remove(endpoint: string, id: string): boolean {
    const record = this.get(endpoint, id);
    if (!record) return false;
    this.attachments.delete(`${endpoint}/${record.id}`);
    return this.table(endpoint).delete(record.id);
  }

  private emit(endpoint: string, id: string, type: EventType, at: number): void {
    this.onChange({ tenantId: this.tenantId, endpoint, id, type, at });
  }
}
