import type { Readable } from 'node:stream';

/** `get` of a key the store does not hold (its bytes were removed behind Herd's back): the same error from every driver. */
export class StoredObjectMissingError extends Error {
  constructor(readonly key: string) {
    super(`No stored object under key ${key}`);
    this.name = 'StoredObjectMissingError';
  }
}

/** Where file bytes live. Keys are random and never derived from user input. */
export interface StorageDriver {
  readonly name: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes as a stream; throws StoredObjectMissingError, before any byte, when the key holds nothing. */
  get(key: string): Promise<Readable>;
  /** Removes the object; a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
}
