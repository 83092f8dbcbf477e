import type { Thumbnail } from './draw-thumbnail.format.js';
import type { FilePool } from './file-pool.worker.js';
import { sniffKind } from './image-input.format.js';
import { MAX_FILE_BYTES } from './limits.rule.js';
import { sharedFilePool } from './shared-pool.worker.js';

export type { Thumbnail } from './draw-thumbnail.format.js';

export interface ThumbnailOptions {
  /** Largest width in px (default 320: a list row at twice the pixel density). */
  width?: number;
  /** Told why a thumbnail could not be made; the caller logs it. */
  onFailure?: (err: unknown) => void;
  /** The file threads to draw it in (default: the process's). */
  files?: FilePool;
}

/**
 * A small JPEG of an image or of a PDF's first page, for lists and previews,
 * drawn in a file thread. Never throws: a file that cannot be drawn gives null
 * (and `onFailure` the reason), because a missing thumbnail must not fail the
 * upload it belongs to.
 */
export const createThumbnail = async (bytes: Buffer, options: ThumbnailOptions = {}): Promise<Thumbnail | null> => {
  try {
    if (bytes.length > MAX_FILE_BYTES) throw new Error('The file is too large for a thumbnail.');
    const kind = sniffKind(bytes);
    if (!kind) throw new Error('The file is not a PDF, JPEG, PNG or HEIC image.');
    const files = options.files ?? sharedFilePool();
    const prepared = await files.prepare(bytes, { kind, text: false, thumbnailWidth: options.width ?? 320 });
    if (!prepared.thumbnail) throw new Error(prepared.thumbnailError ?? 'No thumbnail could be drawn.');
    return prepared.thumbnail;
  } catch (err) {
    options.onFailure?.(err);
    return null;
  }
};
