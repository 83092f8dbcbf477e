import { z } from 'zod';
import { idParam } from './ids.js';
// Herd's wording for zod's messages, installed wherever an endpoint is: a page that imports only its
// own area's endpoints (not the barrel) still validates in Herd's words.
import './error-map.js';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One API route, written once: the server registers it (and documents it in
 * OpenAPI) from this, and the web app calls it through it, so its path,
 * inputs and answer cannot drift apart. `path` is relative to /api/v1/ with
 * `{name}` placeholders; `params` parses them.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  readonly path: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** By status; the first 2xx is what a call resolves to (204 → no content). */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  /**
   * A change a firm may make while it is read-only (its subscription lapsed):
   * signing in and out, the person's own profile and password, taking its data
   * out (a CSV export). Every other
   * POST, PATCH and DELETE is refused then.
   */
  readonly whileReadOnly?: true;
  /**
   * A GET that starts a change (connecting or reconnecting a ledger: the
   * browser is sent on to the ledger's consent screen): refused while
   * read-only like any other change.
   */
  readonly startsChange?: true;
  /**
   * A create that must not happen twice for one submission: the caller may
   * send an `Idempotency-Key` header, and a repeat with the same key gets the
   * first answer back instead of a second object.
   */
  readonly idempotent?: true;
}

/** The header that names one submission of an `idempotent` endpoint. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** Whether the read-only guard refuses this endpoint to a firm whose subscription lapsed. */
export const refusedWhileReadOnly = (endpoint: Endpoint): boolean => (endpoint.method !== 'GET' || endpoint.startsChange === true) && !endpoint.whileReadOnly;

/** The status an endpoint answers when all is well: its first 2xx. */
export const successStatus = (endpoint: Endpoint): number =>
  Object.keys(endpoint.responses)
    .map(Number)
    .filter((status) => status >= 200 && status < 300)
    .sort((a, b) => a - b)[0] ?? 200;

export const endpoint = <const E extends Endpoint>(spec: E): E => spec;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;
type Given<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What the server's handler receives, after validation. */
export type ParamsOf<E extends Endpoint> = Parsed<E['params']>;
export type QueryOf<E extends Endpoint> = Parsed<E['query']>;
export type BodyOf<E extends Endpoint> = Parsed<E['body']>;

/** The success answer: the 200, 201 or 202 schema; 204 is no content. */
type SuccessSchema<R> = R extends { 200: infer S } ? S : R extends { 201: infer S } ? S : R extends { 202: infer S } ? S : undefined;
export type ResponseOf<E extends Endpoint> = SuccessSchema<E['responses']> extends z.ZodType ? z.output<SuccessSchema<E['responses']>> : void;

/** What a caller sends: parameters, query and body as their schemas accept them (before defaults). */
export type CallInput<E extends Endpoint> = (E['params'] extends z.ZodType ? { params: Given<E['params']> } : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query?: Given<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType ? { body: Given<E['body']> } : { body?: undefined });

/** The path parameter every `{pk}` route takes: an id (ids.ts). */
export const pkParams = z.object({ pk: idParam });

/** No content. */
export const noContent = z.null();
