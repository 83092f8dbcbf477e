import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDetails, analyticsEndpoints } from '@herd/contract';
import { clientMaker } from '../../../../test/client.js';
import { addFirmMember, createFirm, firmMemberPkOf, PASSWORD, signIn } from '../../../../test/factories.js';
import { hashPassword } from '../../../lib/crypto.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { runFlagsCommand } from '../../platform/feature-flags/flags.command.js';
import { analyticsFixture } from '../../../../test/analytics.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 91);
const HOUR = 3600;
const Q1 = '?date_from=2026-01-01&date_to=2026-03-31';
const endpoints = Object.values(analyticsEndpoints);

const signedIn = async (email: string) => {
  const c = newClient();
  await signIn(c, email);
  return c;
};

/**
 * Firm A (analytics on) with two companies, Acme (assigned to the team member) and Birch, each
 * with a client user; firm B, also on, whose rows must never be counted for A.
 */
const world = async () => {
  const f = analyticsFixture(t.db);
  const firm = await createFirm(t.db);
  const other = await createFirm(t.db);
  for (const firmId of [firm.firmId, other.firmId]) await runFlagsCommand(t.db, [], { action: 'on', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId });
  const member = await addFirmMember(t.db, firm.firmId, 'TEAM_MEMBER');
  const acme = await f.company(firm.firmId, 'Acme');
  const birch = await f.company(firm.firmId, 'Birch');
  await f.assign(acme, await firmMemberPkOf(t.db, member.userId));
  const cleoUser = await f.clientUser(acme, 'Cleo', await hashPassword(PASSWORD));
  const cleo = cleoUser.pk;
  const bea = (await f.clientUser(birch, 'Bea')).pk;
  const a = firm.firmId;

  await f.transaction(acme, '2026-01-05T10:00:00Z', 'READY');
  const answered = await f.transaction(acme, '2026-01-10T00:00:00Z', 'FINISHED_IN_HERD');
  await f.move(a, cleo, 'transaction.categorize', answered, 'READY', 'FINISHED_IN_HERD', '2026-01-10T04:00:00Z'); // 4 h
  const published = await f.transaction(acme, '2026-02-01T00:00:00Z', 'PUBLISHED_IN_PLATFORM');
  await f.move(a, cleo, 'transaction.categorize', published, 'READY', 'FINISHED_IN_HERD', '2026-02-01T10:00:00Z'); // 10 h
  await f.move(a, firm.adminId, 'transaction.back', published, 'FINISHED_IN_HERD', 'READY', '2026-02-02T00:00:00Z', { message: 'Which trip?' });
  await f.move(a, cleo, 'transaction.categorize', published, 'READY', 'FINISHED_IN_HERD', '2026-02-02T02:00:00Z'); // 2 h after the send-back
  await f.move(a, firm.adminId, 'transaction.publish', published, 'FINISHED_IN_HERD', 'PUBLISHED_IN_PLATFORM', '2026-02-03T00:00:00Z');
  await f.transaction(acme, '2026-03-01T00:00:00Z', 'SYNC_ERROR');
  await f.transaction(acme, '2026-03-02T00:00:00Z', 'READY', true); // hidden: received, never waiting
  await f.transaction(birch, '2026-02-15T00:00:00Z', 'READY');
  const late = await f.transaction(birch, '2026-03-10T00:00:00Z', 'FINISHED_IN_HERD');
  await f.move(a, bea, 'transaction.categorize', late, 'READY', 'FINISHED_IN_HERD', '2026-03-11T00:00:00Z'); // 24 h
  // The admin answering in the client's view is not a client's answer, nor a review.
  await f.move(a, firm.adminId, 'transaction.update', late, 'FINISHED_IN_HERD', 'FINISHED_IN_HERD', '2026-03-11T01:00:00Z', { viewing_as_client: true });

  const outside = await f.company(other.firmId, 'Outsider Co');
  const theirs = (await f.clientUser(outside, 'Otto')).pk;
  const foreign = await f.transaction(outside, '2026-01-15T00:00:00Z', 'FINISHED_IN_HERD');
  await f.move(other.firmId, theirs, 'transaction.categorize', foreign, 'READY', 'FINISHED_IN_HERD', '2026-01-15T01:00:00Z');

  return { firm, acme, birch, outside, cleo, cleoEmail: cleoUser.email, bea, member, admin: await signedIn(firm.adminEmail), teamMember: await signedIn(member.email) };
};

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  t = await createTestApp();
  w = await world();
});
afterAll(async () => t?.close());

