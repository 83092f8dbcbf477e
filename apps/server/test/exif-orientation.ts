import { createCanvas, loadImage } from '@napi-rs/canvas';

/** The EXIF orientations a phone writes for a photo held upright (6), upside down (3) or turned left (8). */
export type SidewaysOrientation = 3 | 6 | 8;

/**
 * An APP1 segment holding only an EXIF Orientation tag (0x0112), big-endian
 * TIFF as cameras write it.
 */
const exifSegment = (orientation: number): Buffer => {
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4); // first IFD right after the header
  tiff.writeUInt16BE(1, 8); // one entry
  tiff.writeUInt16BE(0x0112, 10); // Orientation
  tiff.writeUInt16BE(3, 12); // SHORT
  tiff.writeUInt32BE(1, 14); // one value
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22); // no next IFD
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([marker, body]);
};

/**
 * The upright image as a phone stores it: the sensor's pixels turned, and an
 * EXIF Orientation saying how to turn them back. Orientation 6 means "turn the
 * stored pixels 90° clockwise to show them", so the pixels are stored turned
 * 90° counter-clockwise; 8 the other way; 3 upside down.
 */
export const storedSideways = async (upright: Buffer, orientation: SidewaysOrientation): Promise<Buffer> => {
  const image = await loadImage(upright);
  const { width, height } = image;
  const turned = orientation === 3 ? createCanvas(width, height) : createCanvas(height, width);
  const ctx = turned.getContext('2d');
  if (orientation === 3) {
    ctx.translate(width, height);
    ctx.rotate(Math.PI);
  } else if (orientation === 6) {
    ctx.translate(0, width);
    ctx.rotate(-Math.PI / 2);
  } else {
    ctx.translate(height, 0);
    ctx.rotate(Math.PI / 2);
  }
  ctx.drawImage(image, 0, 0);
  const jpeg = turned.toBuffer('image/jpeg', 90);
  // APP1 right after the start-of-image marker, where cameras put it.
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(orientation), jpeg.subarray(2)]);
};
