/**
 * Several photos of one long receipt become one PDF, a page per photo in the order they were
 * chosen, so the receipt is filed once and read whole: the server reads a scan's pages top to bottom
 * (of a longer one, the first and the last two), where the merchant and the total are. Done on the
 * phone: nothing is sent until it is one file.
 */

/** Wide enough to read the smallest print; narrower photos are not blown up. */
export const PAGE_MAX_WIDTH = 1600;
/** The page's size in points follows the photo's pixels at this density: a receipt page about 8 inches wide at most. */
export const PAGE_DPI = 200;
/** A photo's JPEG quality on its page: small print stays sharp, and 20 pages stay well under the upload limit. */
const PAGE_JPEG_QUALITY = 0.82;

export interface PhotoSize {
  width: number;
  height: number;
}

export interface PagePhoto extends PhotoSize {
  jpeg: Uint8Array;
}

/** The size a photo is drawn at on its page: no wider than the limit, never blown up. */
export const pageImageSize = ({ width, height }: PhotoSize): PhotoSize => {
  const scale = Math.min(1, PAGE_MAX_WIDTH / width);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
};

/**
 * pdf-lib, fetched when the person says the photos are one receipt rather than with the app: that
 * way it is in the browser's cache (and the service worker's) before the photos are taken, which may
 * be where there is no signal.
 */
export const loadPdfMaker = () => import('pdf-lib');

/** One PDF, a page per photo, each page exactly the photo's size at PAGE_DPI. */
export const pagesPdf = async (photos: readonly PagePhoto[]): Promise<Uint8Array> => {
  const { PDFDocument } = await loadPdfMaker();
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt, ${photos.length} photos`);
  for (const photo of photos) {
    const image = await doc.embedJpg(photo.jpeg);
    const page = doc.addPage([(photo.width * 72) / PAGE_DPI, (photo.height * 72) / PAGE_DPI]);
    page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  }
  return doc.save();
};

/** A photo drawn upright (its EXIF orientation applied) at its page size, as a JPEG. */
const photoForPage = async (photo: File): Promise<PagePhoto> => {
  const bitmap = await createImageBitmap(photo, { imageOrientation: 'from-image' });
  try {
    const size = pageImageSize(bitmap);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw photos.');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', PAGE_JPEG_QUALITY));
    if (!blob) throw new Error('This browser cannot draw photos.');
    return { ...size, jpeg: new Uint8Array(await blob.arrayBuffer()) };
  } finally {
    bitmap.close();
  }
};

/** The photos as one receipt PDF. One photo is decoded at a time: a phone holds a single 48 MP photo more easily than 20. */
export const photosAsOneReceipt = async (photos: readonly File[]): Promise<File> => {
  const pages: PagePhoto[] = [];
  for (const photo of photos) pages.push(await photoForPage(photo));
  const pdf = await pagesPdf(pages);
  return new File([pdf.slice()], `long-receipt-${photos.length}-pages.pdf`, { type: 'application/pdf' });
};
