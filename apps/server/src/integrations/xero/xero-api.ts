import { randomUUID } from 'node:crypto';
import { OutboundHttpError, retryAfterMs, type RetryPolicy } from '../../lib/outbound-http.js';
import type { RequestWindow } from '../../lib/shared-rate-window.js';
import { LedgerLimitReachedError, LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import { ledgerRequest, parseJson } from '../oauth2-tokens.js';
import { traitsOf, type XeroListTraits } from './xero-lists.js';
import type { XeroObject } from './xero-values.js';

/** Xero's page of a list. */
export const XERO_PAGE_SIZE = 100;

/** What the API needs of a session: a token, a refresh after a 401, and giving up when the grant is gone. */
export interface XeroSession {
  accessToken(): Promise<string>;
  refresh(): Promise<string>;
  giveUp(): Promise<never>;
}

export interface XeroApiOptions {
  apiBase: string;
  tenantId: string;
  /** Room under the organisation's 60 calls a minute, taken before every call (retries included). */
  window: RequestWindow;
  /** The organisation's day (Xero's 5,000 calls in 24 hours): a call it has no room for is not sent. */
  dayWindow?: RequestWindow;
  timeoutMs: number;
  /** First wait after a failure of Xero; doubles each time. */
  retryBaseMs?: number | undefined;
  retries?: number;
  /** The longest Retry-After honoured in place; a longer one (the daily limit) fails the call, and the job is retried later. */
  maxRetryAfterMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Xero refused the data (HTTP 400 ValidationException): its own messages, for the row's sync error. */
export class XeroValidationError extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join(' ') || 'Xero refused the request.');
    this.name = 'XeroValidationError';
  }
}

/**
 * The organisation's calls for the day are spent (429 with `X-Rate-Limit-Problem: day`). Like any
 * passing failure the job is tried again later, but this one says when: `retryAfterMs` is Xero's
 * Retry-After (null when it gave none), so a pull it cut short can resume from its saved progress
 * once the organisation has room again, instead of failing every retry until then.
 */
export class XeroDayLimitError extends LedgerLimitReachedError {
  constructor(retryAfterMs: number | null) {
    super('Xero’s daily limit of calls for this organisation is reached. Herd tries again once Xero allows it.', retryAfterMs);
  }
}

/** What a list is asked for; each part is sent only to a list that takes it (xero-lists.ts). */
export interface XeroListFilter {
  /** A `where` expression; a list that takes none (purchase orders, quotes) refuses to be asked one. */
  where?: string;
  /** Only objects dated on or after this day (YYYY-MM-DD), written as the list filters its dates. */
  fromDay?: string;
  order?: string;
  ifModifiedSince?: Date | null;
  startPage?: number;
}

/** The query of a list request, but for `page`: the filters written as this list takes them. */
const listQuery = (collection: string, traits: XeroListTraits, filter: XeroListFilter): Record<string, string> => {
  if (filter.where && !traits.where) throw new Error(`Xero's ${collection} takes no where filter`);
  const wheres = filter.where ? [filter.where] : [];
  const query: Record<string, string> = filter.order ? { order: filter.order } : {};
  if (filter.fromDay && traits.dateFilter === 'DateFrom') query.DateFrom = filter.fromDay;
  if (filter.fromDay && traits.dateFilter === 'where') {
    const [y, m, d] = filter.fromDay.split('-');
    wheres.push(`Date >= DateTime(${y}, ${m}, ${d})`);
  }
  if (wheres.length > 0) query.where = wheres.length === 1 ? wheres[0]! : wheres.map((w) => `(${w})`).join(' AND ');
  return query;
};

interface Call {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  bytes?: Buffer;
  ifModifiedSince?: Date | null;
  idempotencyKey?: string;
}

const isDroppedConnection = (err: unknown) => err instanceof LedgerUnreachableError && err.cause instanceof OutboundHttpError && err.cause.reason === 'network';

const isDayLimit = (headers: Headers) => /day/i.test(headers.get('x-rate-limit-problem') ?? '');

const NO_RETRY: RetryPolicy = { retries: 0, baseMs: 0, maxRetryAfterMs: 0, idempotent: false };

/** The messages of a ValidationException body: each element's `ValidationErrors`, else the body's own message. */
export const validationMessages = (body: unknown): string[] => {
  const elements = ((body as XeroObject | null)?.Elements as XeroObject[] | undefined) ?? [];
  const messages = elements.flatMap((e) => ((e.ValidationErrors as XeroObject[] | undefined) ?? []).map((v) => String(v.Message ?? '')));
  const own = (body as XeroObject | null)?.Message;
  return messages.length > 0 ? messages : typeof own === 'string' ? [own] : [];
};

