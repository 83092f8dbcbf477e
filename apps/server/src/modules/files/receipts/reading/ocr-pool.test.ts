import { describe, expect, it } from 'vitest';
import { OcrPool } from './ocr-pool.worker.js';
import type { OcrEngine } from './reading.types.js';

/**
 * Engines that answer at once, or never: what the pool does around the engine
 * (timeouts, replacement, recycling, closing) without paying for OCR. The real
 * engine is exercised by read-receipt.test.ts.
 */
const engines = (behaviour: (call: number) => 'answer' | 'hang' | 'fail') => {
  const started: { terminated: boolean }[] = [];
  let calls = 0;
  const startEngine = async (): Promise<OcrEngine> => {
    const state = { terminated: false };
    started.push(state);
    return {
      recognize: (image) => {
        const what = behaviour(calls++);
        if (what === 'hang') return new Promise(() => undefined);
        if (what === 'fail') return Promise.reject(new Error('engine error'));
        return Promise.resolve({ text: image.toString(), confidence: 0.9 });
      },
      terminate: async () => {
        state.terminated = true;
      },
    };
  };
  return { started, startEngine };
};

describe('OCR pool', () => {
  it('abandons a job past its timeout, replaces its worker, and reads the next image on a fresh one', async () => {
    const e = engines((call) => (call === 0 ? 'hang' : 'answer'));
    const pool = new OcrPool({ size: 1, jobTimeoutMs: 50, startEngine: e.startEngine });
    await expect(pool.recognize(Buffer.from('first'))).rejects.toMatchObject({ code: 'OCR_TIMEOUT' });
    await expect(pool.recognize(Buffer.from('second'))).resolves.toEqual({ text: 'second', confidence: 0.9 });
    expect(e.started.map((s) => s.terminated)).toEqual([true, false]);
    expect(pool.stats).toMatchObject({ jobs: 1, timeouts: 1 });
    await pool.close();
  });

  it('replaces a worker after an engine error, and after its quota of jobs', async () => {
    const e = engines((call) => (call === 1 ? 'fail' : 'answer'));
    const pool = new OcrPool({ size: 1, recycleAfter: 2, startEngine: e.startEngine });
    await pool.recognize(Buffer.from('a'));
    await expect(pool.recognize(Buffer.from('b'))).rejects.toThrow('engine error');
    await pool.recognize(Buffer.from('c'));
    await pool.recognize(Buffer.from('d'));
    await pool.recognize(Buffer.from('e'));
    // Worker 1 failed on "b"; worker 2 read "c" and "d" and was recycled; worker 3 read "e".
    expect(e.started.map((s) => s.terminated)).toEqual([true, true, false]);
    await pool.close();
    expect(e.started.every((s) => s.terminated)).toBe(true);
  });

  it('runs as many images at once as it has workers, the rest waiting their turn', async () => {
    let running = 0;
    let most = 0;
    const pool = new OcrPool({
      size: 2,
      startEngine: async () => ({
        recognize: async (image) => {
          most = Math.max(most, ++running);
          await new Promise((r) => setTimeout(r, 20));
          running--;
          return { text: image.toString(), confidence: 1 };
        },
        terminate: async () => undefined,
      }),
    });
    const texts = await Promise.all(['1', '2', '3', '4', '5'].map((t) => pool.recognize(Buffer.from(t)).then((r) => r.text)));
    expect(texts).toEqual(['1', '2', '3', '4', '5']);
    expect(most).toBe(2);
    await pool.close();
  });

  it('on close, ends running and waiting jobs with OCR_CLOSED and refuses new ones', async () => {
    const e = engines(() => 'hang');
    const pool = new OcrPool({ size: 1, startEngine: e.startEngine });
    const running = pool.recognize(Buffer.from('x'));
    const waiting = pool.recognize(Buffer.from('y'));
    await new Promise((r) => setTimeout(r, 10));
    await pool.close();
    await expect(running).rejects.toMatchObject({ code: 'OCR_CLOSED' });
    await expect(waiting).rejects.toMatchObject({ code: 'OCR_CLOSED' });
    await expect(pool.recognize(Buffer.from('z'))).rejects.toMatchObject({ code: 'OCR_CLOSED' });
    expect(e.started[0]!.terminated).toBe(true);
  });

  it('refuses images beyond its queue limit instead of holding them all in memory', async () => {
    const pool = new OcrPool({ size: 1, maxQueue: 1, startEngine: engines(() => 'hang').startEngine });
    const first = pool.recognize(Buffer.from('1'));
    await new Promise((r) => setTimeout(r, 10));
    const second = pool.recognize(Buffer.from('2'));
    await expect(pool.recognize(Buffer.from('3'))).rejects.toThrow('queue is full');
    await pool.close();
    await Promise.allSettled([first, second]);
  });
});
