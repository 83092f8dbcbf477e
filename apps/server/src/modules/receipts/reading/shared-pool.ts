import { OcrPool, type OcrPoolOptions } from './ocr-pool.js';

let shared: OcrPool | null = null;

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
