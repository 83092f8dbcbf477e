import { createCanvas, type Canvas } from '@napi-rs/canvas';

export interface Thumbnail {
  bytes: Buffer;
  mime: 'image/jpeg';
  width: number;
  height: number;
}

/** A receipt is long: past three times its width the thumbnail shrinks to fit rather than grow taller. */
const MAX_ASPECT = 3;

/** A picture already drawn, made small: a JPEG at most `maxWidth` wide and three widths tall. */
export const drawThumbnail = (source: Canvas, maxWidth: number): Thumbnail => {
  const scale = Math.min(1, maxWidth / source.width, (maxWidth * MAX_ASPECT) / source.height);
  const canvas = createCanvas(Math.max(1, Math.round(source.width * scale)), Math.max(1, Math.round(source.height * scale)));
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  // JPEG has no transparency: a transparent PNG shows on white, as on paper.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  return { bytes: canvas.toBuffer('image/jpeg', 80), mime: 'image/jpeg', width: canvas.width, height: canvas.height };
};
