import { KarbonUnexpectedAnswerError } from '../../modules/firm/practice-management/karbon.port.js';

export type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads one of Karbon's answers field by field. Where the answer strays from what Karbon's API
 * reference documents, it stops with a KarbonUnexpectedAnswerError naming the operation and the
 * field, so the firm admin reads what went wrong instead of a 500.
 */
export class AnswerReader {
  /** `operation` as the reference names it: `GET /v3/TenantSettings`. */
  constructor(readonly operation: string) {}

  fail(where: string, what: string): never {
    throw new KarbonUnexpectedAnswerError(`Karbon answered ${this.operation} in a shape Herd does not understand: ${where} ${what}.`);
  }

  object(value: unknown, where: string): Json {
    return isObject(value) ? value : this.fail(where, 'is not an object');
  }

  /** A list; absent (or null) reads as empty, anything else is refused. */
  list(value: unknown, where: string): unknown[] {
    if (value === undefined || value === null) return [];
    return Array.isArray(value) ? value : this.fail(where, 'is not a list');
  }

  /** A list of objects, each handed to `read` with where it stands (`WorkTypes[2]`). */
  objects<T>(value: unknown, where: string, read: (entry: Json, at: string) => T): T[] {
    return this.list(value, where).map((entry, index) => read(this.object(entry, `${where}[${index}]`), `${where}[${index}]`));
  }

  /** Text that must be there and not be empty (a key, a name). */
  text(value: unknown, where: string): string {
    return typeof value === 'string' && value.trim() !== '' ? value : this.fail(where, 'is missing');
  }

  /** Text that may be absent or null; anything but text is refused. */
  optionalText(value: unknown, where: string): string | null {
    if (value === undefined || value === null || value === '') return null;
    return typeof value === 'string' ? value : this.fail(where, 'is not text');
  }

  /** A list of text (names, keys); absent reads as empty. */
  texts(value: unknown, where: string): string[] {
    return this.list(value, where).map((entry, index) => this.text(entry, `${where}[${index}]`));
  }

  /** A whole number that may be absent. */
  optionalCount(value: unknown, where: string): number | null {
    if (value === undefined || value === null) return null;
    return Number.isInteger(value) && (value as number) >= 0 ? (value as number) : this.fail(where, 'is not a whole number');
  }
}
