import { OutboundHttpError, outboundRequest } from '../../lib/outbound-http.js';
import type { KarbonUser } from '@herd/contract';
import type { Json } from './karbon-answer-reader.js';
import { readCreatedKey, readDirectoryEntity, readDirectoryRow, readFileList, readFirstWorkItemKey, readPage, readUser } from './karbon-answers.js';
import {
  KarbonAuthError,
  KarbonConflictError,
  KarbonRefusedError,
  KarbonUnexpectedAnswerError,
  KarbonUnreachableError,
  KarbonRateLimitError,
  type KarbonApi,
  type KarbonKeys,
} from '../../modules/firm/practice-management/karbon.port.js';
import { readTenantSettings } from './karbon-tenant-settings.js';

/** Karbon's real API, unless a base URL is given (a simulator: tests, the bench). */
export const KARBON_API_URL = 'https://api.karbonhq.com';

export interface KarbonClientOptions {
  /** Where the real account's calls go (Karbon's API, or a simulator). */
  baseUrl: string;
  /** Where the built-in sandbox's calls go (null: no sandbox). */
  sandboxUrl: () => string | null;
  timeoutMs: number;
}

const text = (value: unknown) => (typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value));

/** Karbon's error body: `{"error":{"code","message"}}`, or the rate limit's `{"statusCode","message"}`. */
const errorOf = (body: string): { code: string; message: string } => {
  try {
    const parsed = JSON.parse(body) as { error?: { code?: unknown; message?: unknown }; message?: unknown; statusCode?: unknown };
    if (parsed.error) return { code: text(parsed.error.code), message: text(parsed.error.message) };
    return { code: text(parsed.statusCode), message: text(parsed.message) };
  } catch {
    return { code: '', message: body.slice(0, 200) };
  }
};

