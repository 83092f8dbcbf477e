import { LedgerUnreachableError } from '../../modules/ledger/ledger-errors.js';
import { OutboundHttpError, outboundRequestWithRetry, type OutboundResponse, type RetryPolicy } from '../../lib/outbound-http.js';

/** No retry: the Accounting API's calls retry in QboApi, which takes room in the rate window before each send. */
const NO_RETRY: RetryPolicy = { retries: 0, baseMs: 0, maxRetryAfterMs: 0, idempotent: false };

/**
 * Every request to Intuit (API, OAuth, OpenID): within the shared time
 * limit, sent again on passing failures as the policy allows, and a timeout
 * or an unreachable host becomes LedgerUnreachableError, which jobs retry
 * later like any failure of QuickBooks.
 */
export const qboRequest = async (url: string | URL, init: RequestInit, timeoutMs: number, retry: RetryPolicy = NO_RETRY): Promise<OutboundResponse> => {
  try {
    return await outboundRequestWithRetry(url, init, timeoutMs, retry);
  } catch (err) {
    if (!(err instanceof OutboundHttpError)) throw err;
    const what = err.reason === 'timeout' ? 'QuickBooks did not answer in time' : 'QuickBooks could not be reached';
    throw new LedgerUnreachableError(`${what} (${err.detail}). Try again in a moment.`, { cause: err });
  }
};

export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};
