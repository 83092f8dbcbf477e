import type { FastifyRequest } from 'fastify';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

const originOf = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

const portOf = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/**
 * Whether a browser may be sent back to `origin` after a ledger's consent
 * page: APP_URL's own origin, or the same server reached by another loopback
 * name on the same port and scheme (`http://127.0.0.1:3000` for an APP_URL of
 * `http://localhost:3000`). Never another host: the callback carries the
 * ledger's one-time code, which must not be handed to a host someone named in
 * a request's Host header.
 */
export const isReturnOrigin = (origin: string, appUrl: string): boolean => {
  const app = originOf(appUrl);
  const candidate = originOf(origin);
  if (!app || !candidate) return false;
  if (candidate.origin === app.origin) return true;
  return LOOPBACK.has(candidate.hostname) && LOOPBACK.has(app.hostname) && candidate.protocol === app.protocol && portOf(candidate) === portOf(app);
};

/** The origin the request came in on (its scheme and Host header); null for a Host that names no address. */
export const requestOrigin = (request: FastifyRequest): string | null => originOf(`${request.protocol}://${request.headers.host ?? request.host}`)?.origin ?? null;

/** APP_URL's origin. */
export const appOrigin = (appUrl: string): string => originOf(appUrl)?.origin ?? appUrl;

/**
 * Where a grant started by this request returns to: the address the person
 * is using when it is one `isReturnOrigin` accepts, and the page that sent
 * the request (Origin or Referer, when the browser names one) agrees with it;
 * otherwise APP_URL.
 */
export const returnOriginOf = (request: FastifyRequest, appUrl: string): string => {
  const own = requestOrigin(request);
  const named = request.headers.origin ?? request.headers.referer;
  const sender = typeof named === 'string' ? originOf(named)?.origin : undefined;
  const app = appOrigin(appUrl);
  if (own === null || (sender !== undefined && sender !== own)) return app;
  return isReturnOrigin(own, appUrl) ? own : app;
};
