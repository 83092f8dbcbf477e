import { FilePool, type FilePoolOptions } from './file-pool.worker.js';
import { OcrPool, type OcrPoolOptions } from './ocr-pool.worker.js';

let shared: OcrPool | null = null;
let sharedFiles: FilePool | null = null;

/**
 * The process's one OCR pool, made on first use. A worker process that reads
 * receipts calls `configureSharedOcrPool` at start (and may `warm()` it); a
 * process that never reads one never starts a worker.
 */
export const sharedOcrPool = (): OcrPool => (shared ??= new OcrPool());

/** Replaces the shared pool's settings; only before it has been used. */
export const configureSharedOcrPool = (options: OcrPoolOptions): OcrPool => {
  if (shared) throw new Error('The OCR pool is already running; configure it before the first receipt is read.');
  shared = new OcrPool(options);
  return shared;
};

/** At shutdown: ends the workers so the process can exit. */
export const closeSharedOcrPool = async (): Promise<void> => {
  const pool = shared;
  shared = null;
  await pool?.close();
};

/** The process's file threads (`FilePool`), made on first use: every receipt file is opened, decoded and drawn there. */
export const sharedFilePool = (): FilePool => (sharedFiles ??= new FilePool());

/** Replaces the file threads' settings (time limit, heap, pixels, pages); only before the first file. */
export const configureSharedFilePool = (options: FilePoolOptions): FilePool => {
  if (sharedFiles) throw new Error('The file threads are already running; configure them before the first receipt is read.');
  sharedFiles = new FilePool(options);
  return sharedFiles;
};

/** At shutdown and at the end of a test app: ends the OCR workers and the file threads. */
export const closeReadingPools = async (): Promise<void> => {
  const files = sharedFiles;
  sharedFiles = null;
  await Promise.all([closeSharedOcrPool(), files?.close()]);
};
