/**
 * Every call Herd makes to another server goes through here, so none can
 * wait for ever: a ledger that accepts the connection and never answers
 * would otherwise hold a job (or a person's request) until the process dies.
 * The limit covers the whole exchange, body included.
 */
export const DEFAULT_OUTBOUND_TIMEOUT_MS = 60_000;

export interface OutboundResponse {
  status: number;
  ok: boolean;
  headers: Headers;
  /** The body as text (empty when there is none). */
  text: string;
}

/** What the network layer said, for the logs and the company's sync error ("fetch failed: ECONNREFUSED"). */
const networkDetail = (err: unknown): string => {
  if (!(err instanceof Error)) return String(err);
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${err.message}: ${code}` : err.message;
};

/** The other server did not answer in time (`timeout`) or could not be reached at all (`network`). */
export class OutboundHttpError extends Error {
  /** Why, in a few words: the limit that passed, or the network layer's own message. */
  readonly detail: string;

  constructor(
    readonly reason: 'timeout' | 'network',
    readonly url: string,
    options: { cause: unknown; timeoutMs?: number },
  ) {
    const detail = reason === 'timeout' ? `no answer within ${options.timeoutMs ?? '?'} ms` : networkDetail(options.cause);
    super(`${new URL(url).host}: ${detail}`);
    this.name = 'OutboundHttpError';
    this.detail = detail;
    this.cause = options.cause;
  }
}

const isTimeout = (err: unknown) =>
  err instanceof Error && (err.name === 'TimeoutError' || (err.name === 'AbortError' && err.cause instanceof Error && err.cause.name === 'TimeoutError'));

export const outboundRequest = async (url: string | URL, init: RequestInit, timeoutMs: number): Promise<OutboundResponse> => {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal });
    const text = await response.text();
    return { status: response.status, ok: response.ok, headers: response.headers, text };
  } catch (err) {
    // fetch reports an unreachable host as a TypeError ("fetch failed"); a timeout as the signal's reason.
    if (signal.aborted || isTimeout(err)) throw new OutboundHttpError('timeout', String(url), { cause: err, timeoutMs });
    if (err instanceof TypeError) throw new OutboundHttpError('network', String(url), { cause: err });
    throw err;
  }
};
