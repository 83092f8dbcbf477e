import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutboundHttpError, outboundRequest } from './outbound-http.js';

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
