import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { decodeImage, MAX_FILE_BYTES, sniffKind } from './image-input.js';
import { openPdf, renderFirstPage } from './pdf-input.js';

export interface Thumbnail {
  bytes: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

export interface ThumbnailOptions {
  /** Largest width in px (default 320: a list row at twice the pixel density). */
  width?: number;
  /** Told why a thumbnail could not be made; the caller logs it. */
  onFailure?: (err: unknown) => void;
}

/** A receipt is long: past three times its width the thumbnail shrinks to fit rather than grow taller. */
const MAX_ASPECT = 3;

const shrink = (source: Canvas, maxWidth: number): Canvas => {
  const scale = Math.min(1, maxWidth / source.width, (maxWidth * MAX_ASPECT) / source.height);
  const canvas = createCanvas(Math.max(1, Math.round(source.width * scale)), Math.max(1, Math.round(source.height * scale)));
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  // JPEG has no transparency: a transparent PNG shows on white, as on paper.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  return canvas;
};

const sourceCanvas = async (bytes: Buffer): Promise<Canvas> => {
  if (bytes.length > MAX_FILE_BYTES) throw new Error('The file is too large for a thumbnail.');
  const kind = sniffKind(bytes);
  if (!kind) throw new Error('The file is not a PDF, JPEG, PNG or HEIC image.');
  if (kind !== 'pdf') return decodeImage(bytes, kind);
  const pdf = await openPdf(bytes);
  try {
    return await renderFirstPage(pdf, 640);
  } finally {
    await pdf.destroy();
  }
};

/**
 * A small JPEG of an image or of a PDF's first page, for lists and previews.
 * Never throws: a file that cannot be drawn gives null (and `onFailure` the
 * reason), because a missing thumbnail must not fail the upload it belongs to.
 */
export const createThumbnail = async (bytes: Buffer, options: ThumbnailOptions = {}): Promise<Thumbnail | null> => {
  try {
    const canvas = shrink(await sourceCanvas(bytes), options.width ?? 320);
    return { bytes: canvas.toBuffer('image/jpeg', 80), mime: 'image/jpeg', width: canvas.width, height: canvas.height };
  } catch (err) {
    options.onFailure?.(err);
    return null;
  }
};
