import type { PrepareRequest, PreparedFile } from './prepare-file.worker.js';
import type { ReadingErrorCode } from './reading.types.js';

/** What the API's thread sends a file thread, and what comes back (structured-cloned: Buffers arrive as Uint8Arrays). */
export interface FileTask {
  id: number;
  bytes: Uint8Array;
  request: PrepareRequest;
}

export type FileReply = { id: number; ok: true; file: PreparedFile } | { id: number; ok: false; code: ReadingErrorCode | null; message: string };
