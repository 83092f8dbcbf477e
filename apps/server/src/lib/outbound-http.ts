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

/**
 * When a failed call is worth sending again. A gateway's 502/503/504 and a dropped connection are
 * passing troubles, but the server may have acted on the request before it failed, so only a
 * request that can be sent twice without harm is repeated: a read, or a write the server
 * recognises as a repeat (QuickBooks' `requestid`). A 429 says the request was refused unseen, so
 * any request may be repeated after it. A timeout is not retried here: it has already waited the
 * whole limit, and the caller's own retry (a job's) comes later.
 */
export interface RetryPolicy {
  /** Sends after the first. */
  retries: number;
  /** First wait when the server names none; doubles each time. */
  baseMs: number;
  /** The longest Retry-After honoured; a server asking for more gets its failure answered at once. */
  maxRetryAfterMs: number;
  /** Whether sending the request twice is harmless. */
  idempotent: boolean;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY = { retries: 3, baseMs: 500, maxRetryAfterMs: 60_000 } as const;

export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** Retry-After in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export const retryAfterMs = (headers: Headers, now = Date.now()): number | null => {
  const value = headers.get('retry-after')?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
};

/**
 * The wait before sending again after this answer, or null when it should not be sent again:
 * not transient, not safe to repeat, out of retries, or asked to wait longer than the cap.
 */
export const retryWait = (status: number, headers: Headers, attempt: number, policy: RetryPolicy): number | null => {
  if (attempt >= policy.retries) return null;
  if (status !== 429 && !(TRANSIENT_STATUSES.has(status) && policy.idempotent)) return null;
  const asked = retryAfterMs(headers);
  if (asked !== null) return asked <= policy.maxRetryAfterMs ? asked : null;
  return policy.baseMs * 2 ** attempt;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** outboundRequest, sent again on the failures the policy deems passing; the last answer or error is the caller's. */
export const outboundRequestWithRetry = async (url: string | URL, init: RequestInit, timeoutMs: number, policy: RetryPolicy): Promise<OutboundResponse> => {
  const sleep = policy.sleep ?? defaultSleep;
  for (let attempt = 0; ; attempt += 1) {
    let response: OutboundResponse;
    try {
      response = await outboundRequest(url, init, timeoutMs);
    } catch (err) {
      const again = err instanceof OutboundHttpError && err.reason === 'network' && policy.idempotent && attempt < policy.retries;
      if (!again) throw err;
      await sleep(policy.baseMs * 2 ** attempt);
      continue;
    }
    const wait = retryWait(response.status, response.headers, attempt, policy);
    if (wait === null) return response;
    await sleep(wait);
  }
};

export interface OutboundBytes {
  status: number;
  ok: boolean;
  headers: Headers;
  bytes: Buffer;
}

/**
 * A download under the same time limit, read as bytes and abandoned once it passes `maxBytes`
 * (answered `'too-large'`), so a huge or endless body never fills the memory.
 */
export const outboundRequestBytes = async (url: string | URL, init: RequestInit, timeoutMs: number, maxBytes: number): Promise<OutboundBytes | 'too-large'> => {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal });
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > maxBytes) {
      await response.body?.cancel();
      return 'too-large';
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = response.body?.getReader();
    for (let part = await reader?.read(); reader && part && !part.done; part = await reader.read()) {
      size += part.value.byteLength;
      if (size > maxBytes) {
        // The rest is never downloaded.
        await reader.cancel();
        return 'too-large';
      }
      chunks.push(Buffer.from(part.value));
    }
    return { status: response.status, ok: response.ok, headers: response.headers, bytes: Buffer.concat(chunks) };
  } catch (err) {
    if (signal.aborted || isTimeout(err)) throw new OutboundHttpError('timeout', String(url), { cause: err, timeoutMs });
    if (err instanceof TypeError) throw new OutboundHttpError('network', String(url), { cause: err });
    throw err;
  }
};
