/** What the receipts module uses to read a receipt file; nothing here touches the database. */
export { readReceipt, readReceiptFile, type ReadOptions, type ReceiptFileReading } from './read-receipt.service.js';
export { createThumbnail, type Thumbnail, type ThumbnailOptions } from './thumbnail.format.js';
export { OcrPool, defaultOcrPoolSize, type OcrPoolOptions } from './ocr-pool.worker.js';
export { FilePool, type FilePoolOptions } from './file-pool.worker.js';
export { closeReadingPools, closeSharedOcrPool, configureSharedFilePool, configureSharedOcrPool, sharedFilePool, sharedOcrPool } from './shared-pool.worker.js';
export { ReceiptReadingError, type FieldReading, type ReadingErrorCode, type ReadingHints, type ReadingSource, type ReceiptReading } from './reading.types.js';
