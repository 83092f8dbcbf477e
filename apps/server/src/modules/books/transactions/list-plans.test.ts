import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client.js';
import { firmScope } from '../../../../test/company-scope.js';
import { createFirm } from '../../../../test/factories.js';
import { openPostgresTestDatabase } from '../../../../test/harness.js';
import { planNodes, planOf, statementsSentBy, type PlanNode } from '../../../../test/statement-plans.js';
import { listPage } from './transactions-read.service.js';
import { CATEGORIZED_STATUSES, CLIENT_ACTIVE_STATUSES } from './status.rule.js';
import type { CompanyAccess } from '../../../kernel/company-access.js';
import { clientCompanies } from '../../../db/schema/index.js';

/**
 * The list statements keep the plan shape that makes a page cost the same at
 * any size (docs/transactions.md, "Performance"): on a company of 30,000 rows
 * beside 100 others, the page's keys come from a list index, its rows by
 * primary key, and nothing reads the company's rows one by one. PostgreSQL
 * only: the plans are PostgreSQL's (the embedded database runs them alike, but
 * its planner is not what a firm's server runs).
 */
const ROWS = 30_000;
let database: (Database & { url: string }) | null = null;
let explainer: pg.Client;
let scope: CompanyAccess;

const statusOf = sql.raw(`(case when g % 10 < 6 then 'READY' else 'FINISHED_IN_HERD' end)::transaction_status`);

beforeAll(async () => {
  database = await openPostgresTestDatabase();
  if (!database) return;
  const { db } = database;
  const firm = await createFirm(db);
  const [company] = await db.insert(clientCompanies).values({ firmId: firm.firmId, name: 'Big Co', connectionKind: 'CSV' }).returning();
  await db.execute(sql`insert into client_companies (firm_id, name, connection_kind) select ${firm.firmId}, 'Co ' || g, 'CSV' from generate_series(1, 100) g`);
  await db.execute(sql`insert into transactions (client_company_id, external_id, ledger_entity_type, type, subtype, date, amount, description, payee, status)
    select c.pk, c.pk || '-' || g, 'csv', 'EXPENSE', 'BANK_DEBIT', date '2026-01-01' + (g % 300), (g % 5000) / 10.0 + 1, 'Purchase ' || g, 'Vendor ' || (g % 40), ${statusOf}
    from client_companies c cross join generate_series(1, case when c.pk = ${company!.pk} then ${ROWS} else 50 end) g where c.firm_id = ${firm.firmId}`);
  await db.execute(sql`vacuum analyze`);
  scope = firmScope(company!, { userId: firm.adminId });
  explainer = new pg.Client({ connectionString: database.url });
  await explainer.connect();
}, 120_000);
afterAll(async () => {
  await explainer?.end();
  await database?.close();
});

const query = { page: 1, page_size: 10, ordering: '-date' as const };

/** The plans of the statements one list request sends. */
const plansOfList = async (statuses: readonly (typeof CATEGORIZED_STATUSES)[number][], filter: Record<string, unknown> = {}) => {
  const sent = await statementsSentBy(() => listPage(database!.db, scope, { statuses, hidden: false }, { ...query, ...filter } as never));
  const plans = [];
  for (const statement of sent) plans.push({ statement, nodes: planNodes(await planOf(explainer, statement)) });
  return plans;
};

const readsTransactionsWhole = (nodes: PlanNode[]) =>
  nodes.some((n) => n['Relation Name'] === 'transactions' && ['Seq Scan', 'Bitmap Heap Scan'].includes(n['Node Type']));
const indexesOn = (nodes: PlanNode[]) => nodes.filter((n) => n['Relation Name'] === 'transactions').map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''}`.trim());

describe.skipIf(!process.env.TEST_DATABASE_URL)('the plans of the transaction lists on PostgreSQL', () => {
  it("fetches the client's first page in one prepared statement: keys from the list index, rows by primary key", async () => {
    const plans = await plansOfList(CLIENT_ACTIVE_STATUSES);
    expect(plans.map((p) => p.statement.name)).toEqual([expect.stringMatching(/^herd_page_/)]);
    const { nodes } = plans[0]!;
    expect(readsTransactionsWhole(nodes)).toBe(false);
    expect(indexesOn(nodes)).toEqual(expect.arrayContaining(['Index Only Scan transactions_list_idx', 'Index Scan transactions_pkey']));
  });

  it("plans the client's first page once per connection: from the sixth request on, PostgreSQL runs its generic plan", async () => {
    const [statement] = await statementsSentBy(() => listPage(database!.db, scope, { statuses: CLIENT_ACTIVE_STATUSES, hidden: false }, query));
    // With the limit a parameter, PostgreSQL costs the generic plan for a tenth of an average company's
    // rows; on a firm whose companies hold thousands it found that dearer than a plan for ten, and
    // planned the statement again on every request. The page size is in the text instead.
    expect(statement!.text).toMatch(/ limit 10 offset \$\d+\)/);
    // Prepared by the same name on a connection of the test's own, sent as often as a busy list is.
    for (let run = 0; run < 8; run++) await explainer.query({ name: statement!.name, text: statement!.text, values: statement!.values });
    const plans = await explainer.query<{ generic_plans: string; custom_plans: string }>(
      'select generic_plans, custom_plans from pg_prepared_statements where name = $1',
      [statement!.name],
    );
    // Planned for its values every time, the statement cost three times what it takes to run.
    expect(Number(plans.rows[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
  });

  it('counts a filtered list and finds its page on indexes, then reads only those rows by primary key', async () => {
    const plans = await plansOfList(CATEGORIZED_STATUSES, { date_from: '2026-03-01', date_to: '2026-09-30', amount_min: '10.00' });
    expect(plans).toHaveLength(2); // the capped count with the page's keys, then the rows with their details
    for (const { nodes } of plans) expect(readsTransactionsWhole(nodes)).toBe(false);
    const rows = plans.find((p) => p.statement.name === 'herd_rows_with_details')!;
    expect(indexesOn(rows.nodes)).toEqual(['Index Scan transactions_pkey']);
  });
});
