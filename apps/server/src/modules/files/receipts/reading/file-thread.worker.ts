import { parentPort } from 'node:worker_threads';
import type { FileReply, FileTask } from './file-task.types.js';
import { prepareFile } from './prepare-file.worker.js';
import { ReceiptReadingError } from './reading.types.js';

/**
 * A file thread (started by `FilePool`): prepares one file at a time and
 * answers with what it made, or why the file cannot be read. Its heap is
 * capped by the pool; a file that outgrows it or the time limit ends the
 * thread, never the process.
 */
const answer = async (task: FileTask): Promise<FileReply> => {
  try {
    const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
    return { id: task.id, ok: true, file: await prepareFile(bytes, task.request) };
  } catch (err) {
    if (err instanceof ReceiptReadingError) return { id: task.id, ok: false, code: err.code, message: err.message };
    return { id: task.id, ok: false, code: null, message: err instanceof Error ? err.message : String(err) };
  }
};

// Answers are copied back (a thumbnail and a picture to OCR: a few megabytes at most).
parentPort?.on('message', (task: FileTask) => {
  void answer(task).then((reply) => parentPort!.postMessage(reply));
});

// Loaded (PDF.js, the canvas, the decoders): `FilePool.warm()` waits for this.
parentPort?.postMessage({ ready: true });
