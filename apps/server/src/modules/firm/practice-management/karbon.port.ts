import type { KarbonClientType, KarbonUser, KarbonWorkStatus, KarbonWorkType } from '@herd/contract';

/**
 * What Herd needs of Karbon, in Herd's words (the client beside this file speaks Karbon's
 * API v3 and throws the errors below). The module decides what to write and when; the client only
 * carries it.
 */
export interface KarbonKeys {
  applicationId: string;
  accessKey: string;
  /** The built-in sandbox Karbon instead of the real one. */
  sandbox: boolean;
}

export interface KarbonTenant {
  tenantKey: string;
  workTypes: KarbonWorkType[];
  workStatuses: KarbonWorkStatus[];
}

export interface KarbonDirectoryRecord {
  key: string;
  type: KarbonClientType;
  name: string;
  email: string | null;
}

export interface KarbonFileRecord {
  key: string;
  name: string;
  size: number;
  contentType: string;
}

export interface KarbonNote {
  subject: string;
  body: string;
  authorEmail: string;
  client: { key: string; type: KarbonClientType };
}

export interface KarbonWorkItem {
  title: string;
  description: string;
  assigneeEmail: string;
  client: { key: string; type: KarbonClientType };
  startDate: Date;
  workType: string | null;
  /** Written as the work item's PrimaryStatus (and SecondaryStatus); none leaves Karbon's default. */
  workStatus: KarbonWorkStatus | null;
}

export interface KarbonApi {
  tenantSettings(keys: KarbonKeys): Promise<KarbonTenant>;
  /** The account's organizations, then its contacts, a page at a time. */
  directory(keys: KarbonKeys): AsyncIterable<KarbonDirectoryRecord[]>;
  /** One organization or contact, or null when Karbon no longer has it. */
  directoryEntry(keys: KarbonKeys, key: string, type: KarbonClientType): Promise<KarbonDirectoryRecord | null>;
  users(keys: KarbonKeys): Promise<KarbonUser[]>;
  createNote(keys: KarbonKeys, note: KarbonNote): Promise<{ key: string }>;
  createWorkItem(keys: KarbonKeys, item: KarbonWorkItem): Promise<{ key: string }>;
  /** A work item of this client with exactly this title, so a retried event finds the one it already made. */
  findWorkItem(keys: KarbonKeys, clientKey: string, title: string): Promise<string | null>;
  /** The files filed on a client (organization or contact). */
  files(keys: KarbonKeys, client: { key: string; type: KarbonClientType }): Promise<KarbonFileRecord[]>;
  /** A file's bytes (Karbon answers a download with a redirect to a short-lived token URL, which is followed). */
  download(keys: KarbonKeys, fileKey: string, maxBytes: number): Promise<Buffer>;
  subscribe(keys: KarbonKeys, type: string, targetUrl: string, signingKey: string): Promise<void>;
  unsubscribe(keys: KarbonKeys, type: string): Promise<void>;
}

/** Karbon refused the keys (401). */
export class KarbonAuthError extends Error {}

/** Over Karbon's 120 requests a minute: try again after `retryAfterMs`. */
export class KarbonRateLimitError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Karbon's rate limit was reached; try again in ${Math.ceil(retryAfterMs / 1000)} s.`);
  }
}

/** Karbon lost an optimistic-concurrency race (409, code 4020): read again and retry. */
export class KarbonConflictError extends Error {}

/** Karbon refused the request itself (a 4xx with its code and message): sending it again changes nothing. */
export class KarbonRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Karbon could not be reached or failed (5xx, a timeout): try again later. */
export class KarbonUnreachableError extends Error {}

/**
 * Karbon answered in a shape Herd cannot read (outside its API reference): handled as a failure of
 * Karbon's, never a 500, with a message that names the operation and the field.
 */
export class KarbonUnexpectedAnswerError extends KarbonUnreachableError {}
