import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { firmMembers } from '../../../db/schema/index.js';
import { createFirm } from '../../../../test/factories.js';
import { openPostgresTestDatabase } from '../../../../test/harness.js';
import { planNodes, planOf, statementsSentBy, type PlanNode } from '../../../../test/statement-plans.js';
import type { FirmActor } from '../../../kernel/permissions.js';
import { listCompanies } from './client-companies.queries.js';

/**
 * The clients list's page keeps a plan that costs the same at any size of firm: in its order (by name
 * whatever the case, then pk, either way) its rows are read off the name-order index and it stops after
 * the page, rather than reading every company of the firm and sorting them (at 10,000 companies that
 * sort was about half of the list's time: docs/architecture.md, "Client companies"). PostgreSQL only: the
 * plans are PostgreSQL's.
 */
const COMPANIES = 5_000;
let database: (Database & { url: string }) | null = null;
let explainer: pg.Client;
let admin: FirmActor;

beforeAll(async () => {
  database = await openPostgresTestDatabase();
  if (!database) return;
  const { db } = database;
  const firm = await createFirm(db);
  const other = await createFirm(db, { name: 'Other Firm' });
  // Names in mixed case, so the order is by lower(name) and not by the text as typed.
  await db.execute(sql`insert into client_companies (firm_id, name, connection_kind)
    select case when g % 5 = 0 then ${other.firmId}::int else ${firm.firmId}::int end,
      case when g % 2 = 0 then 'client ' else 'Client ' end || md5(g::text), 'CSV'
    from generate_series(1, ${COMPANIES}) g`);
  await db.execute(sql`vacuum analyze`);
  const [member] = await db
    .select()
    .from(firmMembers)
    .where(sql`${firmMembers.userId} = ${firm.adminId}`);
  admin = {
    userId: firm.adminId,
    accountType: 'ACCOUNTANT',
    firmId: firm.firmId,
    firmRole: 'FIRM_ADMIN',
    firmMemberId: member!.pk,
    clientCompanyIds: [],
    viewingAsClient: null,
    subscriptionStatus: 'PAID',
    readOnly: false,
  };
  explainer = new pg.Client({ connectionString: database.url });
  await explainer.connect();
}, 120_000);
afterAll(async () => {
  await explainer?.end();
  await database?.close();
});

/** The plan of the statement that reads the page's rows (the other one counts them). */
const pagePlan = async (ordering: 'name' | '-name') => {
  const sent = await statementsSentBy(() => listCompanies(database!.db, admin, { ordering, limit: 10, offset: 0 }));
  const page = sent.find((s) => /order by/i.test(s.text))!;
  return planNodes(await planOf(explainer, page));
};

const onCompanies = (nodes: PlanNode[]) => nodes.filter((n) => n['Relation Name'] === 'client_companies').map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());

describe.skipIf(!process.env.TEST_DATABASE_URL)('the plan of the clients list on PostgreSQL', () => {
  it.each(['name', '-name'] as const)('reads the first page ordered %s off the name-order index, without sorting the firm', async (ordering) => {
    const nodes = await pagePlan(ordering);
    expect(onCompanies(nodes)).toEqual([expect.stringMatching(/^Index Scan( Backward)? client_companies_firm_lower_name_idx$/)]);
    expect(nodes.some((n) => n['Node Type'] === 'Sort')).toBe(false);
  });

  it('gives the page in that order: by name whatever its case, then pk', async () => {
    const { rows } = await listCompanies(database!.db, admin, { ordering: 'name', limit: 10, offset: 0 });
    const expected = (await database!.db.execute(sql`select pk from client_companies where firm_id = ${admin.firmId} order by lower(name), pk limit 10`)) as {
      rows: { pk: number }[];
    };
    expect(rows.map((r) => r.pk)).toEqual(expected.rows.map((r) => r.pk));
  });
});
