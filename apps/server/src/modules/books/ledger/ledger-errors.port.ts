import { LedgerError } from '../../../lib/errors.js';

/**
 * The ledger no longer accepts Herd's grant. Whatever ledger it came from,
 * nothing more can be written or read for the company until someone
 * reconnects it, so callers stop rather than retry.
 */
export class LedgerNeedsReauthError extends LedgerError {
  constructor(message = 'The ledger no longer accepts this connection. Reconnect the company.') {
    super(message);
  }
}

/**
 * The ledger could not be reached or did not answer in time. It says nothing
 * about the data, so a job that meets it fails and is retried later, as for
 * any failure of the ledger itself.
 */
export class LedgerUnreachableError extends LedgerError {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, 502);
    if (options.cause !== undefined) this.cause = options.cause;
  }
}

/**
 * The ledger's allowance of calls is spent until a time it names (Xero's 5,000 a day): trying again
 * sooner only meets the same refusal. A pull that meets it stops where its saved progress is, and
 * the sync schedule tries the company again once `retryAfterMs` has passed (null: it did not say).
 */
export class LedgerLimitReachedError extends LedgerUnreachableError {
  constructor(
    message: string,
    readonly retryAfterMs: number | null,
  ) {
    super(message);
  }
}

/**
 * What a failure means for Herd, whatever the ledger: `needs-reauth` (stop
 * until reconnected), `unreachable` (try again later), `refused` (the ledger
 * refused the data: a person must change it), `unknown` (a bug or something
 * not foreseen: logged as is).
 */
export type LedgerErrorKind = 'needs-reauth' | 'unreachable' | 'refused' | 'unknown';

/** The part of error classification every ledger shares: Herd's own ledger errors. */
export const classifyCommonLedgerError = (err: unknown): LedgerErrorKind => {
  if (err instanceof LedgerNeedsReauthError) return 'needs-reauth';
  if (err instanceof LedgerUnreachableError) return 'unreachable';
  return 'unknown';
};
