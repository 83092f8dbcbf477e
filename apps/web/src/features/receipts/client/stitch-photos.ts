/**
 * Several photos of one long receipt become one image, stacked top to bottom in the order they were
 * chosen, so the server reads the receipt whole (its total is usually at the bottom, its merchant at
 * the top) and files it as one receipt. Done on the phone: nothing is sent until it is one file.
 */

/** Wide enough to read the smallest print; narrower photos are not blown up. */
export const STITCH_MAX_WIDTH = 1600;
/** Well inside what phones' browsers draw in one canvas (iOS Safari: about 16.7 million pixels). */
export const STITCH_MAX_PIXELS = 16_000_000;

export interface PhotoSize {
  width: number;
  height: number;
}

/**
 * Where each photo goes: one width for all (the narrowest of the widest photo and the limit), each
 * photo scaled to it, then all scaled down together if the whole would pass the pixel limit.
 */
export const stitchLayout = (sizes: readonly PhotoSize[], maxWidth = STITCH_MAX_WIDTH, maxPixels = STITCH_MAX_PIXELS) => {
  const wide = Math.min(maxWidth, Math.max(...sizes.map((s) => s.width)));
  const tall = sizes.reduce((sum, s) => sum + (s.height * wide) / s.width, 0);
  const shrink = Math.min(1, Math.sqrt(maxPixels / (wide * tall)));
  const width = Math.floor(wide * shrink);
  let y = 0;
  const places = sizes.map((s) => {
    const height = Math.round((s.height * width) / s.width);
    const place = { y, width, height };
    y += height;
    return place;
  });
  return { width, height: y, places };
};

/** One JPEG of the photos stacked, named for what it is. Each photo is drawn upright (its EXIF orientation applied). */
export const stitchPhotos = async (photos: readonly File[]): Promise<File> => {
  const bitmaps = await Promise.all(photos.map((photo) => createImageBitmap(photo, { imageOrientation: 'from-image' })));
  try {
    const layout = stitchLayout(bitmaps);
    const canvas = document.createElement('canvas');
    canvas.width = layout.width;
    canvas.height = layout.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot join photos.');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, layout.width, layout.height);
    layout.places.forEach((place, i) => context.drawImage(bitmaps[i]!, 0, place.y, place.width, place.height));
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.88));
    if (!blob) throw new Error('This browser cannot join photos.');
    return new File([blob], `long-receipt-${photos.length}-photos.jpg`, { type: 'image/jpeg' });
  } finally {
    bitmaps.forEach((bitmap) => bitmap.close());
  }
};
