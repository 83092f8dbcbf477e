import { Worker } from 'node:worker_threads';
import type { FileReply, FileTask } from './file-task.types.js';
import { DEFAULT_FILE_LIMITS, FILE_THREAD_HEAP_MB, FILE_THREADS, FILE_TIMEOUT_MS, type FileLimits } from './limits.rule.js';
import type { PrepareRequest, PreparedFile } from './prepare-file.worker.js';
import { ReceiptReadingError } from './reading.types.js';

export interface FilePoolOptions {
  /** Threads preparing files side by side. */
  threads?: number;
  /** A file still being prepared after this long is stopped: its thread is ended and replaced. */
  timeoutMs?: number;
  /** Each thread's JavaScript heap; a file that needs more ends its thread, not the process. */
  heapMb?: number;
  /** Pixels and pages (`limits.rule.ts`). */
  limits?: Partial<FileLimits>;
  /** A thread is replaced after this many files, giving back whatever it has grown. */
  recycleAfter?: number;
  /** A thread left idle this long is ended, so a process that reads no files holds no thread. */
  idleMs?: number;
  /** Files waiting beyond this are refused rather than held in memory. */
  maxQueue?: number;
}

type Request = Omit<PrepareRequest, 'limits'>;

interface Job {
  bytes: Buffer;
  request: Request;
  resolve: (file: PreparedFile) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  worker: Worker | null;
  files: number;
  busy: boolean;
  idle: NodeJS.Timeout | null;
}

const ENTRY = new URL('./file-thread.worker.ts', import.meta.url).href;
const BOOT = new URL('./file-thread-boot.worker.mjs', import.meta.url);

/** A structured-cloned Buffer arrives as a Uint8Array. */
const asBuffer = (bytes: Uint8Array | null): Buffer | null => (bytes ? Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) : null);

const revive = (file: PreparedFile): PreparedFile => ({
  ...file,
  ocrImage: asBuffer(file.ocrImage),
  thumbnail: file.thumbnail ? { ...file.thumbnail, bytes: asBuffer(file.thumbnail.bytes)! } : null,
});

/**
 * Worker threads that open, decode and draw receipt files (`prepare-file.worker.ts`),
 * so that no file, however hostile, runs on the API's event loop. Each thread
 * has a capped heap (worker_threads resourceLimits); a file past the time limit
 * or the heap has its thread terminated, and fails with a reason a person can
 * read (TIMEOUT, TOO_LARGE); the next file gets a fresh thread.
 */
export class FilePool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private closed = false;
  private nextId = 1;
  readonly timeoutMs: number;
  readonly heapMb: number;
  readonly limits: FileLimits;
  private readonly recycleAfter: number;
  private readonly idleMs: number;
  private readonly maxQueue: number;
  /** Counters for the logs and the bench. */
  readonly stats = { files: 0, timeouts: 0, outOfMemory: 0, started: 0 };

  constructor(options: FilePoolOptions = {}) {
    this.slots = Array.from({ length: Math.max(1, Math.floor(options.threads ?? FILE_THREADS)) }, () => ({ worker: null, files: 0, busy: false, idle: null }));
    this.timeoutMs = options.timeoutMs ?? FILE_TIMEOUT_MS;
    this.heapMb = options.heapMb ?? FILE_THREAD_HEAP_MB;
    this.limits = { ...DEFAULT_FILE_LIMITS, ...options.limits };
    this.recycleAfter = options.recycleAfter ?? 200;
    this.idleMs = options.idleMs ?? 60_000;
    this.maxQueue = options.maxQueue ?? 500;
  }

  /** Prepares a file in a thread. Rejects with ReceiptReadingError (the file's fault, or the limits') or Error (the pool's). */
  prepare(bytes: Buffer, request: Request): Promise<PreparedFile> {
    if (this.closed) return Promise.reject(new ReceiptReadingError('CLOSED', 'The file reader is closed.'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new Error(`The file queue is full (${this.maxQueue} files waiting).`));
    return new Promise<PreparedFile>((resolve, reject) => {
      this.queue.push({ bytes, request, resolve, reject });
      this.pump();
    });
  }

  /** Starts every idle thread now and waits until each has loaded, so that the first file does not wait for one. */
  async warm(): Promise<void> {
    await Promise.all(this.slots.filter((slot) => !slot.worker && !slot.busy).map((slot) => this.loaded(this.workerOf(slot))));
  }

  /** Refuses waiting files and terminates the threads (shutdown, the end of a test). */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new ReceiptReadingError('CLOSED', 'The file reader was closed before this file was read.'));
    await Promise.all(this.slots.map((slot) => this.retire(slot)));
  }

  private workerOf(slot: Slot): Worker {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    if (!slot.worker) {
      this.stats.started++;
      slot.worker = new Worker(BOOT, {
        workerData: { entry: ENTRY },
        resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, this.heapMb / 8)) },
      });
      // An idle thread does not keep the process alive; a file being read is awaited by its job.
      slot.worker.unref();
    }
    return slot.worker;
  }

  private loaded(worker: Worker): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        worker.off('message', onMessage).off('error', reject);
        resolve();
      };
      worker.on('message', onMessage).once('error', reject);
    });
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.idle) clearTimeout(slot.idle);
    slot.idle = null;
    const worker = slot.worker;
    slot.worker = null;
    slot.files = 0;
    await worker?.terminate();
  }

  private pump() {
    for (const slot of this.slots) {
      if (slot.busy || this.closed) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.busy = true;
      void this.run(slot, job);
    }
  }

  private async run(slot: Slot, job: Job) {
    try {
      job.resolve(revive(await this.exchange(slot, job)));
      this.stats.files++;
      if (++slot.files >= this.recycleAfter) await this.retire(slot);
    } catch (err) {
      // A file that failed on its own (ReceiptReadingError from the thread) leaves the thread well;
      // a timeout, an exhausted heap or a crash has already ended it.
      job.reject(err);
    } finally {
      slot.busy = false;
      if (slot.worker && this.queue.length === 0) slot.idle = setTimeout(() => void this.retire(slot), this.idleMs).unref();
      this.pump();
    }
  }

  /** Sends one file to the slot's thread and waits for its answer, the time limit, or the thread's end. */
  private exchange(slot: Slot, job: Job): Promise<PreparedFile> {
    const worker = this.workerOf(slot);
    const id = this.nextId++;
    return new Promise<PreparedFile>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const fail = (err: unknown) => {
        done();
        // The thread is gone or in an unknown state: the next file gets a new one.
        if (slot.worker === worker) void this.retire(slot);
        reject(err);
      };
      const onMessage = (reply: FileReply | { ready: true }) => {
        if (!('id' in reply) || reply.id !== id) return;
        done();
        if (reply.ok) resolve(reply.file);
        else reject(reply.code ? new ReceiptReadingError(reply.code, reply.message) : new ReceiptReadingError('UNREADABLE', 'The file could not be read.'));
      };
      const onError = (err: Error & { code?: string }) => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') {
          this.stats.outOfMemory++;
          fail(new ReceiptReadingError('TOO_LARGE', `Reading the file needed more than ${this.heapMb} MB of memory.`));
        } else fail(err);
      };
      const onExit = () => fail(new Error('The file thread ended before it answered.'));
      const timer = setTimeout(() => {
        this.stats.timeouts++;
        fail(new ReceiptReadingError('TIMEOUT', `Reading the file took longer than ${this.timeoutMs / 1000} s.`));
      }, this.timeoutMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      const task: FileTask = { id, bytes: job.bytes, request: { ...job.request, limits: this.limits } };
      worker.postMessage(task);
    });
  }
}
