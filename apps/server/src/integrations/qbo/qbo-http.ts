import { ledgerRequest, parseJson } from '../oauth2-tokens.js';
import type { OutboundResponse, RetryPolicy } from '../../lib/outbound-http.js';

/** No retry: the Accounting API's calls retry in QboApi, which takes room in the rate window before each send. */
const NO_RETRY: RetryPolicy = { retries: 0, baseMs: 0, maxRetryAfterMs: 0, idempotent: false };

/** Every request to Intuit (API, OAuth, OpenID), as `ledgerRequest` sends it. */
export const qboRequest = (url: string | URL, init: RequestInit, timeoutMs: number, retry: RetryPolicy = NO_RETRY): Promise<OutboundResponse> =>
  ledgerRequest('QuickBooks', url, init, timeoutMs, retry);

export { parseJson };
