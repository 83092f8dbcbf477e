import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundHttpError, outboundRequest, outboundRequestWithRetry, retryAfterMs, type RetryPolicy } from './outbound-http.js';

/** A server that accepts every connection and never answers, or answers headers and never the body. */
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/stalled-body') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.write('{"partial":');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
};

describe('outbound calls', () => {
  it('give up after the time limit when the server never answers', async () => {
    const started = Date.now();
    const err = await failure(outboundRequest(`${base}/silent`, {}, 200));
    expect(err).toBeInstanceOf(OutboundHttpError);
    expect(err).toMatchObject({ reason: 'timeout', detail: 'no answer within 200 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('give up when the body stops coming: the limit covers the whole exchange', async () => {
    const started = Date.now();
    expect(await failure(outboundRequest(`${base}/stalled-body`, {}, 200))).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('say when the server cannot be reached at all', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await failure(outboundRequest(`http://127.0.0.1:${port}/`, {}, 2000))).toMatchObject({ reason: 'network' });
  });
});

describe('outbound calls sent again', () => {
  let scripted: Server;
  let url: string;
  let plan: (number | 'drop' | { status: number; retryAfter: string })[] = [];
  let sends = 0;
  beforeAll(async () => {
    scripted = createServer((request, response) => {
      sends += 1;
      const next = plan.shift() ?? 200;
      if (next === 'drop') return request.socket.destroy();
      const { status, retryAfter } = typeof next === 'number' ? { status: next, retryAfter: undefined } : next;
      response.writeHead(status, retryAfter ? { 'Retry-After': retryAfter } : {});
      response.end(String(status));
    });
    await new Promise<void>((resolve) => scripted.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(scripted.address() as AddressInfo).port}/`;
  });
  afterAll(async () => {
    scripted.closeAllConnections();
    await new Promise((resolve) => scripted.close(resolve));
  });

  const waits: number[] = [];
  const policy = (idempotent: boolean): RetryPolicy => ({ retries: 3, baseMs: 10, maxRetryAfterMs: 5000, idempotent, sleep: async (ms) => void waits.push(ms) });
  const send = async (script: typeof plan, idempotent: boolean, method = idempotent ? 'GET' : 'POST') => {
    plan = [...script];
    sends = 0;
    waits.length = 0;
    const response = await outboundRequestWithRetry(url, { method }, 2000, policy(idempotent));
    return { status: response.status, sends, waits: [...waits] };
  };

  it('repeat a read after 502, 503 and 504, backing off, until it succeeds', async () => {
    expect(await send([502, 503, 504], true)).toEqual({ status: 200, sends: 4, waits: [10, 20, 40] });
  });

  it('give the last answer once the retries are spent', async () => {
    expect(await send([503, 503, 503, 503, 503], true)).toEqual({ status: 503, sends: 4, waits: [10, 20, 40] });
  });

  it('never repeat a write that is not idempotent after a 503: the server may have acted on it', async () => {
    expect(await send([503], false)).toEqual({ status: 503, sends: 1, waits: [] });
  });

  it('repeat any request after a 429, waiting what Retry-After asks within the cap', async () => {
    expect(await send([{ status: 429, retryAfter: '2' }], false)).toEqual({ status: 200, sends: 2, waits: [2000] });
    const date = new Date(Date.now() + 60_000).toUTCString();
    expect(await send([{ status: 429, retryAfter: date }], true)).toMatchObject({ status: 429, sends: 1, waits: [] });
    expect(await send([{ status: 429, retryAfter: '120' }], true)).toEqual({ status: 429, sends: 1, waits: [] });
  });

  it('repeat a read after a dropped connection, not a write', async () => {
    expect(await send(['drop', 200], true)).toEqual({ status: 200, sends: 2, waits: [10] });
    await expect(send(['drop', 200], false)).rejects.toMatchObject({ reason: 'network' });
    expect(sends).toBe(1);
  });

  it('never repeat after a 4xx or 500 answer', async () => {
    expect(await send([400], true)).toMatchObject({ status: 400, sends: 1 });
    expect(await send([500], true)).toMatchObject({ status: 500, sends: 1 });
  });

  it('read Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs(new Headers({ 'Retry-After': '3' }))).toBe(3000);
    expect(retryAfterMs(new Headers({ 'Retry-After': new Date(10_000).toUTCString() }), 4000)).toBe(6000);
    expect(retryAfterMs(new Headers({ 'Retry-After': 'soon' }))).toBeNull();
    expect(retryAfterMs(new Headers())).toBeNull();
  });
});
