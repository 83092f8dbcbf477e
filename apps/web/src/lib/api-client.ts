import axios, { type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { API_PREFIX, appEndpoints, IDEMPOTENCY_KEY_HEADER, type CallInput, type Endpoint, type ResponseOf } from '@herd/contract';
import { normaliseError } from './api-errors';
import { readCookie } from './cookies';
import { buildPath, type PathParams } from './path-builder';
import { newSubmissionKey } from './submission-key';

export const CSRF_COOKIE = 'csrftoken';
/** Over HTTPS the server prefixes it, so a sibling subdomain cannot plant one. */
export const SECURE_CSRF_COOKIE = '__Host-csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';
const SAFE_METHODS = new Set(['get', 'head', 'options']);

/**
 * The one HTTP client: session cookie, JSON, no timeout, and the
 * double-submit CSRF header on every unsafe method.
 */
export const httpClient = axios.create({
  baseURL: `${API_PREFIX}/`,
  withCredentials: true,
  headers: { Accept: 'application/json' },
  timeout: 0,
});

const isUnsafe = (config: InternalAxiosRequestConfig) => !SAFE_METHODS.has((config.method ?? 'get').toLowerCase());

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
  pendingToken ??= httpClient.get(appEndpoints.clientConfig.path).catch(() => undefined);
  try {
    await pendingToken;
  } finally {
    pendingToken = null;
  }
};

httpClient.interceptors.request.use(async (config) => {
  if (!isUnsafe(config)) return config;
  await ensureCsrfCookie();
  const token = readCsrfToken();
  if (token) config.headers.set(CSRF_HEADER, token);
  return config;
});

httpClient.interceptors.response.use(undefined, (error: unknown) => Promise.reject(normaliseError(error)));

type Params = Record<string, string | number | boolean | null | undefined | readonly (string | number)[]>;

/** Plain helper methods, each resolving to the response body; the API's own routes go through `call`. */
export const api = {
  get: async <T>(path: string, params?: Params, config?: AxiosRequestConfig): Promise<T> => (await httpClient.get<T>(path, { ...config, params })).data,
  post: async <T>(path: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> => (await httpClient.post<T>(path, body ?? {}, config)).data,
  patch: async <T>(path: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> => (await httpClient.patch<T>(path, body ?? {}, config)).data,
  /** DELETE sends its parameters as a query string, never as a body. */
  del: async <T>(path: string, params?: Params, config?: AxiosRequestConfig): Promise<T> => (await httpClient.delete<T>(path, { ...config, params })).data,
};

export type CallConfig = AxiosRequestConfig & {
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
  const { idempotencyKey, ...axiosConfig } = config;
  const unsafe = endpoint.method !== 'GET';
  const response = await httpClient.request<ResponseOf<E>>({
    ...axiosConfig,
    // A create that must not repeat always names its submission; a form passes its own key so that a repeat of it is recognised.
    ...(endpoint.idempotent ? { headers: { ...axiosConfig.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey ?? newSubmissionKey() } } : {}),
    method: endpoint.method,
    url: buildPath(endpoint.path, params),
    params: query,
    // DELETE sends its parameters as a query string, never as a body; other unsafe methods always send JSON.
    ...(unsafe && endpoint.method !== 'DELETE' ? { data: body ?? {} } : {}),
  });
  return response.data;
};
