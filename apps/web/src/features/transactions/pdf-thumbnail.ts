/**
 * Draws the first page of a PDF as a small PNG, in the browser. pdf.js and its
 * worker (about 1.4 MB) load only when someone first looks at a PDF attachment.
 */
export const renderPdfThumbnail = async (url: string, size: number): Promise<string> => {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  // The content policy allows no eval; pdf.js then interprets fonts instead of compiling them.
  const document_ = await pdfjs.getDocument({ url, withCredentials: true, isEvalSupported: false }).promise;
  try {
    const page = await document_.getPage(1);
    const natural = page.getViewport({ scale: 1 });
    const pixels = size * Math.min(window.devicePixelRatio || 1, 2);
    const viewport = page.getViewport({ scale: pixels / Math.max(natural.width, natural.height) });
    const canvas = document.createElement('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    return canvas.toDataURL('image/png');
  } finally {
    await document_.destroy();
  }
};
