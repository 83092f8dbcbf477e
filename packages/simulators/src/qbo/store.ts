import { qboDateTime, type Clock } from './clock.js';
import type { ChangeEvent, ChangeOperation, JsonObject, QboEntity } from './types.js';

export interface StoredFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  /** The secret part of its download link. */
  key: string;
}

/** What CDC reports for a deleted object. */
export interface Tombstone {
  entity: string;
  id: string;
  deletedAt: string;
}

interface InsertOptions {
  /** Creation time; seeding back-dates rows. Defaults to the clock. */
  at?: number;
  /** A fixed id (QBO's US tax codes are `TAX` and `NON`). */
  id?: string;
  /** Seeding does not announce its rows to webhooks. */
  silent?: boolean;
}

/**
 * One company's data: a Map per entity, one id sequence, tombstones for CDC and uploaded files.
 * Every write goes through here so SyncToken, MetaData and webhook events stay consistent.
 */
export class CompanyStore {
  readonly tombstones: Tombstone[] = [];
  readonly files = new Map<string, StoredFile>();
  /** The answers of writes sent with a `requestid`, by that id: a repeat gets the same answer (request-replay.ts). */
  readonly answeredRequests = new Map<string, { status: number; contentType: string; payload: string }>();
  private readonly tables = new Map<string, Map<string, QboEntity>>();
  /** The next id the company gives; a saved company keeps it (snapshot.ts), so new ids never repeat old ones. */
  nextId = 1;

  constructor(
    readonly realmId: string,
    readonly name: string,
    private readonly clock: Clock,
    private readonly onChange: (event: ChangeEvent) => void,
  ) {}

  table(entity: string): Map<string, QboEntity> {
    let table = this.tables.get(entity);
    if (!table) {
      table = new Map();
      this.tables.set(entity, table);
    }
    return table;
  }

  get(entity: string, id: string): QboEntity | undefined {
    return this.tables.get(entity)?.get(id);
  }

  list(entity: string): QboEntity[] {
    return [...(this.tables.get(entity)?.values() ?? [])];
  }

  entityNames(): string[] {
    return [...this.tables.keys()];
  }

  insert(entity: string, fields: JsonObject, options: InsertOptions = {}): QboEntity {
    const id = options.id ?? String(this.nextId++);
    const stamp = qboDateTime(options.at ?? this.clock.now());
    const row: QboEntity = {
      ...stripSystemFields(fields),
      Id: id,
      SyncToken: '0',
      MetaData: { CreateTime: stamp, LastUpdatedTime: stamp },
      domain: 'QBO',
      sparse: false,
    };
    this.table(entity).set(id, row);
    if (!options.silent) this.emit(entity, id, 'Create', stamp);
    return row;
  }

  /** Replaces an entity's fields wholesale; callers merge first for sparse updates. */
  replace(entity: string, id: string, fields: JsonObject): QboEntity {
    const current = this.get(entity, id);
    if (!current) throw new Error(`${entity} ${id} does not exist`);
    const stamp = qboDateTime(this.clock.now());
    const row: QboEntity = {
      ...stripSystemFields(fields),
      Id: id,
      SyncToken: String(Number(current.SyncToken) + 1),
      MetaData: { CreateTime: current.MetaData.CreateTime, LastUpdatedTime: stamp },
      domain: 'QBO',
      sparse: false,
    };
    this.table(entity).set(id, row);
    this.emit(entity, id, 'Update', stamp);
    return row;
  }

  remove(entity: string, id: string): QboEntity | undefined {
    const current = this.get(entity, id);
    if (!current) return undefined;
    this.table(entity).delete(id);
    const stamp = qboDateTime(this.clock.now());
    this.tombstones.push({ entity, id, deletedAt: stamp });
    this.files.delete(id);
    this.emit(entity, id, 'Delete', stamp);
    return current;
  }

  private emit(entity: string, id: string, operation: ChangeOperation, lastUpdated: string): void {
    this.onChange({ realmId: this.realmId, entity, id, operation, lastUpdated });
  }
}

/** Clients echo back Id, SyncToken and MetaData; the store owns those. */
function stripSystemFields(fields: JsonObject): JsonObject {
  const { Id: _id, SyncToken: _sync, MetaData: _meta, domain: _domain, sparse: _sparse, ...rest } = fields;
  return rest;
}
