import archiver from 'archiver';
import type { Readable } from 'node:stream';
import type { StorageDriver } from './storage.port.js';

export interface ZipEntry {
  /** The entry's name in the zip (the caller makes names unique). */
  name: string;
  /** The stored object's key. */
  key: string;
}

/** Resolves when archiver has written the entry; rejects when the zip fails or is closed first (the download was dropped). */
const written = (zip: archiver.Archiver): Promise<void> =>
  new Promise((resolve, reject) => {
    const settle = (err?: Error) => {
      zip.off('entry', onEntry).off('error', onError).off('close', onClose);
      if (err) reject(err);
      else resolve();
    };
    const onEntry = () => settle();
    const onError = (err: Error) => settle(err);
    const onClose = () => settle(new Error('The zip was closed before it was finished.'));
    zip.on('entry', onEntry).on('error', onError).on('close', onClose);
  });

/**
 * Stored files as one zip, streamed while it is built. Each file is opened
 * only when the one before it is written, so a zip of thousands of receipts
 * holds one storage stream (one file descriptor or S3 request) at a time, and
 * a slow download holds the next files back rather than buffering them. The
 * files (photos, PDFs) are compressed already: they are stored as they are,
 * not deflated again, which costs no CPU for nothing.
 */
export const zipStoredFiles = (storage: StorageDriver, entries: ZipEntry[]): Readable => {
  const zip = archiver('zip', { store: true });
  const appendAll = async () => {
    for (const entry of entries) {
      const source = await storage.get(entry.key);
      const done = written(zip);
      zip.append(source, { name: entry.name });
      try {
        await done;
      } finally {
        source.destroy();
      }
    }
    await zip.finalize();
  };
  appendAll().catch((err: unknown) => zip.destroy(err instanceof Error ? err : new Error(String(err))));
  return zip;
};
