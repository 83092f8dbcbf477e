/**
 * QuickBooks answers errors in two casings: `{"Fault":{"Error":[…],"type"}}`
 * on validation and system faults, `{"fault":{"error":[…],"type"}}` on a 401.
 * Both become one QboFault that says what the caller should do about it.
 */
export type QboFaultKind =
  /** The access token is no longer accepted: refresh, then give up and ask for a reconnection. */
  | 'auth'
  /** Over the rate limit: wait and try again. */
  | 'throttled'
  /** Someone changed the object since we read it (code 5010): re-read and reapply. */
  | 'stale'
  /** The ledger refused the data: a person must fix it; the message is shown as is. */
  | 'validation'
  /** The ledger failed: try again later. */
  | 'system';

export class QboFault extends Error {
  constructor(
    readonly kind: QboFaultKind,
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'QboFault';
  }

  /** What a person reads on the transaction: the ledger's own words. */
  get ledgerMessage(): string {
    return this.detail && this.detail !== this.message ? `${this.message}: ${this.detail}` : this.message;
  }
}

interface FaultError {
  message: string;
  detail: string;
  code: string;
}

const readErrors = (body: unknown): { errors: FaultError[]; type: string } | null => {
  if (!body || typeof body !== 'object') return null;
  const fault = (body as Record<string, unknown>).Fault ?? (body as Record<string, unknown>).fault;
  if (!fault || typeof fault !== 'object') return null;
  const record = fault as Record<string, unknown>;
  const list = (record.Error ?? record.error) as unknown;
  const errors = Array.isArray(list)
    ? list.map((raw) => {
        const e = (raw ?? {}) as Record<string, unknown>;
        return { message: String(e.Message ?? e.message ?? ''), detail: String(e.Detail ?? e.detail ?? ''), code: String(e.code ?? e.Code ?? '') };
      })
    : [];
  return { errors, type: String(record.type ?? '') };
};

export const faultFromResponse = (status: number, body: unknown): QboFault => {
  const parsed = readErrors(body);
  const first = parsed?.errors[0];
  const code = first?.code ?? '';
  const message = first?.message || (status === 429 ? 'Too many requests' : `QuickBooks answered ${status}`);
  const detail = first?.detail ?? '';
  const type = parsed?.type.toUpperCase() ?? '';
  if (status === 401 || type === 'AUTHENTICATION' || type === 'AUTHENTICATIONFAULT') return new QboFault('auth', status, code || '3200', message, detail);
  if (status === 429 || code === '3001' || code === '003001') return new QboFault('throttled', status, code, message, detail);
  if (code === '5010') return new QboFault('stale', status, code, message, detail);
  if (status >= 500 || type === 'SYSTEMFAULT') return new QboFault('system', status, code, message, detail);
  return new QboFault('validation', status, code, message, detail);
};
