import type { DocumentUploadRefusal, DocumentUploadResults } from '@herd/contract/documents';
import { normaliseError, type ApiError } from '../../../lib/api-errors';
import { newSubmissionKey } from '../../../lib/submission-key';
import { planUploadBatches } from './upload-batches';

/** Where one chosen file stands. */
export type UploadStatus = 'waiting' | 'sending' | 'uploaded' | 'refused' | 'not-sent';

export interface QueuedFile {
  id: number;
  name: string;
  status: UploadStatus;
  /** Uploaded: the name it was kept under (another when the name was taken). */
  keptAs?: string;
  /** Refused or not sent: why, in the server's words. */
  detail?: string;
}

export interface UploadSnapshot {
  files: QueuedFile[];
  /** Positions (from 1) of the first and last file of the batch on its way, while one is. */
  sending: { first: number; last: number } | null;
  /** The upload stopped on a batch that got no answer or a refusal of everything after it. */
  stopped: { detail: string; canRetry: boolean } | null;
}

/** Sends one batch: its files, the folder they go into and the key that names the batch. */
export type SendBatch = (files: File[], folder: number | null, key: string) => Promise<DocumentUploadResults>;

interface Batch {
  ids: number[];
  folder: number | null;
  /** Kept for every sending of this batch, so a server that kept it the first time answers again instead of keeping it twice. */
  key: string;
}

/** Pauses before a batch that got no answer is sent again by itself. */
export const UPLOAD_RETRY_DELAYS_MS = [1000, 3000];

/** No answer, or one that says to try again: the same batch may succeed later. */
const isTransient = (error: ApiError) => error.status === null || error.status >= 500 || error.status === 408 || error.status === 409 || error.status === 429;

/** The per-file reasons a refusal of a whole batch carries (400, or 413 for the storage quota). */
const refusalsOf = (error: ApiError): DocumentUploadRefusal[] | null => {
  const refused = (error.body as { refused?: unknown } | null)?.refused;
  return Array.isArray(refused) ? (refused as DocumentUploadRefusal[]) : null;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Any number of chosen files, sent as batches the server takes, one after another (docs/documents.md,
 * "Uploads"). Each file keeps its state; a file refused does not stop the others; a batch that gets no
 * answer is sent again with its own key, and what was uploaded is never sent again. Files chosen while
 * it runs join behind. Knows nothing of React: a hook subscribes to its snapshots.
 */
export class UploadQueue {
  private files: QueuedFile[] = [];
  private readonly chosen = new Map<number, File>();
  private batches: Batch[] = [];
  private sending: Batch | null = null;
  private stopped: UploadSnapshot['stopped'] = null;
  private nextId = 1;
  private snapshot: UploadSnapshot = { files: [], sending: null, stopped: null };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly send: SendBatch,
    private readonly events: { onBatch: () => void; onFinished: (snapshot: UploadSnapshot) => void },
    private readonly delays: number[] = UPLOAD_RETRY_DELAYS_MS,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  /** Queues files for a folder; sending starts at once unless a batch is on its way or the upload stopped. */
  add(files: File[], folder: number | null) {
    const ids = files.map((file) => {
      const id = this.nextId++;
      this.chosen.set(id, file);
      this.files.push({ id, name: file.name, status: 'waiting' });
      return id;
    });
    for (const positions of planUploadBatches(files.map((file) => file.size))) {
      this.batches.push({ ids: positions.map((at) => ids[at]!), folder, key: newSubmissionKey() });
    }
    this.publish();
    void this.pump();
  }

  /** Sends again the batch the upload stopped on, with its key, then the rest. */
  retry() {
    if (!this.stopped?.canRetry) return;
    this.stopped = null;
    this.publish();
    void this.pump();
  }

  /** Closes the panel: forgets what is done, and what waits behind a stopped upload. Refused while a batch is on its way. */
  clear() {
    if (this.sending) return;
    this.files = [];
    this.batches = [];
    this.chosen.clear();
    this.stopped = null;
    this.publish();
  }

  private async pump() {
    if (this.sending || this.stopped) return;
    const batch = this.batches[0];
    if (!batch) {
      if (this.files.length > 0) this.events.onFinished(this.snapshot);
      return;
    }
    this.sending = batch;
    this.mark(batch.ids, { status: 'sending' });
    this.publish();
    const outcome = await this.sendWithRetries(batch);
    this.sending = null;
    if (outcome.ok || outcome.refused) this.batches.shift();
    if (outcome.ok) this.settle(batch, outcome.ok.results, outcome.ok.refused);
    else if (outcome.refused) this.settle(batch, [], outcome.refused);
    else if (isTransient(outcome.error)) {
      // Nothing of this batch is known to be kept: it waits, with its key, for Retry.
      this.mark(batch.ids, { status: 'waiting' });
      this.stopped = { detail: outcome.error.message, canRetry: true };
    } else {
      // The folder is gone, or the firm may not upload: every batch after this one would be refused the same way.
      for (const waiting of this.batches) this.mark(waiting.ids, { status: 'not-sent', detail: outcome.error.message });
      this.batches = [];
      this.stopped = { detail: outcome.error.message, canRetry: false };
    }
    if (outcome.ok || outcome.refused) this.events.onBatch();
    this.publish();
    void this.pump();
  }

  private async sendWithRetries(batch: Batch) {
    const files = batch.ids.map((id) => this.chosen.get(id)!);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return { ok: await this.send(files, batch.folder, batch.key) };
      } catch (err) {
        const error = normaliseError(err);
        const refused = refusalsOf(error);
        if (refused) return { refused };
        const pause = this.delays[attempt];
        if (!isTransient(error) || pause === undefined) return { error };
        await sleep(pause);
      }
    }
  }

  /** A batch answered: what was kept, in order, and each refusal by its place in the batch. */
  private settle(batch: Batch, results: { name: string }[], refused: DocumentUploadRefusal[]) {
    const refusedAt = new Map(refused.map((r) => [r.index, r.detail]));
    let kept = 0;
    batch.ids.forEach((id, at) => {
      const detail = refusedAt.get(at);
      if (detail !== undefined) return this.mark([id], { status: 'refused', detail });
      const result = results[kept++];
      this.mark([id], result ? { status: 'uploaded', keptAs: result.name } : { status: 'refused', detail: 'The server did not say what became of this file.' });
    });
    for (const id of batch.ids) this.chosen.delete(id);
  }

  private mark(ids: number[], change: Omit<QueuedFile, 'id' | 'name'>) {
    const set = new Set(ids);
    this.files = this.files.map((file) => (set.has(file.id) ? { id: file.id, name: file.name, ...change } : file));
  }

  private publish() {
    const positions = this.sending ? this.sending.ids.map((id) => this.files.findIndex((file) => file.id === id) + 1) : [];
    this.snapshot = {
      files: this.files,
      sending: positions.length > 0 ? { first: Math.min(...positions), last: Math.max(...positions) } : null,
      stopped: this.stopped,
    };
    for (const listener of this.listeners) listener();
  }
}
