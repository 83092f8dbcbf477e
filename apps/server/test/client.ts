import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const UNSAFE = new Set<Method>(['POST', 'PATCH', 'DELETE']);

export interface RequestOptions {
  body?: unknown;
  /** Leave out the X-CSRFToken header, as a forged cross-site request would. */
  withoutCsrf?: boolean;
  headers?: Record<string, string>;
}

/**
 * A browser in miniature: keeps cookies between requests, sends the CSRF
 * header from the cookie like the web app does, and comes from one address.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  async request(method: Method, path: string, opts: RequestOptions = {}): Promise<LightMyRequestResponse> {
    const url = path.startsWith('/') ? path : `/api/v1/${path}`;
    if (UNSAFE.has(method) && !this.csrfToken()) await this.request('GET', '/api/healthcheck/');
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (UNSAFE.has(method) && !opts.withoutCsrf && !headers['x-csrftoken']) headers['x-csrftoken'] = this.csrfToken() ?? '';
    const res = await this.app.inject({
      method,
      url,
      headers,
      remoteAddress: this.ip,
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      const expired = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (expired) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** The readable CSRF cookie, `__Host-` prefixed when the app is served over HTTPS. */
  csrfToken = () => this.cookies.get('__Host-csrftoken') ?? this.cookies.get('csrftoken');

  get = (path: string, opts?: RequestOptions) => this.request('GET', path, opts);
  post = (path: string, body?: unknown, opts?: RequestOptions) => this.request('POST', path, { ...opts, body });
  patch = (path: string, body?: unknown, opts?: RequestOptions) => this.request('PATCH', path, { ...opts, body });
  delete = (path: string, opts?: RequestOptions) => this.request('DELETE', path, opts);
}

/**
 * Makes test clients that each come from their own address, so that rate
 * limits hit by one test never touch another. `block` keeps files apart.
 */
export const clientMaker = (app: () => FastifyInstance, block: number) => {
  let n = 0;
  return () => {
    n += 1;
    return new TestClient(app(), `10.${block}.${Math.floor(n / 250)}.${(n % 250) + 1}`);
  };
};
