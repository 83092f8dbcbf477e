import { Prng } from '../qbo/prng.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Karbon's perma keys are short base-62 strings (the OpenAPI shows e.g. `kCsVf7svWQw`). */
export function permaKey(rng: Prng, length = 12): string {
  return Array.from({ length }, () => rng.pick([...ALPHABET])).join('');
}

/** A lower-case GUID, the shape of the Application ID and of user ids. */
export function guid(rng: Prng): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rng.next() * 16).toString(16)).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${'89ab'[parseInt(hex[16] ?? '0', 16) % 4] ?? '8'}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * An AccessKey in the JWT shape Karbon shows (`eyJ…`, three dot-separated parts). The simulator
 * compares it as an opaque string, so the signature part is random rather than a real signature.
 */
export function accessKey(rng: Prng, tenantKey: string): string {
  const signature = Buffer.from(Array.from({ length: 32 }, () => rng.int(0, 255))).toString('base64url');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ tenant: tenantKey, iss: 'karbon-simulator' })}.${signature}`;
}

export { Prng };
