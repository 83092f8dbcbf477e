import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQboSimulator, type QboSimulator } from '@herd/simulators';
import { QBO_CLIENT } from '../../../test/qbo.js';
import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import { QboApi } from './qbo-api.js';
import type { QboFault } from './qbo-faults.js';
import type { QboSession } from './qbo-session.js';

/** A session that always has this token: these tests are about sending, not about tokens.
 * A stand-in with the session's public methods only (the class keeps private token state), hence the cast. */
const sessionWith = (realmId: string, token: string) =>
  ({ realmId, accessToken: async () => token, refresh: async () => token, giveUp: async () => {} }) as unknown as QboSession;
const noWindow = { take: async () => {} };

describe('sending a QuickBooks call again', () => {
  let sim: QboSimulator;
  let realm: string;
  let api: QboApi;
  const waits: number[] = [];
  beforeAll(async () => {
    sim = await startQboSimulator({ ...QBO_CLIENT, companies: [{ transactions: 3 }] });
    realm = sim.companies()[0]!.realmId;
    const session = sessionWith(realm, sim.connect(realm).access_token);
    api = new QboApi(session, { apiBase: sim.url, window: noWindow, timeoutMs: 5000, retryBaseMs: 1, sleep: async (ms) => void waits.push(ms) });
  });
  afterAll(async () => sim.close());

  const sentTo = (path: string) => sim.requests.filter((r) => r.realmId === realm && r.path.endsWith(path));

  it('gives every write a requestid, the same on each send, so QuickBooks can tell a repeat from a new write', async () => {
    sim.failNext(realm, { status: 503, fault: { type: 'SystemFault', message: 'Service Unavailable' } });
    const vendor = await api.create('Vendor', { DisplayName: 'Retry Print Shop' });
    expect(vendor.Id).toBeTruthy();
    const sends = sentTo('/vendor');
    expect(sends).toHaveLength(2);
    expect(sends[0]!.query.requestid).toMatch(/^[0-9a-f-]{36}$/);
    expect(sends[1]!.query.requestid).toBe(sends[0]!.query.requestid);
    // Another call is another write: a new id.
    await api.create('Vendor', { DisplayName: 'Another Print Shop' });
    expect(sentTo('/vendor')[2]!.query.requestid).not.toBe(sends[0]!.query.requestid);
  });

  it('sends no requestid on a read', async () => {
    await api.read('Vendor', sim.listEntities(realm, 'Vendor')[0]!.Id);
    expect(sentTo(`/vendor/${sim.listEntities(realm, 'Vendor')[0]!.Id}`)[0]!.query.requestid).toBeUndefined();
  });

  it('sends a call again after a 429 that names no wait, after its own backoff', async () => {
    const capped = new QboApi(sessionWith(realm, sim.connect(realm).access_token), {
      apiBase: sim.url,
      window: noWindow,
      timeoutMs: 5000,
      maxRetryAfterMs: 1000,
      sleep: async (ms) => void waits.push(ms),
    });
    sim.failNext(realm, { status: 429, body: { Fault: { Error: [{ Message: 'Too many', code: '3001' }], type: 'ThrottlingFault' } } });
    const before = sentTo('/companyinfo/' + realm).length;
    await expect(capped.read('CompanyInfo', realm)).resolves.toBeTruthy();
    expect(sentTo('/companyinfo/' + realm).length - before).toBe(2);
  });
});

describe('a QuickBooks host that drops the connection or asks for a long wait', () => {
  let server: Server;
  let base: string;
  let seen: string[] = [];
  let plan: ('drop' | 'slow-down' | 'ok')[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      const next = plan.shift() ?? 'ok';
      if (next === 'drop') return request.socket.destroy();
      if (next === 'slow-down') {
        response.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': '120' });
        return response.end(JSON.stringify({ Fault: { Error: [{ Message: 'Too many requests', code: '3001' }], type: 'ThrottlingFault' } }));
      }
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(request.method === 'POST' ? { Vendor: { Id: '9', SyncToken: '0' } } : { QueryResponse: {} }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const apiWith = (retries = 4) =>
    new QboApi(sessionWith('123', 'token'), { apiBase: base, window: noWindow, timeoutMs: 2000, retryBaseMs: 1, retries, maxRetryAfterMs: 60_000 });

  it('sends a read again after a dropped connection', async () => {
    seen = [];
    plan = ['drop', 'drop', 'ok'];
    const pages = [];
    for await (const page of apiWith().queryPages('select * from Vendor')) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('sends a write again after a dropped connection, with the same requestid', async () => {
    seen = [];
    plan = ['drop', 'ok'];
    expect((await apiWith().create('Vendor', { DisplayName: 'X' })).Id).toBe('9');
    const ids = seen.map((s) => new URL(s.split(' ')[1]!, base).searchParams.get('requestid'));
    expect(ids).toHaveLength(2);
    expect(ids[1]).toBe(ids[0]);
  });

  it('gives up after its retries as an unreachable ledger', async () => {
    seen = [];
    plan = ['drop', 'drop', 'drop'];
    await expect(apiWith(2).read('Vendor', '1')).rejects.toBeInstanceOf(LedgerUnreachableError);
    expect(seen).toHaveLength(3);
  });

  it('fails at once when asked to wait longer than the cap (Intuit asks for a minute; two are refused)', async () => {
    seen = [];
    plan = ['slow-down'];
    const started = Date.now();
    await expect(apiWith().read('Vendor', '1')).rejects.toMatchObject({ kind: 'throttled' } satisfies Partial<QboFault>);
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
