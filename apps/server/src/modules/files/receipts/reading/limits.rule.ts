/**
 * What one receipt file may cost. A file is read in a worker thread (`file-pool.worker.ts`), so a
 * hostile one — a PDF of 20,000 empty pages, a 47 KB PNG that inflates to 49 megapixels —
 * costs that thread, within these limits, and never the API's event loop. Documented in
 * docs/receipts.md ("Limits").
 */

/** Largest file read at all (an upload is refused earlier, at MAX_UPLOAD_MB). */
export const MAX_FILE_BYTES = 25 * 1024 * 1024;

/** Largest image decoded, read from its header first: a 48–50 MP photo is the largest phones take. */
export const MAX_PIXELS = 50_000_000;

/** A receipt is a page or two; an email's 40-page statement is read no further than this. */
export const MAX_PDF_PAGES = 3;

/** Text kept from the pages read; three pages of a receipt are a few thousand characters. */
export const MAX_TEXT_CHARS = 20_000;

export interface FileLimits {
  /** Images over this many pixels are refused before they are decoded. */
  maxPixels: number;
  /** PDF pages whose text is read (only the first is ever drawn). */
  maxPages: number;
}

export const DEFAULT_FILE_LIMITS: FileLimits = { maxPixels: MAX_PIXELS, maxPages: MAX_PDF_PAGES };

/** A file still being opened, decoded or drawn after this long is stopped (its thread is ended). */
export const FILE_TIMEOUT_MS = 30_000;

/** The JavaScript heap of a file thread (PDF.js parses there); past it the thread is ended, not the process. */
export const FILE_THREAD_HEAP_MB = 256;

/** File threads: one keeps a core for the API and the database on a small machine. */
export const FILE_THREADS = 1;
