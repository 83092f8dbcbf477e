/**
 * The lists and the counter the bench measures three ways (bench/against.ts): each one's HTTP
 * request, and the statements Herd's own code sends for it once the session and the access check
 * are behind it, noted with their values so the bare route and the SQL alone send exactly those.
 */
import { sql } from 'drizzle-orm';
import { transactionListQuery } from '@herd/contract';
import { fromPostgresUrl, type Db } from '../apps/server/src/db/client.js';
import { companyAccess, type CompanyAccess } from '../apps/server/src/kernel/company-access.js';
import { resolveActor } from '../apps/server/src/kernel/actor.js';
import { LISTS } from '../apps/server/src/modules/books/transactions/transactions.service.js';
import { countersFor, listPage } from '../apps/server/src/modules/books/transactions/transactions-read.service.js';
import { CATEGORIZED_FILTER } from './floor.js';
import type { BenchData } from './seed.js';
import { queriesOf, type NotedStatement } from './statements.js';

export type ListKey = 'clientActive' | 'categorizedFiltered' | 'counters';

export interface ListScenario {
  key: ListKey;
  /** Who asks: the seeded client or the firm's admin. */
  who: 'client' | 'accountant';
  /** The request's path and query. */
  path: (companyPk: number) => string;
  /** What the route runs once it knows who asks. */
  run: (db: Db, access: CompanyAccess) => Promise<unknown>;
}

const categorizedQuery = new URLSearchParams({ ...CATEGORIZED_FILTER, markers: CATEGORIZED_FILTER.markers.join(',') });

const page = (list: keyof typeof LISTS, query: URLSearchParams) => (db: Db, access: CompanyAccess) =>
  listPage(db, access, { statuses: LISTS[list].statuses, hidden: LISTS[list].hidden }, transactionListQuery.parse(Object.fromEntries(query)));

export const LIST_SCENARIOS: ListScenario[] = [
  {
    key: 'clientActive',
    who: 'client',
    path: (company) => `/api/v1/accounting/client/company/${company}/transactions/list/`,
    run: page('clientActive', new URLSearchParams()),
  },
  {
    key: 'categorizedFiltered',
    who: 'accountant',
    path: (company) => `/api/v1/accounting/accountant/client-company/${company}/transactions/categorized-list/?${categorizedQuery}`,
    run: page('accountantCategorized', categorizedQuery),
  },
  {
    key: 'counters',
    who: 'accountant',
    path: (company) => `/api/v1/accounting/accountant/client-company/${company}/counters/`,
    run: countersFor,
  },
];

const userPk = async (db: Db, email: string) =>
  ((await db.execute(sql`select pk from users where lower(email) = lower(${email})`)) as { rows: { pk: number }[] }).rows[0]!.pk;

/**
 * Each scenario's statements as Herd's code sends them on the working tree's database: run once to
 * warm (prepared statements, plans), then once more while they are noted.
 */
export const noteListStatements = async (url: string, data: BenchData): Promise<Record<ListKey, NotedStatement[]>> => {
  const database = fromPostgresUrl(url);
  try {
    const noted = {} as Record<ListKey, NotedStatement[]>;
    for (const scenario of LIST_SCENARIOS) {
      const email = scenario.who === 'client' ? data.clientEmail : data.accountantEmail;
      const actor = await resolveActor(database.db, await userPk(database.db, email));
      if (!actor) throw new Error(`the bench's ${scenario.who} ${email} is not an active user`);
      const access = await companyAccess(database.db, actor, data.bigCompanyPk, scenario.who);
      await scenario.run(database.db, access);
      noted[scenario.key] = await queriesOf(() => scenario.run(database.db, access));
      if (noted[scenario.key].length === 0) throw new Error(`${scenario.key} sent no statement to note`);
    }
    return noted;
  } finally {
    await database.close();
  }
};
