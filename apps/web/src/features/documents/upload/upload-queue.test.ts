import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-errors';
import { UploadQueue, type SendBatch } from './upload-queue';

const files = (n: number) => Array.from({ length: n }, (_, i) => new File(['%PDF-1.4'], `f${i + 1}.pdf`));
/** What the server answers a batch, with only the fields the queue reads (hence the cast). */
const kept = (sent: File[]) => ({ results: sent.map((file) => ({ name: file.name })), refused: [] }) as unknown as Awaited<ReturnType<SendBatch>>;

describe('the upload queue', () => {
  it('stops on a batch that still gets no answer, and Retry sends that batch again with its key, never what was uploaded', async () => {
    const sent: { names: string[]; key: string }[] = [];
    let offline = true;
    const send: SendBatch = async (batch, _folder, key) => {
      sent.push({ names: batch.map((f) => f.name), key });
      if (offline && sent.length > 1) throw new ApiError({ message: 'Network Error', status: null });
      return kept(batch);
    };
    const onFinished = vi.fn();
    // No pauses between the automatic repeats: the test does not wait for them.
    const queue = new UploadQueue(send, { onBatch: vi.fn(), onFinished }, [0, 0]);
    queue.add(files(25), 4);
    await vi.waitFor(() => expect(queue.getSnapshot().stopped).not.toBeNull());
    // The first batch, then the second three times (once and two repeats), always under one key.
    expect(sent.map((s) => s.names.length)).toEqual([20, 5, 5, 5]);
    expect(new Set(sent.slice(1).map((s) => s.key)).size).toBe(1);
    expect(queue.getSnapshot().stopped).toEqual({ detail: 'Network Error', canRetry: true });
    expect(queue.getSnapshot().files.map((f) => f.status)).toEqual([...Array(20).fill('uploaded'), ...Array(5).fill('waiting')]);
    expect(onFinished).not.toHaveBeenCalled();
    offline = false;
    queue.retry();
    await vi.waitFor(() => expect(onFinished).toHaveBeenCalledOnce());
    expect(sent.at(-1)).toEqual({ names: ['f21.pdf', 'f22.pdf', 'f23.pdf', 'f24.pdf', 'f25.pdf'], key: sent[1]!.key });
    expect(queue.getSnapshot().files.every((f) => f.status === 'uploaded')).toBe(true);
  });

  it('stops at a refusal that would refuse every batch after it, saying so for each file not sent', async () => {
    const send: SendBatch = vi.fn(async () => {
      throw new ApiError({ message: 'Not found.', status: 404 });
    });
    const queue = new UploadQueue(send, { onBatch: vi.fn(), onFinished: vi.fn() }, [0, 0]);
    queue.add(files(45), null);
    await vi.waitFor(() => expect(queue.getSnapshot().stopped).toEqual({ detail: 'Not found.', canRetry: false }));
    expect(send).toHaveBeenCalledOnce();
    expect(queue.getSnapshot().files.every((f) => f.status === 'not-sent')).toBe(true);
    queue.clear();
    expect(queue.getSnapshot().files).toEqual([]);
  });

  it('takes files chosen while it runs behind those already queued', async () => {
    const order: string[] = [];
    const send: SendBatch = async (batch) => {
      order.push(...batch.map((f) => f.name));
      return kept(batch);
    };
    const onFinished = vi.fn();
    const queue = new UploadQueue(send, { onBatch: vi.fn(), onFinished }, [0, 0]);
    queue.add(files(2), null);
    queue.add([new File(['x'], 'late.pdf')], 9);
    await vi.waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect(order).toEqual(['f1.pdf', 'f2.pdf', 'late.pdf']);
  });
});
