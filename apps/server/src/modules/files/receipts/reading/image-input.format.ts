import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';
import { ReceiptReadingError } from './reading.types.js';

/** What a file is, from its first bytes: the declared type of an upload or an email part is not trusted. */
export type FileKind = 'pdf' | 'jpeg' | 'png' | 'heic';

export const sniffKind = (bytes: Buffer): FileKind | null => {
  if (bytes.length < 12) return null;
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.readUInt32BE(0) === 0x89504e47) return 'png';
  if (bytes.subarray(4, 8).toString('latin1') === 'ftyp' && /^(?:heic|heix|hevc|hevx|mif1|msf1)$/.test(bytes.subarray(8, 12).toString('latin1'))) return 'heic';
  return null;
};

/**
 * Width and height from a PNG's IHDR or a JPEG's frame header, read before
 * anything is decoded; null for a file cut short (no PNG IEND chunk, no JPEG
 * end marker after the image's scan), which the decoder would otherwise draw
 * half grey without complaint.
 */
const headerSize = (bytes: Buffer, kind: 'png' | 'jpeg'): { width: number; height: number } | null => {
  if (kind === 'png') {
    if (bytes.length < 33 || bytes.lastIndexOf('IEND', undefined, 'latin1') < 0) return null;
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  let size: { width: number; height: number } | null = null;
  let at = 2;
  while (at + 4 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    // SOF0..SOF15 hold the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc && at + 9 < bytes.length) {
      size = { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    // Start of scan: the image data follows, and must end with EOI (an EXIF thumbnail's EOI comes before it).
    if (marker === 0xda) return size && bytes.lastIndexOf(Buffer.from([0xff, 0xd9])) > at ? size : null;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return null;
};

const checkPixels = (width: number, height: number, maxPixels: number) => {
  if (width * height > maxPixels)
    throw new ReceiptReadingError('TOO_LARGE', `The image is ${width}×${height} pixels; the largest read is ${maxPixels / 1e6} megapixels.`);
};

/** What is used of heic-decode (CommonJS, no types of its own): every image of a file, decoded one by one. */
interface HeicDecode {
  all(input: { buffer: Uint8Array }): Promise<HeicImage[] & { dispose(): void }>;
}
interface HeicImage {
  width: number;
  height: number;
  decode(): Promise<{ data: Uint8ClampedArray }>;
}
const HEIC_DECODE: string = 'heic-decode';

const decodeHeic = async (bytes: Buffer, maxPixels: number): Promise<Canvas> => {
  // Loaded on first use, so that a server never given a HEIC file does not compile its wasm.
  const heic = ((await import(HEIC_DECODE)) as { default: HeicDecode }).default;
  let images: HeicImage[] & { dispose(): void };
  try {
    images = await heic.all({ buffer: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  } catch {
    throw new ReceiptReadingError('UNREADABLE', 'The HEIC image could not be decoded.');
  }
  try {
    const first = images[0];
    if (!first) throw new ReceiptReadingError('UNREADABLE', 'The HEIC file holds no image.');
    checkPixels(first.width, first.height, maxPixels);
    // libheif applies the HEIF file's own rotation and mirror properties (irot, imir), which is
    // how iPhones record a turned photo; by the HEIF rules an EXIF Orientation inside it is not
    // applied on top of them.
    const { data } = await first.decode();
    const canvas = createCanvas(first.width, first.height);
    const ctx = canvas.getContext('2d');
    const image = ctx.createImageData(first.width, first.height);
    image.data.set(data);
    ctx.putImageData(image, 0, 0);
    return canvas;
  } finally {
    images.dispose();
  }
};

const decodeRaster = async (bytes: Buffer, kind: 'png' | 'jpeg', maxPixels: number): Promise<Canvas> => {
  const size = headerSize(bytes, kind);
  if (!size) throw new ReceiptReadingError('UNREADABLE', `The ${kind.toUpperCase()} image is damaged.`);
  checkPixels(size.width, size.height, maxPixels);
  let image: Image;
  try {
    // Phones store a portrait photo as the sensor saw it and say in its EXIF Orientation how to
    // turn it. Skia's decoder (inside @napi-rs/canvas) applies that tag, all eight values, so the
    // image here is upright, for OCR and for the thumbnail alike: the tests that OCR and thumbnail
    // a photo stored turned (orientations 6, 8, 3) guard it against a decoder change.
    image = await loadImage(bytes);
  } catch {
    throw new ReceiptReadingError('UNREADABLE', `The ${kind.toUpperCase()} image could not be decoded.`);
  }
  if (image.width === 0 || image.height === 0) throw new ReceiptReadingError('UNREADABLE', `The ${kind.toUpperCase()} image could not be decoded.`);
  const canvas = createCanvas(image.width, image.height);
  canvas.getContext('2d').drawImage(image, 0, 0);
  return canvas;
};

/** The image of a JPEG, PNG or HEIC file, drawn on a canvas; refused before decoding when over `maxPixels`. */
export const decodeImage = async (bytes: Buffer, kind: Exclude<FileKind, 'pdf'>, maxPixels: number): Promise<Canvas> =>
  kind === 'heic' ? decodeHeic(bytes, maxPixels) : decodeRaster(bytes, kind, maxPixels);

/**
 * Tesseract reads best with letters about 20–40 px tall: a receipt photographed
 * at under ~1,000 px wide is scaled up (a 400 px JPEG became readable at 3×),
 * and a 4,000 px phone photo scaled down, which also saves most of the time.
 */
const OCR_MIN_WIDTH = 1200;
const OCR_MAX_WIDTH = 2000;

export const scaledForOcr = (canvas: Canvas): Canvas => {
  const { width, height } = canvas;
  const factor = width < OCR_MIN_WIDTH ? Math.min(3, OCR_MIN_WIDTH / width) : width > OCR_MAX_WIDTH ? OCR_MAX_WIDTH / width : 1;
  if (factor === 1) return canvas;
  const scaled = createCanvas(Math.round(width * factor), Math.round(height * factor));
  const ctx = scaled.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, scaled.width, scaled.height);
  ctx.drawImage(canvas, 0, 0, scaled.width, scaled.height);
  return scaled;
};
