export type FieldErrors = Record<string, string[]>;

/**
 * Every failed call reaches the app as an ApiError: `status` is null when the
 * request never got an answer (then `message` is one of the transport
 * messages), `detail` holds the server's single message and
 * `fields` its per-field messages.
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly detail: string | null;
  readonly fields: FieldErrors;
  readonly retryAfterSeconds: number | null;
  /** The answer's whole body, for what an endpoint sends beside `detail` (a 409's current state, say). */
  readonly body: unknown;

  constructor(init: { message: string; status: number | null; detail?: string | null; fields?: FieldErrors; retryAfterSeconds?: number | null; body?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.detail = init.detail ?? null;
    this.fields = init.fields ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.body = init.body ?? null;
  }
}

export const TRANSPORT_MESSAGES = {
  aborted: 'Request aborted',
  network: 'Network Error',
  timeout: (ms: number) => `timeout of ${ms} ms exceeded`,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{"detail": "..."}` and `{"field": ["..."]}` bodies, the two shapes of every API error. */
const readBody = (data: unknown): { detail: string | null; fields: FieldErrors } => {
  const fields: FieldErrors = {};
  let detail: string | null = null;
  if (!isRecord(data)) return { detail, fields };
  for (const [key, value] of Object.entries(data)) {
    if (key === 'detail') {
      if (typeof value === 'string') detail = value;
      else if (Array.isArray(value) && typeof value[0] === 'string') detail = value[0];
      continue;
    }
    const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : typeof value === 'string' ? [value] : [];
    if (list.length > 0) fields[key] = list;
  }
  return { detail, fields };
};

const parseRetryAfter = (value: unknown): number | null => {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
};

/** An answer outside 2xx as an ApiError: the server's detail or first field message, else the status. */
export const answerError = (answer: { status: number; data: unknown; headers: Headers }): ApiError => {
  const { detail, fields } = readBody(answer.data);
  const firstField = Object.values(fields)[0]?.[0];
  return new ApiError({
    message: detail ?? firstField ?? `Request failed with status code ${answer.status}`,
    status: answer.status,
    detail,
    fields,
    retryAfterSeconds: parseRetryAfter(answer.headers.get('retry-after')),
    body: answer.data,
  });
};

/**
 * Turns whatever a call threw into an ApiError; already-normalised errors pass
 * through; a cancelled call (AbortError) is "Request aborted".
 */
export const normaliseError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (error instanceof DOMException && error.name === 'AbortError') {
    return new ApiError({ message: TRANSPORT_MESSAGES.aborted, status: null });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({ message, status: null });
};

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The status of a failed call, or null when it never got an answer. */
export const errorStatus = (error: unknown): number | null => (error instanceof ApiError ? error.status : null);