describe('analytics behind FEATURE_TRANSACTION_ANALYTICS', () => {
  it('do not exist for a firm without the flag, and a client user of a firm with it is refused', async () => {
    const plain = await createFirm(t.db);
    const admin = await signedIn(plain.adminEmail);
    for (const e of endpoints) expect([e.path, (await admin.get(e.path)).statusCode]).toEqual([e.path, 404]);
    const client = await signedIn(w.cleoEmail);
    for (const e of endpoints) expect([e.path, (await client.get(e.path)).statusCode]).toEqual([e.path, 403]);
  });

  it('totals per client company: open work now, answers, publishes and the median time to answer in the range', async () => {
    const res = await w.admin.get(`client-company/transactions-analytics-total/${Q1}`);
    expect(res.statusCode).toBe(200);
    const { range, results } = res.json();
    expect(range).toEqual({ date_from: '2026-01-01', date_to: '2026-03-31' });
    expect(results).toMatchObject([
      {
        client_company: { pk: w.acme, name: 'Acme' },
        waiting_on_client: 1,
        ready_for_review: 1,
        published: 1,
        sync_errors: 1,
        answered_in_range: 3,
        published_in_range: 1,
        median_response_seconds: 4 * HOUR,
        oldest_open_at: '2026-01-05T10:00:00.000Z',
      },
      {
        client_company: { pk: w.birch, name: 'Birch' },
        waiting_on_client: 1,
        ready_for_review: 1,
        published: 0,
        sync_errors: 0,
        answered_in_range: 1,
        published_in_range: 0,
        median_response_seconds: 24 * HOUR,
        oldest_open_at: '2026-02-15T00:00:00.000Z',
      },
    ]);
    expect(results[0].oldest_open_days).toBeGreaterThanOrEqual(Math.floor((Date.now() - Date.parse('2026-01-05T10:00:00Z')) / 86_400_000));
  });

  it('the summary adds the companies up, with the median of every answer', async () => {
    const summary = (await w.admin.get(`analytics/${Q1}`)).json();
    expect(summary).toMatchObject({
      companies: 2,
      waiting_on_client: 2,
      ready_for_review: 2,
      published: 1,
      sync_errors: 1,
      answered_in_range: 4,
      published_in_range: 1,
      // 2 h, 4 h, 10 h and 24 h: the median lies between 4 h and 10 h.
      median_response_seconds: 7 * HOUR,
      oldest_open_at: '2026-01-05T10:00:00.000Z',
    });
    // A range that holds no answer still shows the work open now.
    expect((await w.admin.get('analytics/?date_from=2025-01-01&date_to=2025-06-30')).json()).toMatchObject({
      answered_in_range: 0,
      median_response_seconds: null,
      waiting_on_client: 2,
    });
  });

  it('per month: received, answered by clients and published, every month of the range, for one company on request', async () => {
    const months = (await w.admin.get(`client-company/transactions-analytics-per-month/${Q1}`)).json().months;
    expect(months).toEqual([
      { month: '2026-01', received: 2, answered: 1, published: 0 },
      { month: '2026-02', received: 2, answered: 2, published: 1 },
      { month: '2026-03', received: 3, answered: 1, published: 0 },
    ]);
    const birch = (await w.admin.get(`client-company/transactions-analytics-per-month/${Q1}&client_company=${w.birch}`)).json().months;
    expect(birch).toEqual([
      { month: '2026-01', received: 0, answered: 0, published: 0 },
      { month: '2026-02', received: 1, answered: 0, published: 0 },
      { month: '2026-03', received: 1, answered: 1, published: 0 },
    ]);
    // Without a range: this month and the eleven before it.
    expect((await w.admin.get('client-company/transactions-analytics-per-month/')).json().months).toHaveLength(12);
  });

  it('per user: what each accountant reviewed and published, what each client answered and how fast', async () => {
    const users = (await w.admin.get(`users-analytics/${Q1}`)).json();
    expect(users.accountants).toEqual([
      { user: { pk: w.firm.adminId, name: 'Ada Admin', email: w.firm.adminEmail }, reviewed: 1, published: 1, sent_back: 1 },
      { user: { pk: w.member.userId, name: 'Cody Coworker', email: w.member.email }, reviewed: 0, published: 0, sent_back: 0 },
    ]);
    expect(users.clients).toMatchObject([
      { user: { pk: w.cleo, name: 'Cleo Client' }, companies: [{ pk: w.acme, name: 'Acme' }], answers: 3, median_response_seconds: 4 * HOUR },
      { user: { pk: w.bea, name: 'Bea Client' }, companies: [{ pk: w.birch, name: 'Birch' }], answers: 1, median_response_seconds: 24 * HOUR },
    ]);
  });

  it('a team member counts only the companies assigned to them; another company is 404 as a filter', async () => {
    const totals = (await w.teamMember.get(`client-company/transactions-analytics-total/${Q1}`)).json().results;
    expect(totals.map((r: { client_company: { name: string } }) => r.client_company.name)).toEqual(['Acme']);
    expect((await w.teamMember.get(`analytics/${Q1}`)).json()).toMatchObject({ companies: 1, waiting_on_client: 1, answered_in_range: 3 });
    expect((await w.teamMember.get(`users-analytics/${Q1}`)).json().clients.map((c: { user: { pk: number } }) => c.user.pk)).toEqual([w.cleo]);
    expect((await w.teamMember.get(`analytics/${Q1}&client_company=${w.birch}`)).statusCode).toBe(404);
  });

  it('never counts another firm: its company as a filter is 404, its admin sees only its own', async () => {
    expect((await w.admin.get(`analytics/${Q1}&client_company=${w.outside}`)).statusCode).toBe(404);
    const users = (await w.admin.get(`users-analytics/${Q1}`)).json();
    expect(users.clients.map((c: { user: { name: string } }) => c.user.name)).not.toContain('Otto Client');
  });

  it('refuses bad filters with field errors', async () => {
    const get = async (query: string) => {
      const res = await w.admin.get(`analytics/?${query}`);
      expect(res.statusCode).toBe(400);
      return res.json();
    };
    expect(await get('date_from=2026-13-01')).toEqual({ date_from: ['Date from is not valid.'] });
    expect(await get('date_from=2026-03-01&date_to=2026-02-01')).toEqual({ date_to: [analyticsDetails.dateToBeforeFrom] });
    expect(await get('date_from=2020-01-01&date_to=2026-01-01')).toEqual({ date_from: [analyticsDetails.rangeTooLong] });
    expect(await get('date_from=1999-12-31&date_to=2000-01-31')).toEqual({ date_from: [analyticsDetails.tooEarly('Date from')] });
    expect(await get('date_from=2999-01-01')).toEqual({ date_from: [analyticsDetails.dateFromInFuture] });
    expect(await get('client_company=abc')).toEqual({ client_company: ['Client company is not valid.'] });
  });
});
