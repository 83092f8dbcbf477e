import { randomUUID } from 'node:crypto';
import { OutboundHttpError, retryAfterMs } from '../../lib/outbound-http.js';
import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import { BATCH_MAX_ITEMS, batchRequestBody, readBatchAnswers, smallerBatchSize, type BatchAnswer, type BatchOperation } from './qbo-batch.js';
import { faultFromResponse, QboFault } from './qbo-faults.js';
import { parseJson, qboRequest } from './qbo-http.js';
import type { QboSession } from './qbo-session.js';
import type { RequestWindow } from '../../lib/shared-rate-window.js';

export const MINOR_VERSION = '75';
/** QuickBooks' largest page. */
export const PAGE_SIZE = 1000;

export type QboEntity = Record<string, unknown> & { Id: string; SyncToken: string };

export interface ApiOptions {
  apiBase: string;
  /** Room under the realm's request limit, taken before every request (retries included). */
  window: RequestWindow;
  /** Room under the realm's batch limit, taken before every batch request as well. */
  batchWindow?: RequestWindow;
  /** The shared limit of outbound calls (config.outboundTimeoutMs); a call past it fails as unreachable. */
  timeoutMs: number;
  /** First wait after a 429 or a failure of QuickBooks; doubles each time. */
  retryBaseMs?: number | undefined;
  retries?: number;
  /** The longest Retry-After honoured (Intuit asks for a minute after a 429); a longer one fails the call at once. */
  maxRetryAfterMs?: number;
  pageSize?: number | undefined;
  sleep?: (ms: number) => Promise<void>;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string>;
  body?: string | FormData;
  contentType?: string;
  /** A batch request: it also takes room under the batch limit. */
  batch?: boolean;
  /** A POST's `requestid` when the caller keys it itself (see `create`). */
  requestId?: string | undefined;
}

/** A connection refused or dropped on the way (not a timeout, which has already waited the whole limit). */
const isNetworkFailure = (err: unknown) => err instanceof LedgerUnreachableError && err.cause instanceof OutboundHttpError && err.cause.reason === 'network';

/**
 * The Accounting API of one company: every call waits for room in the rate
 * window, refreshes the token once on a 401, waits and retries on 429, on
 * QuickBooks' own failures and on a dropped connection, and turns faults into
 * QboFault. Every POST carries a `requestid`, the same on each send of one
 * call: QuickBooks answers a repeated id with the first answer instead of
 * acting twice, which is what makes sending a write again safe.
 */
export class QboApi {
  /** Requests sent, for the benchmark and the logs. */
  requests = 0;
  private readonly retryBaseMs: number;
  private readonly retries: number;
  private readonly maxRetryAfterMs: number;
  private readonly pageSize: number;
  private readonly sleep: (ms: number) => Promise<void>;
  /**
   * Operations per batch request. Starts at QuickBooks' 30 and drops when it refuses a size, for the
   * rest of this job: the next job tries 30 again, so a refusal caused by one bad item costs no more.
   */
  private batchLimit = BATCH_MAX_ITEMS;

