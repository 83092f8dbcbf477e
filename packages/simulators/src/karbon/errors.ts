import type { JsonObject } from './types.js';

/**
 * Thrown by any route or hook; the plugin's error handler sends it as it is. Karbon's error body
 * is `{"error":{"code","message"}}` (§4); the codes used here come from the OpenAPI's examples:
 * 4002 bad model / bad value, 4004 not found, 4005 required data missing, 4020 concurrency, 4021
 * restriction, 5001 internal.
 */
export class KarbonError extends Error {
  constructor(
    readonly status: number,
    readonly body: JsonObject,
    readonly headers: Record<string, string> = {},
  ) {
    super(JSON.stringify(body));
  }
}

export const karbonError = (status: number, code: string, message: string, headers: Record<string, string> = {}): KarbonError =>
  new KarbonError(status, { error: { code, message } }, headers);

/** The OpenAPI's 401 example carries `statusCode` rather than `code` inside `error`. */
export const unauthorized = (message: string): KarbonError => new KarbonError(401, { error: { statusCode: '401', message } });
export const notFound = (message: string): KarbonError => karbonError(404, '4004', message);
/**
 * The reference documents the 404 of a PATCH (and of a contact's PUT) as its ResourceNotFound shape,
 * `{"statusCode","message"}`, not the error envelope (its example there shows the envelope; the
 * schema is what answers are checked against).
 */
export const notFoundPlain = (message: string): KarbonError => new KarbonError(404, { statusCode: '404', message });
export const missingData = (what: string): KarbonError => karbonError(400, '4005', `Required payload data is missing: ${what}`);
export const badValue = (message: string): KarbonError => karbonError(400, '4002', message);
export const conflict = (): KarbonError => karbonError(409, '4020', 'The resource was modified by another request. Refetch the resource and retry.');
export const restricted = (): KarbonError => karbonError(403, '4021', 'The RestrictionLevel of this API application does not permit this request.');
export const serverError = (status: number): KarbonError =>
  karbonError(status, status === 500 ? '5001' : String(status), status === 500 ? 'Unexpected Internal Error.' : 'Service unavailable.');

/** §4: the 429 body is not in the error envelope, it has its own shape. */
export const rateLimited = (retryAfter: number): KarbonError =>
  new KarbonError(429, { statusCode: '429', message: `Rate limit is exceeded. Try again in ${String(retryAfter)} seconds.` }, { 'retry-after': String(retryAfter) });
