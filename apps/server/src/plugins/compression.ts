import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this an answer fits in a packet or two; compressing it costs more than it saves. */
const THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers over about 1 KB in the best encoding the browser
 * accepts. Brotli at a middle quality: the highest is for files compressed
 * once at build time, far too slow for every answer. Types that are already
 * compressed (zips, images, PDFs) and answers that already carry an encoding
 * (the built app's pre-compressed files) pass through untouched, so a zip
 * still streams as it is written.
 */
export const registerCompression = (app: FastifyInstance) =>
  app.register(compress, {
    global: true,
    threshold: THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
