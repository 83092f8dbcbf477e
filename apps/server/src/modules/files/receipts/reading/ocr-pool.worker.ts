import os from 'node:os';
import { ReceiptReadingError, type OcrEngine, type OcrResult } from './reading.types.js';
import { startTesseract } from './tesseract-engine.worker.js';

export interface OcrPoolOptions {
  /** Workers (each a thread of ~150 MB). Default: one less than the cores, at least one. */
  size?: number;
  /** A job still running after this long is abandoned and its worker replaced. */
  jobTimeoutMs?: number;
  /** A worker is replaced after this many jobs, so that anything it leaks is given back. */
  recycleAfter?: number;
  /** Jobs waiting beyond this are refused rather than piling up in memory. */
  maxQueue?: number;
  /** How a worker is started; tests give their own. */
  startEngine?: () => Promise<OcrEngine>;
}

/** Leave a core to the API and the database: 2 cores → 1 worker, 8 → 7. */
export const defaultOcrPoolSize = () => Math.max(1, os.availableParallelism() - 1);

interface Job {
  image: Buffer;
  resolve: (result: OcrResult) => void;
  reject: (err: unknown) => void;
}

interface Slot {
  engine: Promise<OcrEngine> | null;
  jobs: number;
  current: Job | null;
}

/**
 * A fixed set of OCR workers fed from one queue. tesseract.js's own scheduler
 * cannot say which worker runs a job, and a job cannot be cancelled, so a job
 * past its timeout could not be stopped there; here each worker is a slot, and
 * a timed-out or failed job's worker is terminated and replaced before the next
 * job. Workers start on first use or at `warm()`. Meant for background jobs
 * only: a request never waits on it.
 */
export class OcrPool {
  private readonly slots: Slot[];
  private readonly queue: Job[] = [];
  private closed = false;
  private readonly jobTimeoutMs: number;
  private readonly recycleAfter: number;
  private readonly maxQueue: number;
  private readonly startEngine: () => Promise<OcrEngine>;
  /** Counters for the logs and the bench. */
  readonly stats = { jobs: 0, timeouts: 0, failures: 0, started: 0 };

  constructor(options: OcrPoolOptions = {}) {
    const size = Math.max(1, Math.floor(options.size ?? defaultOcrPoolSize()));
    this.slots = Array.from({ length: size }, () => ({ engine: null, jobs: 0, current: null }));
    this.jobTimeoutMs = options.jobTimeoutMs ?? 15_000;
    this.recycleAfter = options.recycleAfter ?? 300;
    this.maxQueue = options.maxQueue ?? 500;
    this.startEngine = options.startEngine ?? startTesseract;
  }

  get size() {
    return this.slots.length;
  }

  /** Text of an image (PNG or JPEG bytes). Rejects with OCR_TIMEOUT, OCR_CLOSED or the engine's error. */
  recognize(image: Buffer): Promise<OcrResult> {
    if (this.closed) return Promise.reject(new ReceiptReadingError('OCR_CLOSED', 'The OCR pool is closed.'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new Error(`The OCR queue is full (${this.maxQueue} images waiting).`));
    return new Promise<OcrResult>((resolve, reject) => {
      this.queue.push({ image, resolve, reject });
      this.pump();
    });
  }

  /** Starts every worker now (at server start), so the first receipt does not pay for it. */
  async warm(): Promise<void> {
    await Promise.all(this.slots.map((slot) => this.engineOf(slot)));
  }

  /** Refuses queued jobs, ends running ones with OCR_CLOSED and terminates every worker. */
  async close(): Promise<void> {
    this.closed = true;
    const closedError = () => new ReceiptReadingError('OCR_CLOSED', 'The OCR pool was closed before this image was read.');
    for (const job of this.queue.splice(0)) job.reject(closedError());
    await Promise.all(
      this.slots.map(async (slot) => {
        slot.current?.reject(closedError());
        slot.current = null;
        await this.retire(slot);
      }),
    );
  }

  private engineOf(slot: Slot): Promise<OcrEngine> {
    if (!slot.engine) {
      this.stats.started++;
      slot.engine = this.startEngine();
      // A worker that failed to start is forgotten, so the next job tries a fresh one.
      slot.engine.catch(() => {
        slot.engine = null;
      });
    }
    return slot.engine;
  }

  /** Terminates a slot's worker without waiting on a job it may still be running. */
  private async retire(slot: Slot): Promise<void> {
    const engine = slot.engine;
    slot.engine = null;
    slot.jobs = 0;
    if (!engine) return;
    try {
      await (await engine).terminate();
    } catch {
      // A worker that failed to start or is already gone has nothing to give back.
    }
  }

  private pump() {
    for (const slot of this.slots) {
      if (slot.current || this.closed) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.current = job;
      void this.run(slot, job);
    }
  }

  private async run(slot: Slot, job: Job) {
    let timer: NodeJS.Timeout | undefined;
    try {
      const engine = await this.engineOf(slot);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ReceiptReadingError('OCR_TIMEOUT', `Reading the image took longer than ${this.jobTimeoutMs / 1000} s.`)), this.jobTimeoutMs);
      });
      const result = await Promise.race([engine.recognize(job.image), timeout]);
      this.stats.jobs++;
      if (++slot.jobs >= this.recycleAfter) void this.retire(slot);
      if (slot.current === job) job.resolve(result);
    } catch (err) {
      if (err instanceof ReceiptReadingError && err.code === 'OCR_TIMEOUT') this.stats.timeouts++;
      else this.stats.failures++;
      // After a timeout or an error the worker's state is unknown: replace it.
      void this.retire(slot);
      if (slot.current === job) job.reject(err);
    } finally {
      clearTimeout(timer);
      if (slot.current === job) slot.current = null;
      this.pump();
    }
  }
}
