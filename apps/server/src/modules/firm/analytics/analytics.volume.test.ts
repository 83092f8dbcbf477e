import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEndpoints } from '@herd/contract';
import { clientMaker } from '../../../../test/client.js';
import { createFirm, signIn } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { runFlagsCommand } from '../../platform/feature-flags/flags.command.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 92);
const COMPANIES = 300;
const PER_COMPANY = 100;

/**
 * A firm of a realistic size (300 clients, 30,000 transactions over a year, an answer and a
 * publish in the audit log for most of them) written with set-based SQL, then each analytics
 * endpoint timed. The bound is loose (PGlite runs as WebAssembly, on a shared two-core machine);
 * what it catches is a query that reads row by row or misses its index, which takes far longer.
 * Figures are in docs/analytics.md.
 */
describe('analytics on a firm of 30,000 transactions', () => {
  let firm: Awaited<ReturnType<typeof createFirm>>;
  beforeAll(async () => {
    t = await createTestApp();
    firm = await createFirm(t.db);
    await runFlagsCommand(t.db, [], { action: 'on', flag: 'FEATURE_TRANSACTION_ANALYTICS', firmId: firm.firmId });
    await t.db.execute(sql`insert into client_companies (firm_id, name, connection_kind)
      select ${firm.firmId}, 'Company ' || g, 'CSV' from generate_series(1, ${COMPANIES}) g`);
    await t.db.execute(sql`insert into users (email, account_type, first_name)
      select 'volume-client-' || c.pk || '@example.com', 'CLIENT', 'Client ' || c.pk from client_companies c where c.firm_id = ${firm.firmId}`);
    await t.db.execute(sql`insert into client_memberships (client_company_id, user_id, role)
      select c.pk, u.pk, 'CLIENT' from client_companies c join users u on u.email = 'volume-client-' || c.pk || '@example.com' where c.firm_id = ${firm.firmId}`);
    await t.db.execute(sql`insert into transactions (client_company_id, external_id, ledger_entity_type, type, subtype, date, amount, status, created_at)
      select c.pk, 'v' || g, 'csv', 'EXPENSE', 'BANK_DEBIT', date '2026-01-01' + (g % 300), 10,
        (case when g % 10 < 3 then 'READY' when g % 10 < 5 then 'FINISHED_IN_HERD' when g % 10 < 9 then 'PUBLISHED_IN_PLATFORM' else 'SYNC_ERROR' end)::transaction_status,
        timestamptz '2025-06-01' + (g * 3 || ' days')::interval + (c.pk % 24 || ' hours')::interval
      from client_companies c cross join generate_series(1, ${PER_COMPANY}) g where c.firm_id = ${firm.firmId}`);
    await t.db.execute(sql`insert into audit_log (firm_id, actor_user_id, action, target_type, target_pk, details, created_at)
      select ${firm.firmId}, m.user_id, 'transaction.categorize', 'transaction', t.pk, '{"from":"READY","to":"FINISHED_IN_HERD"}'::jsonb,
        t.created_at + ((t.pk % 72) || ' hours')::interval
      from transactions t join client_memberships m on m.client_company_id = t.client_company_id
      join client_companies c on c.pk = t.client_company_id
      where c.firm_id = ${firm.firmId} and t.status <> 'READY'`);
    await t.db.execute(sql`insert into audit_log (firm_id, actor_user_id, action, target_type, target_pk, details, created_at)
      select ${firm.firmId}, ${firm.adminId}, 'transaction.publish', 'transaction', t.pk, '{"from":"FINISHED_IN_HERD","to":"PUBLISHED_IN_PLATFORM"}'::jsonb,
        t.created_at + interval '4 days'
      from transactions t join client_companies c on c.pk = t.client_company_id
      where c.firm_id = ${firm.firmId} and t.status = 'PUBLISHED_IN_PLATFORM'`);
    await t.db.execute(sql`analyze`);
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers each endpoint within a few seconds even on the embedded database of a busy machine', async () => {
    const admin = newClient();
    await signIn(admin, firm.adminEmail);
    const query = '?date_from=2025-12-01&date_to=2026-11-30';
    for (const e of Object.values(analyticsEndpoints)) {
      await admin.get(`${e.path}${query}`); // warm: plans and caches
      const start = performance.now();
      const res = await admin.get(`${e.path}${query}`);
      const ms = performance.now() - start;
      expect(res.statusCode).toBe(200);
      expect(ms, `${e.path} took ${ms.toFixed(0)} ms`).toBeLessThan(5000);
    }
    const summary = (await admin.get(`analytics/${query}`)).json();
    expect(summary.companies).toBe(COMPANIES);
    expect(summary.waiting_on_client + summary.ready_for_review + summary.published + summary.sync_errors).toBe(COMPANIES * PER_COMPANY);
  });
});
