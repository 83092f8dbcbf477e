import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQboSimulator, type QboSimulator } from '@herd/simulators';
import { QBO_CLIENT } from '../../../test/qbo.js';
import { QboApi } from './qbo-api.js';
import type { BatchOperation } from './qbo-batch.js';
import type { QboSession } from './qbo-session.js';

/** A session that always has this token: these tests are about sending batches, not about tokens.
 * A stand-in with the session's public methods only (the class keeps private token state), hence the cast. */
const sessionWith = (realmId: string, token: string) =>
  ({ realmId, accessToken: async () => token, refresh: async () => token, giveUp: async () => {} }) as unknown as QboSession;

/** A window that only counts what was taken from it. */
const countingWindow = () => {
  const window = { taken: 0, take: async () => void (window.taken += 1) };
  return window;
};

const reads = (count: number): BatchOperation[] =>
  Array.from({ length: count }, (_, i) => ({
    bId: String(i + 1),
    kind: 'query' as const,
    entity: 'Account',
    statement: "select * from Account where Name = 'Checking'",
  }));

describe('sending QuickBooks batches', () => {
  let sim: QboSimulator;
  let realm: string;
  const batchesSent = () => sim.requests.filter((r) => r.realmId === realm && r.path.endsWith('/batch'));

  beforeAll(async () => {
    // The clock only moves when a test moves it: a throttled batch waits by advancing it.
    sim = await startQboSimulator({ ...QBO_CLIENT, companies: [{ transactions: 0 }], batchRateLimitPerMinute: 3 });
    realm = sim.companies()[0]!.realmId;
  });
  afterAll(async () => sim.close());

  const apiWith = (sleep: (ms: number) => Promise<void> = async () => {}) => {
    const window = countingWindow();
    const batchWindow = countingWindow();
    const api = new QboApi(sessionWith(realm, sim.connect(realm).access_token), { apiBase: sim.url, window, batchWindow, timeoutMs: 5000, retryBaseMs: 1, sleep });
    return { api, window, batchWindow };
  };

  it('puts up to 30 operations in a request, answers each by bId, and takes room under both limits for each send', async () => {
    sim.advanceClock(60_001);
    const { api, window, batchWindow } = apiWith();
    const before = batchesSent().length;
    const answers = await api.batch(reads(31));
    expect(batchesSent().length - before).toBe(2);
    expect([...answers.keys()]).toHaveLength(31);
    for (const answer of answers.values()) expect(answer).toMatchObject({ kind: 'rows', rows: [expect.objectContaining({ Name: 'Checking' })] });
    expect(batchWindow.taken).toBe(2);
    expect(window.taken).toBe(2);
  });

  it('waits out a batch refused for the batch limit (429) and sends it again', async () => {
    sim.advanceClock(60_001);
    const waits: number[] = [];
    const { api, batchWindow } = apiWith(async (ms) => {
      waits.push(ms);
      sim.advanceClock(60_001);
    });
    const before = batchesSent().length;
    for (let i = 0; i < 4; i++) await api.batch(reads(1));
    const statuses = batchesSent()
      .slice(before)
      .map((r) => r.status);
    expect(statuses).toEqual([200, 200, 200, 429, 200]);
    expect(waits).toHaveLength(1);
    expect(batchWindow.taken).toBe(5);
  });

  it('falls back to fewer operations when QuickBooks refuses a size, and keeps to it for the rest of the job', async () => {
    sim.advanceClock(60_001);
    sim.setBatchMaxItems(10);
    try {
      const { api } = apiWith(async () => void sim.advanceClock(60_001));
      const before = batchesSent().length;
      const answers = await api.batch(reads(25));
      // 25 refused whole, then 10, 10 and 5 (the batch limit of 3 a minute is waited out between them).
      const sent = batchesSent()
        .slice(before)
        .map((r) => r.status)
        .filter((status) => status !== 429);
      expect(sent).toEqual([400, 200, 200, 200]);
      expect([...answers.values()].every((a) => a.kind === 'rows')).toBe(true);
      expect(api.batchSize).toBe(10);
    } finally {
      sim.setBatchMaxItems(30);
    }
  });

  it('gives an operation that QuickBooks refuses even alone its own fault, and the others still go through', async () => {
    sim.advanceClock(60_001);
    const { api } = apiWith(async () => void sim.advanceClock(60_001));
    const operations: BatchOperation[] = [
      { bId: 'good', kind: 'query', entity: 'Account', statement: "select * from Account where Name = 'Checking'" },
      { bId: 'bad', kind: 'query', entity: 'Account', statement: 'select * from Nowhere' },
    ];
    const answers = await api.batch(operations);
    expect(answers.get('good')).toMatchObject({ kind: 'rows' });
    expect(answers.get('bad')).toMatchObject({ kind: 'fault', fault: { kind: 'validation' } });
  });
});
