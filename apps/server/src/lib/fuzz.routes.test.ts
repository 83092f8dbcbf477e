import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeContractViolations } from '@herd/simulators';
import { clientMaker, type TestClient } from '../../test/client.js';
import { addFirmMember, bankCsv, createClientUser, createFirm, signIn } from '../../test/factories.js';
import { leaks, operationsOf, requestsFor, type Operation } from '../../test/fuzz.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

/**
 * No input makes the API answer 5xx or show its insides: every operation of
 * the OpenAPI document gets malformed paths, queries and bodies, as each kind
 * of account and signed out. The seed is fixed, so a failure replays.
 */
const SEED = 20_260_501;
const RUNS_PER_ACTOR = 3;

let t: TestApp;
const newClient = clientMaker(() => t.app, 61);
const actors: { name: string; client: TestClient; email: string | null }[] = [];
let ids: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const firm = await createFirm(t.db);
  const member = await addFirmMember(t.db, firm.firmId, 'TEAM_MEMBER');
  const client = await createClientUser(t.db, firm.firmId);
  for (const [name, email] of [
    ['accountant admin', firm.adminEmail],
    ['team member', member.email],
    ['client', client.email],
    ['signed out', null],
  ] as const) {
    const c = newClient();
    if (email) await signIn(c, email);
    actors.push({ name, client: c, email });
  }
  // A few transactions, so ids that exist lead the requests past the first lookup.
  const admin = actors[0]!.client;
  const form = multipart({}, { name: 'bank.csv', bytes: Buffer.from(bankCsv(3)), type: 'text/csv' });
  await admin.request('POST', `accounting/accountant/client-company/${client.companyId}/transactions/import-csv/`, form);
  ids = [client.companyId, client.userId, firm.adminId, 1];
}, 120_000);
afterAll(async () => t?.close());

/** A fuzzed request may sign its actor out (or change who it is); sign in again from a fresh address so the next one is still theirs. */
const keepSignedIn = async (actor: (typeof actors)[number]) => {
  if (!actor.email || actor.client.cookies.has('sessionid')) return;
  const fresh = newClient();
  await signIn(fresh, actor.email);
  for (const [k, v] of fresh.cookies) actor.client.cookies.set(k, v);
};

describe('malformed requests to every operation', () => {
  it('never answer 5xx nor show a stack trace or a file path', async () => {
    const operations: Operation[] = operationsOf(t.app.swagger());
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let sent = 0;
    for (const [i, op] of operations.entries()) {
      const requests = fc.sample(requestsFor(op, ids), { seed: SEED + i, numRuns: RUNS_PER_ACTOR * actors.length });
      for (const [j, req] of requests.entries()) {
        const actor = actors[j % actors.length]!;
        // Signing out would only make the next requests anonymous ones, which the signed-out actor already sends.
        if (op.path.endsWith('/users/logout/') && actor.email) continue;
        const res = await actor.client.request(req.method, req.url, { body: req.payload, headers: req.headers });
        sent += 1;
        if (res.statusCode >= 500 || leaks(res.body)) {
          failures.push(
            `${req.method} ${req.url.slice(0, 200)} as ${actor.name} → ${res.statusCode} ${res.body.slice(0, 300)} | body: ${String(req.payload ?? '').slice(0, 300)}`,
          );
        }
        await keepSignedIn(actor);
      }
    }
    expect(sent).toBeGreaterThan(operations.length * actors.length);
    expect(failures).toEqual([]);
    // Garbage sent to a sandbox (the Xero sandbox's connections) is refused as the service refuses it;
    // what a sandbox answered is still held to its contract.
    expect(takeContractViolations().filter((violation) => violation.direction !== 'request')).toEqual([]);
  }, 120_000);
});
