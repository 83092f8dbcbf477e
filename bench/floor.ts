import { eq } from 'drizzle-orm';
import type { TransactionListQuery, TransactionStatus } from '@herd/contract';
import type { Db } from '../apps/server/src/db/client.js';
import { clientCompanies } from '../apps/server/src/db/schema/index.js';
import type { CompanyAccess } from '../apps/server/src/kernel/company-access.js';
import { CATEGORIZED_STATUSES, CLIENT_ACTIVE_STATUSES } from '../apps/server/src/modules/books/transactions/status.rule.js';
import { countsByList, storedStatusCounts } from '../apps/server/src/modules/books/transactions/transactions.queries.js';
import { listPage } from '../apps/server/src/modules/books/transactions/transactions-read.service.js';
import { firmScope } from '../apps/server/test/company-scope.js';
import { percentile } from './load.js';

export const CATEGORIZED_FILTER = { date_from: '2026-03-01', date_to: '2026-09-30', amount_min: '10.00', markers: ['WITHOUT_CLASS'] } as const;

// 200 runs: with 40, the p95 was the second slowest run and moved with any hiccup of the machine.
const time = async (fn: () => Promise<unknown>, runs = 200) => {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
};

/** Who the floor reads as: the firm's view of the company, unrestricted (the SQL is the client's too, but for the suggestions' fields). */
const readFirmScope = async (db: Db, companyPk: number): Promise<CompanyAccess> => {
  const [company] = await db.select().from(clientCompanies).where(eq(clientCompanies.pk, companyPk));
  return firmScope(company!);
};

/** The same statements each endpoint runs (the list's page with its count, or the counters), timed alone: the floor under the HTTP figures. */
export const measureFloors = async (db: Db, companyPk: number) => {
  const scope = await readFirmScope(db, companyPk);
  const list = async (statuses: readonly TransactionStatus[], filter: Partial<TransactionListQuery>) => {
    const query = { page: 1, page_size: 10, ordering: '-date', ...filter } as TransactionListQuery;
    const { results } = await listPage(db, scope, { statuses, hidden: false }, query);
    // A page that came back short would time nothing worth knowing.
    if (results.length !== query.page_size) throw new Error(`The floor's page held ${results.length} rows, not ${query.page_size}`);
  };
  return {
    clientActive: await time(() => list(CLIENT_ACTIVE_STATUSES, {})),
    categorizedFiltered: await time(() => list(CATEGORIZED_STATUSES, { ...CATEGORIZED_FILTER, markers: [...CATEGORIZED_FILTER.markers] })),
    counters: await time(async () => countsByList(await storedStatusCounts(db, companyPk))),
  };
};
