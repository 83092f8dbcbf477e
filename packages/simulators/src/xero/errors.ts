import { randomUUID } from 'node:crypto';
import type { JsonObject } from './types.js';

export { OAuthError } from '../qbo/faults.js';

/** Thrown anywhere in the Accounting API; the plugin's error handler sends it as it is. */
export class XeroError extends Error {
  constructor(
    readonly status: number,
    readonly body: JsonObject | string,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body === 'string' ? body : JSON.stringify(body));
  }
}

/** A test asked for the connection to drop: the handler destroys the socket instead of answering. */
export class DroppedConnection extends Error {
  constructor() {
    super('connection dropped by fault injection');
  }
}

/**
 * The problem-details shape Xero's gateway uses for 401/403/404/429 (seen in client code and
 * support threads; INTEGRATIONS.md calls the 401/403 shape UNCONFIRMED).
 */
export function problem(status: number, title: string, detail: string, headers: Record<string, string> = {}): XeroError {
  return new XeroError(status, { Type: null, Title: title, Status: status, Detail: detail, Instance: randomUUID(), Extensions: {} }, headers);
}

export const unauthorized = (detail = 'AuthenticationUnsuccessful') => problem(401, 'Unauthorized', detail, { 'www-authenticate': 'Bearer error="invalid_token"' });
export const forbidden = (detail = 'AuthenticationUnsuccessful') => problem(403, 'Forbidden', detail);
export const notFound = (detail: string) => problem(404, 'NotFound', detail);

/** The 400 body of a refused write (§2.4); `elements` are the submitted objects with their ValidationErrors. */
export function validationException(elements: JsonObject[]): XeroError {
  return new XeroError(400, { ErrorNumber: 10, Type: 'ValidationException', Message: 'A validation exception occurred', Elements: elements });
}

/** A request-level refusal (no object to attach it to), in the same ValidationException shape. */
export function badRequest(message: string): XeroError {
  return validationException([{ ValidationErrors: [{ Message: message }] }]);
}

/** Xero's answer to a body it cannot read at all. */
export function postDataInvalid(message: string): XeroError {
  return new XeroError(400, { ErrorNumber: 14, Type: 'PostDataInvalidException', Message: message });
}

/** A 500 as Xero sends it for an internal failure (shape UNCONFIRMED; clients should only look at the status). */
export function serverError(detail = 'An error occurred in Xero. Check the API Status page for more information.'): XeroError {
  return new XeroError(500, { ErrorNumber: 500, Type: 'UnknownErrorException', Message: detail });
}

/** 503: Xero answers this during maintenance or when an organisation is offline. */
export function serviceUnavailable(): XeroError {
  return new XeroError(503, { Title: 'Service Unavailable', Status: 503, Detail: 'The Xero API is temporarily unavailable.' }, { 'retry-after': '30' });
}
