import { DOCUMENT_UPLOAD_MAX_FILES } from '@herd/contract/documents';

/**
 * About how many bytes one batch carries: the server holds a request whole in memory, and a batch this
 * size is seconds on a slow line, so progress moves and a batch sent again is not much to resend.
 */
export const UPLOAD_BATCH_BYTES = 25 * 1024 * 1024;

/**
 * Files in the order chosen, cut into the batches the server takes: at most `maxFiles` a batch and about
 * `maxBytes` (a file larger than that goes alone). Gives each batch as the positions of its files.
 */
export const planUploadBatches = (sizes: number[], maxFiles = DOCUMENT_UPLOAD_MAX_FILES, maxBytes = UPLOAD_BATCH_BYTES): number[][] => {
  const batches: number[][] = [];
  let current: number[] = [];
  let bytes = 0;
  sizes.forEach((size, index) => {
    if (current.length > 0 && (current.length >= maxFiles || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(index);
    bytes += size;
  });
  if (current.length > 0) batches.push(current);
  return batches;
};
