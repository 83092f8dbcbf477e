import type { Readable } from 'node:stream';

export type LimitedRead = { ok: true; bytes: Buffer } | { ok: false; bytes: number };

/**
 * Reads a message up to `maxBytes`, counting as it goes: past the limit it
 * keeps nothing more and only drains the rest (an SMTP client must be let to
 * finish its DATA before it can be answered), so an oversized message never
 * sits in memory whole.
 */
export const readLimited = (stream: Readable, maxBytes: number): Promise<LimitedRead> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    stream.once('error', reject);
    stream.once('end', () => resolve(total <= maxBytes ? { ok: true, bytes: Buffer.concat(chunks) } : { ok: false, bytes: total }));
  });