  constructor(
    private readonly session: QboSession,
    private readonly options: ApiOptions,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 1000;
    this.retries = options.retries ?? 4;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
    this.pageSize = Math.min(options.pageSize ?? PAGE_SIZE, PAGE_SIZE);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  get realmId(): string {
    return this.session.realmId;
  }

  /** Every row of a select, page by page (STARTPOSITION is 1-based; a short page is the last). */
  async *queryPages(statement: string, startPosition = 1): AsyncGenerator<{ rows: QboEntity[]; position: number; next: number }> {
    const entity = /from\s+(\w+)/i.exec(statement)?.[1] ?? '';
    let position = startPosition;
    for (;;) {
      const body = await this.call<{ QueryResponse?: Record<string, unknown> }>({
        method: 'GET',
        path: 'query',
        query: { query: `${statement} STARTPOSITION ${position} MAXRESULTS ${this.pageSize}` },
      });
      const rows = (body.QueryResponse?.[entity] as QboEntity[] | undefined) ?? [];
      yield { rows, position, next: position + rows.length };
      if (rows.length < this.pageSize) return;
      position += rows.length;
    }
  }

  /** The company's Preferences (one object per company): its closing date among them. */
  async preferences(): Promise<QboEntity> {
    const body = await this.call<{ Preferences?: QboEntity }>({ method: 'GET', path: 'preferences' });
    return body.Preferences ?? { Id: '', SyncToken: '' };
  }

  async read(entity: string, id: string): Promise<QboEntity> {
    const body = await this.call<Record<string, QboEntity>>({ method: 'GET', path: `${entity.toLowerCase()}/${encodeURIComponent(id)}` });
    return body[entity]!;
  }

  /**
   * `requestId`: the caller's own key for this write, for a write a later job may send again (the
   * first job cut short after QuickBooks wrote it): QuickBooks then answers as it did the first time
   * instead of writing twice. At most QuickBooks' 50 characters. A fresh one per call otherwise.
   */
  async create(entity: string, fields: Record<string, unknown>, requestId?: string): Promise<QboEntity> {
    return this.write(entity, fields, {}, requestId);
  }

  /** How many operations the next batch request may hold. */
  get batchSize(): number {
    return this.batchLimit;
  }

  /**
   * Sends the operations in as few batch requests as QuickBooks accepts and answers each by bId.
   * A batch refused whole with a validation fault is sent again in smaller pieces (QuickBooks
   * lowering its size); a single operation refused that way gets the fault as its own answer, so the
   * others still go through. Throttling, QuickBooks' failures and a lost grant throw, as for any call.
   */
  async batch(operations: BatchOperation[]): Promise<Map<string, BatchAnswer>> {
    const answers = new Map<string, BatchAnswer>();
    let rest = operations;
    while (rest.length > 0) {
      const chunk = rest.slice(0, this.batchLimit);
      let body: unknown;
      try {
        body = await this.call<unknown>({ method: 'POST', path: 'batch', body: JSON.stringify(batchRequestBody(chunk)), contentType: 'application/json', batch: true });
      } catch (err) {
        if (!isFault(err, 'validation')) throw err;
        if (chunk.length > 1) {
          this.batchLimit = smallerBatchSize(chunk.length);
          continue;
        }
        answers.set(chunk[0]!.bId, { kind: 'fault', fault: err });
        rest = rest.slice(1);
        continue;
      }
      for (const [bId, answer] of readBatchAnswers(chunk, body)) answers.set(bId, answer);
      rest = rest.slice(chunk.length);
    }
    return answers;
  }

  async changedSince(entities: string[], since: Date): Promise<Record<string, QboEntity[]>> {
    const body = await this.call<{ CDCResponse?: { QueryResponse?: Record<string, QboEntity[]>[] }[] }>({
      method: 'GET',
      path: 'cdc',
      query: { entities: entities.join(','), changedSince: since.toISOString() },
    });
    const byEntity: Record<string, QboEntity[]> = {};
    for (const response of body.CDCResponse?.[0]?.QueryResponse ?? []) {
      for (const [entity, rows] of Object.entries(response)) {
        if (Array.isArray(rows)) byEntity[entity] = [...(byEntity[entity] ?? []), ...rows];
      }
    }
    return byEntity;
  }

  /** Uploads a file as an Attachable linked to a transaction, in one multipart request. */
  async attach(entity: string, id: string, file: { name: string; contentType: string; bytes: Buffer }): Promise<QboEntity> {
    const form = new FormData();
    const metadata = { AttachableRef: [{ EntityRef: { type: entity, value: id } }], FileName: file.name, ContentType: file.contentType };
    form.append('file_metadata_01', new Blob([JSON.stringify(metadata)], { type: 'application/json' }), 'metadata.json');
    form.append('file_content_01', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.name);
    const body = await this.call<{ AttachableResponse?: { Attachable?: QboEntity; Fault?: unknown }[] }>({ method: 'POST', path: 'upload', body: form });
    const first = body.AttachableResponse?.[0];
    if (!first?.Attachable) throw faultFromResponse(400, first ?? body);
    return first.Attachable;
  }

  private async write(entity: string, fields: Record<string, unknown>, query: Record<string, string>, requestId?: string): Promise<QboEntity> {
    const body = await this.call<Record<string, QboEntity>>({
      method: 'POST',
      path: entity.toLowerCase(),
      query,
      requestId,
      body: JSON.stringify(fields),
      contentType: 'application/json',
    });
    return body[entity]!;
  }

  private async call<T>(call: Call): Promise<T> {
    let refreshed = false;
    const requestId: Record<string, string> = call.method === 'POST' ? { requestid: call.requestId ?? randomUUID() } : {};
    for (let attempt = 0; ; attempt += 1) {
      // The batch limit first: holding a slot of the realm's window while waiting for it would waste the slot.
      if (call.batch) await this.options.batchWindow?.take(this.session.realmId);
      await this.options.window.take(this.session.realmId);
      const token = await this.session.accessToken();
      const url = new URL(`${this.options.apiBase}/v3/company/${encodeURIComponent(this.session.realmId)}/${call.path}`);
      url.search = new URLSearchParams({ ...call.query, ...requestId, minorversion: MINOR_VERSION }).toString();
      this.requests += 1;
      let response;
      try {
        response = await qboRequest(
          url,
          {
            method: call.method,
            headers: { Authorization: `Bearer ${token}`, Accept: 'application/json', ...(call.contentType ? { 'Content-Type': call.contentType } : {}) },
            ...(call.body === undefined ? {} : { body: call.body }),
          },
          this.options.timeoutMs,
        );
      } catch (err) {
        if (!isNetworkFailure(err) || attempt >= this.retries) throw err;
        await this.sleep(this.retryBaseMs * 2 ** attempt);
        continue;
      }
      const body = response.text ? parseJson(response.text) : null;
      // QuickBooks can answer 200 with a Fault in the body.
      const hasFault = !!body && typeof body === 'object' && ('Fault' in body || 'fault' in body);
      if (response.ok && !hasFault) return body as T;
      const fault = faultFromResponse(response.status, body);
      if (fault.kind === 'auth' && !refreshed) {
        refreshed = true;
        await this.session.refresh();
        continue;
      }
      if (fault.kind === 'auth') await this.session.giveUp();
      if ((fault.kind === 'throttled' || fault.kind === 'system') && attempt < this.retries) {
        const asked = retryAfterMs(response.headers);
        // Asked to wait longer than we will hold a job or a person's request: fail now; the job is retried later.
        if (asked !== null && asked > this.maxRetryAfterMs) throw fault;
        await this.sleep(asked ?? this.retryBaseMs * 2 ** attempt);
        continue;
      }
      throw fault;
    }
  }
}

export const isFault = (err: unknown, kind?: QboFault['kind']): err is QboFault => err instanceof QboFault && (!kind || err.kind === kind);
