// Each area's part of the contract is imported by its own feature; the client needs only the shared ground.
import { IDEMPOTENCY_KEY_HEADER, type CallInput, type Endpoint, type ResponseOf } from '@herd/contract/endpoint';
import { appEndpoints } from '@herd/contract/endpoints/app';
import { API_PREFIX } from '@herd/contract/paths';
import { answerError, ApiError, normaliseError, TRANSPORT_MESSAGES } from './api-errors';
import { readCookie } from './cookies';
import { buildPath, type PathParams } from './path-builder';
import { newSubmissionKey } from './submission-key';

export const CSRF_COOKIE = 'csrftoken';
/** Over HTTPS the server prefixes it, so a sibling subdomain cannot plant one. */
export const SECURE_CSRF_COOKIE = '__Host-csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Params = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** One request as it leaves the client: full path, query, headers (CSRF included) and body (JSON text or a form). */
export interface HttpRequest {
  method: string;
  /** The path without the query, e.g. "/api/v1/users/profile/". */
  path: string;
  params: Params;
  headers: Headers;
  body: string | FormData | undefined;
  signal: AbortSignal | undefined;
}

/** What came back, whatever the status. */
export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The JSON body, the text when it is not JSON, undefined when empty. */
  data: unknown;
}

/** Sends a request over the wire; tests swap it for a fake network. */
export type HttpAdapter = (request: HttpRequest) => Promise<HttpResponse>;

/** The query string of `params` as the server reads it: empty values left out, a list as repeated `key[]`. */
export const queryString = (params: Params): string => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) for (const item of value as readonly (string | number)[]) query.append(`${key}[]`, String(item));
    else query.append(key, String(value as string | number | boolean));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
};

