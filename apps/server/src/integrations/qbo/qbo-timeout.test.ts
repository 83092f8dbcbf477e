import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startQboSimulator, type QboSimulator } from '@herd/simulators';
import { ledgerConnections } from '../../db/schema/index.js';
import { clientMaker } from '../../../test/client.js';
import { signedInCast } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { companyFromRedirect, connectQbo, QBO_CLIENT } from '../../../test/qbo.js';
import { LedgerUnreachableError } from '../../modules/books/ledger/ledger-errors.port.js';
import { qboOAuth } from './qbo-oauth.js';

const TIMEOUT_MS = 1500;
/** Longer than the limit: QuickBooks "hangs" for this long before answering. */
const HANG_MS = 6000;

describe('Intuit’s OAuth endpoints that never answer', () => {
  let silent: Server;
  let base: string;
  beforeAll(async () => {
    silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('time out token, revoke and userinfo calls as an unreachable ledger', async () => {
    const endpoints = { authorizeUrl: `${base}/connect`, tokenUrl: `${base}/token`, revokeUrl: `${base}/revoke`, userinfoUrl: `${base}/userinfo`, apiBase: base };
    const oauth = qboOAuth({ mode: 'intuit-sandbox', ...QBO_CLIENT, baseUrl: base }, endpoints, { timeoutMs: 200 });
    const started = Date.now();
    await expect(oauth.refresh('refresh-token')).rejects.toBeInstanceOf(LedgerUnreachableError);
    await expect(oauth.revoke('refresh-token')).rejects.toThrow(/QuickBooks did not answer in time/);
    await expect(oauth.userinfo('access-token')).rejects.toBeInstanceOf(LedgerUnreachableError);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('a QuickBooks API that stops answering', () => {
  let sim: QboSimulator;
  let t: TestApp;
  beforeAll(async () => {
    sim = await startQboSimulator({ ...QBO_CLIENT, companies: [{ transactions: 5 }], autoApprove: true });
    t = await createTestApp({ qbo: { mode: 'intuit-sandbox', ...QBO_CLIENT, baseUrl: sim.url }, outboundTimeoutMs: TIMEOUT_MS });
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('gives up after the time limit, and the pull fails as for an unreachable ledger, to be retried by its job', async () => {
    const cast = await signedInCast(
      t.db,
      clientMaker(() => t.app, 49),
    );
    const pk = companyFromRedirect((await connectQbo(sim, cast.admin, sim.companies()[0]!.realmId)).headers.location as string);
    await t.runJobs();

    sim.state.options.latencyMs = HANG_MS;
    expect((await cast.admin.post('quickbooks/sync-client/', { client_company: pk })).statusCode).toBe(202);
    const started = Date.now();
    await expect(t.runJobs()).rejects.toThrow(/QuickBooks did not answer in time/);
    expect(Date.now() - started).toBeLessThan(HANG_MS);
    sim.state.options.latencyMs = 0;

    const [connection] = await t.db.select().from(ledgerConnections).where(eq(ledgerConnections.clientCompanyId, pk));
    expect(connection).toMatchObject({ syncState: 'FAILED' });
    expect(connection!.lastSyncError).toMatch(/did not answer in time/);
    // The job failed like any failure of the ledger: pg-boss holds it for another try later.
    const jobs = (await t.db.execute(sql`select state from pgboss.job where name = 'ledger-pull' order by created_on desc limit 1`)) as {
      rows: { state: string }[];
    };
    expect(jobs.rows[0]?.state).toBe('retry');
  });
});