/** Karbon's API v3 behind Herd's KarbonApi: both auth headers on every call, OData pages followed by their nextLink. */
export const createKarbonClient = (options: KarbonClientOptions): KarbonApi => {
  const base = (keys: KarbonKeys) => {
    if (!keys.sandbox) return options.baseUrl.replace(/\/+$/, '');
    const sandbox = options.sandboxUrl();
    if (!sandbox) throw new KarbonUnreachableError('The built-in sandbox Karbon is off on this server.');
    return sandbox.replace(/\/+$/, '');
  };

  /** Both of Karbon's headers, on every call. */
  const authHeaders = (keys: KarbonKeys) => ({ authorization: `Bearer ${keys.applicationId}`, accesskey: keys.accessKey });

  const call = async (keys: KarbonKeys, method: string, pathOrUrl: string, body?: Json): Promise<unknown> => {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${base(keys)}/v3/${pathOrUrl}`;
    let response;
    try {
      response = await outboundRequest(
        url,
        {
          method,
          headers: { ...authHeaders(keys), accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
          ...(body ? { body: JSON.stringify(body) } : {}),
        },
        options.timeoutMs,
      );
    } catch (err) {
      if (err instanceof OutboundHttpError) throw new KarbonUnreachableError(`Karbon could not be reached: ${err.detail}.`);
      throw err;
    }
    if (response.ok) {
      if (!response.text) return {};
      try {
        return JSON.parse(response.text) as unknown;
      } catch {
        throw new KarbonUnexpectedAnswerError(`Karbon answered ${method} /v3/${pathOrUrl.split('/v3/').at(-1)?.split('?')[0] ?? ''} with something other than JSON.`);
      }
    }
    const { code, message } = errorOf(response.text);
    if (response.status === 401) throw new KarbonAuthError('Karbon refused the Application ID and Access Key.');
    if (response.status === 429) throw new KarbonRateLimitError(Math.max(1, Number(response.headers.get('retry-after') ?? 10)) * 1000);
    if (response.status === 409 && code === '4020') throw new KarbonConflictError(message || 'Karbon lost a race with another change; read again and retry.');
    if (response.status >= 500) throw new KarbonUnreachableError(`Karbon failed (${response.status}): ${message}`);
    throw new KarbonRefusedError(response.status, code, message || `Karbon refused the request (${response.status}).`);
  };

  /** Every page of a list, following `@odata.nextLink` as it is given (KARBON_API.md: never built by hand). */
  async function* pages(keys: KarbonKeys, operation: string, path: string): AsyncGenerator<Json[]> {
    let next: string | null = path;
    while (next) {
      const page = readPage(operation, await call(keys, 'GET', next));
      yield page.rows;
      next = page.next;
    }
  }

  return {
    async tenantSettings(keys) {
      return readTenantSettings(await call(keys, 'GET', 'TenantSettings'));
    },

    async *directory(keys) {
      for await (const rows of pages(keys, 'GET /v3/Organizations', 'Organizations?$top=100'))
        yield rows.map((row, index) => readDirectoryRow('GET /v3/Organizations', row, index, 'Organization'));
      for await (const rows of pages(keys, 'GET /v3/Contacts', 'Contacts?$top=100'))
        yield rows.map((row, index) => readDirectoryRow('GET /v3/Contacts', row, index, 'Contact'));
    },

    async directoryEntry(keys, key, type) {
      // A single organization or contact carries its email on its business cards only.
      const collection = type === 'Organization' ? 'Organizations' : 'Contacts';
      let answer: unknown;
      try {
        answer = await call(keys, 'GET', `${collection}/${encodeURIComponent(key)}?$expand=BusinessCards`);
      } catch (err) {
        if (err instanceof KarbonRefusedError && err.status === 404) return null;
        throw err;
      }
      return readDirectoryEntity(`GET /v3/${collection}/{key}`, answer, type);
    },

    async users(keys) {
      const users: KarbonUser[] = [];
      for await (const rows of pages(keys, 'GET /v3/Users', 'Users?$top=100')) users.push(...rows.map(readUser));
      return users;
    },

    async createNote(keys, note) {
      const created = await call(keys, 'POST', 'Notes', {
        Subject: note.subject,
        Body: note.body,
        AuthorEmailAddress: note.authorEmail,
        Timelines: [{ EntityType: note.client.type, EntityKey: note.client.key }],
      });
      return { key: readCreatedKey('POST /v3/Notes', created, 'Id') };
    },

    async createWorkItem(keys, item) {
      // KARBON_API.md: PrimaryStatus and SecondaryStatus are the fields to write (WorkStatus is the legacy one).
      const created = await call(keys, 'POST', 'WorkItems', {
        Title: item.title,
        Description: item.description,
        AssigneeEmailAddress: item.assigneeEmail,
        ClientKey: item.client.key,
        ClientType: item.client.type,
        StartDate: item.startDate.toISOString(),
        ...(item.workType ? { WorkType: item.workType } : {}),
        ...(item.workStatus?.primaryStatus ? { PrimaryStatus: item.workStatus.primaryStatus } : {}),
        ...(item.workStatus?.primaryStatus && item.workStatus.secondaryStatus ? { SecondaryStatus: item.workStatus.secondaryStatus } : {}),
      });
      return { key: readCreatedKey('POST /v3/WorkItems', created, 'WorkItemKey') };
    },

    async findWorkItem(keys, clientKey, title) {
      const quoted = (value: string) => `'${value.replaceAll("'", "''")}'`;
      const filter = encodeURIComponent(`ClientKey eq ${quoted(clientKey)} and Title eq ${quoted(title)}`);
      return readFirstWorkItemKey(await call(keys, 'GET', `WorkItems?$filter=${filter}&$top=1`));
    },

    async files(keys, client) {
      return readFileList(await call(keys, 'GET', `FileList/${client.type}?EntityKey=${encodeURIComponent(client.key)}`));
    },

    async download(keys, fileKey, maxBytes) {
      const url = `${base(keys)}/v3/FileDetails/${encodeURIComponent(fileKey)}/Download`;
      let response: Response;
      try {
        response = await fetch(url, { headers: authHeaders(keys), signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (err) {
        throw new KarbonUnreachableError(`Karbon could not be reached: ${err instanceof Error ? err.message : String(err)}.`);
      }
      if (!response.ok) throw new KarbonRefusedError(response.status, '', `Karbon would not hand over the file (${response.status}).`);
      // Read no further than the limit: a file larger than Herd takes is refused, not buffered.
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes) throw new KarbonRefusedError(413, '', 'The file is larger than Herd takes.');
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > maxBytes) throw new KarbonRefusedError(413, '', 'The file is larger than Herd takes.');
      return bytes;
    },

    async subscribe(keys, type, targetUrl, signingKey) {
      await call(keys, 'POST', 'WebhookSubscriptions', { WebhookType: type, TargetUrl: targetUrl, SigningKey: signingKey });
    },

    async unsubscribe(keys, type) {
      try {
        await call(keys, 'DELETE', `WebhookSubscriptions/${encodeURIComponent(type)}`);
      } catch (err) {
        // None there (or Karbon cancelled it already): nothing to undo.
        if (!(err instanceof KarbonRefusedError && err.status === 404)) throw err;
      }
    },
  };
};