const readBody = (text: string): unknown => {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

/** The browser's fetch, with the session cookie. */
export const fetchAdapter: HttpAdapter = async (request) => {
  const response = await fetch(`${request.path}${queryString(request.params)}`, {
    method: request.method,
    headers: request.headers,
    body: request.body,
    credentials: 'include',
    signal: request.signal,
  });
  return { status: response.status, headers: response.headers, data: readBody(await response.text()) };
};

/**
 * The one HTTP client: session cookie, JSON, no timeout unless a call asks
 * for one, and the double-submit CSRF header on every unsafe method. Every
 * failure reaches the caller as an ApiError.
 */
export const httpClient = {
  defaults: {
    baseURL: `${API_PREFIX}/`,
    withCredentials: true,
    headers: { Accept: 'application/json' } as Record<string, string>,
    timeout: 0,
    adapter: fetchAdapter,
  },
  request: async <T>(config: RequestConfig): Promise<T> => (await send(config)).data as T,
};

export interface RequestConfig {
  method?: string;
  url: string;
  /** Another root than /api/v1/ (e.g. "/" for the health check). */
  baseURL?: string;
  params?: Params;
  /** A plain value is sent as JSON; a FormData as multipart. */
  data?: unknown;
  headers?: Record<string, string>;
  /** Milliseconds before giving up; 0 waits as long as the server takes. */
  timeout?: number;
  signal?: AbortSignal;
}

/** The CSRF token the server handed out, under whichever of its two names. */
export const readCsrfToken = (source: string = document.cookie): string | null => readCookie(SECURE_CSRF_COOKIE, source) ?? readCookie(CSRF_COOKIE, source);

let pendingToken: Promise<unknown> | null = null;

/**
 * The server hands out `csrftoken` with any /api answer. If the very first call
 * of a visit is unsafe (no GET ran yet), fetch a harmless GET first so the
 * header can be set instead of failing with 403.
 */
const ensureCsrfCookie = async (): Promise<void> => {
  if (readCsrfToken()) return;
  pendingToken ??= send({ url: appEndpoints.clientConfig.path }).catch(() => undefined);
  try {
    await pendingToken;
  } finally {
    pendingToken = null;
  }
};

const joinPath = (base: string, url: string) => `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;

/** Settles with the adapter, or rejects once `signal` aborts or `timeout` ms pass, whichever comes first. */
const withinLimits = (attempt: Promise<HttpResponse>, controller: AbortController, signal: AbortSignal | undefined, timeout: number) =>
  new Promise<HttpResponse>((resolve, reject) => {
    const abort = () => {
      controller.abort();
      reject(new ApiError({ message: TRANSPORT_MESSAGES.aborted, status: null }));
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    const timer =
      timeout > 0
        ? setTimeout(() => {
            controller.abort();
            reject(new ApiError({ message: TRANSPORT_MESSAGES.timeout(timeout), status: null }));
          }, timeout)
        : null;
    attempt.then(resolve, reject).finally(() => {
      if (timer) clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    });
  });

const send = async (config: RequestConfig): Promise<HttpResponse> => {
  const { defaults } = httpClient;
  const method = (config.method ?? 'GET').toUpperCase();
  const headers = new Headers({ ...defaults.headers, ...config.headers });
  let body: string | FormData | undefined;
  if (config.data instanceof FormData) body = config.data;
  else if (config.data !== undefined) {
    body = JSON.stringify(config.data);
    headers.set('Content-Type', 'application/json');
  }
  if (!SAFE_METHODS.has(method)) {
    await ensureCsrfCookie();
    const token = readCsrfToken();
    if (token) headers.set(CSRF_HEADER, token);
  }
  const controller = new AbortController();
  const request: HttpRequest = {
    method,
    path: joinPath(config.baseURL ?? defaults.baseURL, config.url),
    params: config.params ?? {},
    headers,
    body,
    signal: controller.signal,
  };
  let response: HttpResponse;
  try {
    response = await withinLimits(defaults.adapter(request), controller, config.signal, config.timeout ?? defaults.timeout);
  } catch (error) {
    // fetch rejects with a TypeError exactly when no answer came (offline, refused, blocked).
    throw error instanceof TypeError ? new ApiError({ message: TRANSPORT_MESSAGES.network, status: null }) : normaliseError(error);
  }
  if (response.status < 200 || response.status >= 300) throw answerError(response);
  return response;
};

/** Per-call options of the helpers below. */
export type RequestOptions = Pick<RequestConfig, 'baseURL' | 'headers' | 'timeout' | 'signal'>;

/** Plain helper methods, each resolving to the response body; the API's own routes go through `call`. */
export const api = {
  get: <T>(path: string, params?: Params, config?: RequestOptions): Promise<T> => httpClient.request<T>({ ...config, method: 'GET', url: path, params }),
  post: <T>(path: string, body?: unknown, config?: RequestOptions): Promise<T> => httpClient.request<T>({ ...config, method: 'POST', url: path, data: body ?? {} }),
  patch: <T>(path: string, body?: unknown, config?: RequestOptions): Promise<T> => httpClient.request<T>({ ...config, method: 'PATCH', url: path, data: body ?? {} }),
  /** DELETE sends its parameters as a query string, never as a body. */
  del: <T>(path: string, params?: Params, config?: RequestOptions): Promise<T> => httpClient.request<T>({ ...config, method: 'DELETE', url: path, params }),
};

export type CallConfig = RequestOptions & {
  /** The `Idempotency-Key` of this submission, for an endpoint the table marks `idempotent` (see `useSubmissionKey`). */
  idempotencyKey?: string;
};

/**
 * Calls one endpoint of the contract's route table: its method and path come
 * from the table, its parameters, query and body are typed by its schemas,
 * and it resolves to the endpoint's success answer (undefined for 204).
 */
export const call = async <E extends Endpoint>(endpoint: E, input: CallInput<E>, config: CallConfig = {}): Promise<ResponseOf<E>> => {
  const { params, query, body } = input as { params?: PathParams; query?: Params; body?: unknown };
  const { idempotencyKey, ...options } = config;
  const unsafe = endpoint.method !== 'GET';
  return httpClient.request<ResponseOf<E>>({
    ...options,
    // A create that must not repeat always names its submission; a form passes its own key so that a repeat of it is recognised.
    ...(endpoint.idempotent ? { headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey ?? newSubmissionKey() } } : {}),
    method: endpoint.method,
    url: buildPath(endpoint.path, params),
    params: query,
    // DELETE sends its parameters as a query string, never as a body; other unsafe methods always send JSON.
    ...(unsafe && endpoint.method !== 'DELETE' ? { data: body ?? {} } : {}),
  });
};
