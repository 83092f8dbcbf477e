import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { Profile } from '@herd/contract';
import { httpClient } from '../src/lib/api-client';
import { readCookie } from '../src/lib/cookies';

export interface FakeRequest {
  method: string;
  /** Full path, e.g. "/api/v1/users/profile/". */
  path: string;
  params: Record<string, unknown>;
  body: unknown;
  headers: AxiosHeaders;
}

export interface FakeReply {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

type Handler = (request: FakeRequest) => FakeReply | Promise<FakeReply>;

export const TEST_CSRF_TOKEN = 'test-csrf-token';

const fullPath = (config: InternalAxiosRequestConfig): string => {
  const base = config.baseURL ?? '';
  const url = config.url ?? '';
  return `${base.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
};

/**
 * The network, faked at the axios adapter: routes "METHOD /path" to handlers,
 * records every request, and sets the CSRF cookie as the real server does.
 */
export const createFakeApi = () => {
  const handlers = new Map<string, Handler>();
  const requests: FakeRequest[] = [];

  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = fullPath(config);
    const request: FakeRequest = {
      method,
      path,
      params: (config.params as Record<string, unknown> | undefined) ?? {},
      body: typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as unknown) : config.data,
      headers: AxiosHeaders.from(config.headers),
    };
    requests.push(request);
    // Like the server: hand out a token only to a browser that has none.
    if (path.startsWith('/api/') && !readCookie('csrftoken')) document.cookie = `csrftoken=${TEST_CSRF_TOKEN}; path=/`;
    const handler = handlers.get(`${method} ${path}`);
    const reply = handler ? await handler(request) : { status: 404, data: { detail: 'Not found.' } };
    const response: AxiosResponse = {
      data: reply.data ?? null,
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${reply.status}`,
      reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  };

  const fake = {
    requests,
    adapter,
    /** Answers `METHOD /api/v1/<path>` (or an absolute path starting with /api/). */
    on(method: string, path: string, handler: Handler | FakeReply) {
      const full = path.startsWith('/') ? path : `/api/v1/${path}`;
      handlers.set(`${method.toUpperCase()} ${full}`, typeof handler === 'function' ? handler : () => handler);
      return fake;
    },
    /** Requests to one endpoint. */
    calls(method: string, path: string) {
      const full = path.startsWith('/') ? path : `/api/v1/${path}`;
      return requests.filter((r) => r.method === method.toUpperCase() && r.path === full);
    },
    install() {
      httpClient.defaults.adapter = adapter;
      return fake;
    },
  };
  return fake;
};

export type FakeApi = ReturnType<typeof createFakeApi>;

export const makeProfile = (overrides: Partial<Profile> = {}): Profile => ({
  pk: 1,
  email: 'avery@example.com',
  first_name: 'Avery',
  last_name: 'Stone',
  phone: '',
  account_type: 'ACCOUNTANT',
  accountant_company_user: {
    pk: 1,
    role: 'FIRM_ADMIN',
    mfa_enabled: false,
    is_mfa_setup: false,
    default_client_company: null,
    company: { pk: 1, company_name: 'Stone & Co Bookkeeping', main_color: '#1d4ed8', logo: null },
  },
  client_firm: null,
  feature_flags: [],
  global_banners: [],
  totp_qr_link: null,
  ...overrides,
});

export const makeClientProfile = (overrides: Partial<Profile> = {}): Profile =>
  makeProfile({
    pk: 2,
    email: 'casey@example.com',
    first_name: 'Casey',
    last_name: 'Baker',
    account_type: 'CLIENT',
    accountant_company_user: null,
    client_firm: { pk: 1, company_name: 'Stone & Co Bookkeeping', main_color: '#1d4ed8', logo: null },
    ...overrides,
  });

/** A fake API where GET users/profile/ answers with `profile`, or 401 when it is null. */
export const fakeSession = (profile: Profile | null): FakeApi =>
  createFakeApi()
    .on('GET', 'users/profile/', profile ? { status: 200, data: profile } : { status: 401, data: { detail: 'You are not signed in.' } })
    .install();
