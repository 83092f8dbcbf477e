import { details } from '@herd/contract';

/** Typed errors that services throw; one handler maps them to HTTP (plugins/error-handler.ts). */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** What the answer carries beside `detail` (a 409's current state, say); nothing by default. */
  get body(): Record<string, unknown> {
    return {};
  }
}

export class NotFoundError extends AppError {
  constructor(message: string = details.notFound) {
    super(404, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message: string = details.forbidden) {
    super(403, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message: string = details.notAuthenticated) {
    super(401, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class ReadOnlyError extends AppError {
  constructor(message: string = details.readOnly) {
    super(403, message);
  }
}

export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, details.throttled(retryAfterSeconds));
  }
}

/** A bad request: either one message (`detail`) or messages per field. */
export class ValidationError extends AppError {
  constructor(
    readonly fields: Record<string, string[]> | null,
    detail = 'The request is not valid.',
  ) {
    super(400, detail);
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }

  static detail(message: string): ValidationError {
    return new ValidationError(null, message);
  }
}

/** A ledger refused or failed a call; the message is the ledger's own. */
export class LedgerError extends AppError {
  constructor(message: string, statusCode = 502) {
    super(statusCode, message);
  }
}
