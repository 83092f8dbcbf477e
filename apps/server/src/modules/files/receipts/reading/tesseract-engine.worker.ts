import { createRequire } from 'node:module';
import path from 'node:path';
import { createWorker, OEM, PSM } from 'tesseract.js';
import type { OcrEngine } from './reading.types.js';

/**
 * The English model from @tesseract.js-data/eng, the "best_int" variant: as
 * accurate on receipts as the package's default and about half the memory per
 * worker (~150 MB). A local path matters: without one tesseract.js fetches the
 * model from a CDN, and offline that failure takes the process down.
 */
const LANG_PATH = path.join(path.dirname(createRequire(import.meta.url).resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');

/**
 * One tesseract.js worker (a thread running the wasm engine), set up for
 * receipts: the LSTM engine, page segmentation "single uniform block" (the
 * automatic modes split a receipt's right-hand column of amounts from their
 * labels), 300 dpi.
 */
export const startTesseract = async (): Promise<OcrEngine> => {
  const worker = await createWorker('eng', OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    gzip: true,
    cacheMethod: 'none',
    // Without a handler an engine error is rethrown on the worker's message loop and ends the process;
    // with one, the job's promise rejects and the pool replaces the worker.
    errorHandler: () => undefined,
  });
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, user_defined_dpi: '300' });
  return {
    recognize: async (image) => {
      const { data } = await worker.recognize(image);
      return { text: data.text, confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
    },
    terminate: async () => {
      await worker.terminate();
    },
  };
};
