import { LedgerUnreachableError } from '../ledger-errors.js';
import { OutboundHttpError, outboundRequest, type OutboundResponse } from '../../lib/outbound-http.js';

/**
 * Every request to Intuit (API, OAuth, OpenID): within the shared time
 * limit, and a timeout or an unreachable host becomes LedgerUnreachableError,
 * which jobs retry later like any failure of QuickBooks.
 */
export const qboRequest = async (url: string | URL, init: RequestInit, timeoutMs: number): Promise<OutboundResponse> => {
  try {
    return await outboundRequest(url, init, timeoutMs);
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