/**
 * The Accounting API of one organisation: every call takes room in the organisation's minute
 * window, carries the bearer token and `xero-tenant-id`, refreshes the token once on a 401 (a
 * second 401, or a 403 for an organisation the grant no longer holds, means the grant is gone),
 * waits out a 429's Retry-After when it is short (the minute limit) and fails the call when it is
 * not (the day's 5,000), and sends again on Xero's own failures. A POST carries an Idempotency-Key,
 * the same on each send of one call, so sending a write again never writes twice.
 */
export class XeroApi {
  /** Requests sent, for the benchmark and the logs. */
  requests = 0;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    private readonly session: XeroSession,
    private readonly options: XeroApiOptions,
  ) {
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * Pages of a list from `startPage`, each with its number and whether it is the last, until Xero has
   * no more. Each list is sent only the parameters its contract gives it (xero-lists.ts): a list Xero
   * does not page comes whole in one, without `page`; the day filter is a `where` or a `DateFrom`, as
   * the list takes it. Not every paged list says how many pages it has (quotes carry no `pagination`
   * element), so a full page is always followed by a request for the next, and the list ends at a page
   * that comes back short, or at the page count when Xero gives one.
   */
  async *pages(collection: string, filter: XeroListFilter = {}): AsyncGenerator<{ page: number; rows: XeroObject[]; last: boolean }> {
    const traits = traitsOf(collection);
    const query = listQuery(collection, traits, filter);
    const ifModifiedSince = traits.modifiedSince ? (filter.ifModifiedSince ?? null) : null;
    for (let page = traits.paged ? (filter.startPage ?? 1) : 1; ; page += 1) {
      const body = (await this.call({
        method: 'GET',
        path: collection,
        query: traits.paged ? { ...query, page: String(page) } : query,
        ifModifiedSince,
      })) as XeroObject | null;
      const rows = ((body?.[collection] as XeroObject[] | undefined) ?? []).filter((row) => row && typeof row === 'object');
      const pageCount = (body?.pagination as { pageCount?: unknown } | undefined)?.pageCount;
      const last = !traits.paged || rows.length < XERO_PAGE_SIZE || (typeof pageCount === 'number' && page >= pageCount);
      yield { page, rows, last };
      if (last) return;
    }
  }

  /**
   * Objects of a list by id, as Xero holds them now (a deleted one with its status; one Xero no
   * longer has is left out): one filtered request where the list takes `where`, else one read each
   * (purchase orders and quotes take no filter by id).
   */
  async byIds(collection: string, idField: string, ids: string[]): Promise<XeroObject[]> {
    if (ids.length === 0) return [];
    if (!traitsOf(collection).where) {
      const rows: XeroObject[] = [];
      for (const id of ids) {
        const row = await this.get(collection, id);
        if (row) rows.push(row);
      }
      return rows;
    }
    const rows: XeroObject[] = [];
    const where = ids.map((id) => `${idField}==Guid("${id}")`).join(' OR ');
    for await (const page of this.pages(collection, { where })) rows.push(...page.rows);
    return rows;
  }

  /** The organisation the grant is for (`GET /Organisation`): its lock dates among its settings. */
  async organisation(): Promise<XeroObject | null> {
    const body = (await this.call({ method: 'GET', path: 'Organisation', query: {} })) as XeroObject | null;
    return ((body?.Organisations as XeroObject[] | undefined) ?? [])[0] ?? null;
  }

  /** One object by id; null when Xero has no such object (deleted objects come back with their status). */
  async get(collection: string, id: string): Promise<XeroObject | null> {
    const body = (await this.call({ method: 'GET', path: `${collection}/${encodeURIComponent(id)}`, query: {} })) as XeroObject | null;
    return ((body?.[collection] as XeroObject[] | undefined) ?? [])[0] ?? null;
  }

  /**
   * Creates or updates (an item with its id updates) several objects in one request, each answered on
   * its own: `summarizeErrors=false` makes Xero answer 200 with per-item `ValidationErrors`.
   */
  async post(collection: string, items: XeroObject[], idempotencyKey = randomUUID()): Promise<XeroObject[]> {
    return this.writeList('POST', collection, items, idempotencyKey);
  }

  /** Creates objects (`PUT` never updates), each answered on its own; a retried job sends the caller's same key, so Xero writes once. */
  async create(collection: string, items: XeroObject[], idempotencyKey: string): Promise<XeroObject[]> {
    return this.writeList('PUT', collection, items, idempotencyKey);
  }

  private async writeList(method: 'POST' | 'PUT', collection: string, items: XeroObject[], idempotencyKey: string): Promise<XeroObject[]> {
    const body = (await this.call({ method, path: collection, query: { summarizeErrors: 'false' }, json: { [collection]: items }, idempotencyKey })) as XeroObject | null;
    return (body?.[collection] as XeroObject[] | undefined) ?? [];
  }

  /**
   * A new account: `PUT /Accounts` with the one account as the body (Xero's contract has no POST of a
   * list of accounts, and no `summarizeErrors` there). A refusal is a XeroValidationError in Xero's words.
   */
  async createAccount(account: XeroObject): Promise<XeroObject | null> {
    const body = (await this.call({ method: 'PUT', path: 'Accounts', query: {}, json: account, idempotencyKey: randomUUID() })) as XeroObject | null;
    return ((body?.Accounts as XeroObject[] | undefined) ?? [])[0] ?? null;
  }

  /**
   * Puts a file on an object (`{Endpoint}/{Guid}/Attachments/{FileName}`, the raw bytes as the body).
   * Xero's contract takes the bytes as `application/octet-stream` whatever the file is: Xero types the
   * file by its name, so the name keeps its extension, and the file's own type is not sent.
   */
  async attach(collection: string, id: string, file: { name: string; bytes: Buffer; contentType?: string }): Promise<XeroObject> {
    const body = (await this.call({
      method: 'PUT',
      path: `${collection}/${encodeURIComponent(id)}/Attachments/${encodeURIComponent(file.name)}`,
      query: {},
      bytes: file.bytes,
      idempotencyKey: randomUUID(),
    })) as XeroObject | null;
    return ((body?.Attachments as XeroObject[] | undefined) ?? [])[0] ?? {};
  }

  /** The files on an object (`{Endpoint}/{Guid}/Attachments`): their descriptions, not their bytes. */
  async attachments(collection: string, id: string): Promise<XeroObject[]> {
    const body = (await this.call({ method: 'GET', path: `${collection}/${encodeURIComponent(id)}/Attachments`, query: {} })) as XeroObject | null;
    return (body?.Attachments as XeroObject[] | undefined) ?? [];
  }

  /** Null for a 404 read: the object is not there. */
  private async call(call: Call): Promise<unknown> {
    const retries = this.options.retries ?? 4;
    const base = this.options.retryBaseMs ?? 1000;
    let refreshed = false;
    for (let attempt = 0; ; attempt += 1) {
      // The day's allowance is checked before the minute's is waited for: a call the day has no room for is never sent.
      const dayFull = (await this.options.dayWindow?.tryTake?.(this.options.tenantId)) ?? null;
      if (dayFull !== null) throw new XeroDayLimitError(dayFull);
      await this.options.window.take(this.options.tenantId);
      let response;
      try {
        response = await this.send(call, await this.session.accessToken());
      } catch (err) {
        // A dropped connection is sent again (a write safely: it carries its Idempotency-Key); a timeout has already waited the whole limit.
        if (!isDroppedConnection(err) || attempt >= retries) throw err;
        await this.sleep(base * 2 ** attempt);
        continue;
      }
      if (response.status === 401 && !refreshed) {
        refreshed = true;
        await this.session.refresh();
        continue;
      }
      if (response.status === 401 || response.status === 403) return this.session.giveUp();
      if (response.status === 404 && call.method === 'GET') return null;
      if (response.status === 400) throw new XeroValidationError(validationMessages(parseJson(response.text)));
      if (response.ok) return response.text === '' ? null : parseJson(response.text);
      const wait = response.status === 429 ? this.rateLimitWait(response.headers) : response.status >= 500 ? base * 2 ** attempt : null;
      if (wait === null || attempt >= retries) throw this.failure(response.status, response.headers);
      await this.sleep(wait);
    }
  }

  private rateLimitWait(headers: Headers): number | null {
    const asked = retryAfterMs(headers);
    // A minute's limit frees within the minute; a day's with no Retry-After could last hours, so it is not waited for a minute at a time.
    if (asked === null && isDayLimit(headers)) return null;
    const wait = asked ?? 60_000;
    return wait > (this.options.maxRetryAfterMs ?? 60_000) ? null : wait;
  }

  private failure(status: number, headers: Headers): LedgerUnreachableError {
    if (status === 429 && isDayLimit(headers)) return new XeroDayLimitError(retryAfterMs(headers));
    return new LedgerUnreachableError(status === 429 ? 'Xero asked Herd to slow down. Herd tries again later.' : `Xero failed (HTTP ${status}). Herd tries again later.`);
  }

  private async send(call: Call, token: string) {
    this.requests += 1;
    const url = new URL(`${this.options.apiBase}/${call.path}`);
    for (const [key, value] of Object.entries(call.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = { Authorization: `Bearer ${token}`, 'xero-tenant-id': this.options.tenantId, Accept: 'application/json' };
    if (call.ifModifiedSince) headers['If-Modified-Since'] = call.ifModifiedSince.toUTCString();
    if (call.idempotencyKey) headers['Idempotency-Key'] = call.idempotencyKey;
    let body: string | Blob | undefined;
    if (call.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.bytes) {
      headers['Content-Type'] = 'application/octet-stream';
      body = new Blob([new Uint8Array(call.bytes)], { type: 'application/octet-stream' });
    }
    return ledgerRequest('Xero', url, { method: call.method, headers, ...(body === undefined ? {} : { body }) }, this.options.timeoutMs, NO_RETRY);
  }
}
