import type { TransactionListQuery, TransactionStatus } from '@herd/contract';
import type { Db } from '../apps/server/src/db/client.js';
import { UNRESTRICTED } from '../apps/server/src/modules/restrictions/account-scope.js';
import { CATEGORIZED_STATUSES, CLIENT_ACTIVE_STATUSES } from '../apps/server/src/modules/transactions/status.js';
import { transactionListWhere } from '../apps/server/src/modules/transactions/transactions.filters.js';
import { countsByList, pageOfTransactions, storedStatusCounts } from '../apps/server/src/modules/transactions/transactions.queries.js';
import { countList } from '../apps/server/src/modules/transactions/transactions.read.js';
import { percentile } from './load.js';

export const CATEGORIZED_FILTER = { date_from: '2026-03-01', date_to: '2026-09-30', amount_min: '10.00', markers: ['WITHOUT_CLASS'] } as const;

const time = async (fn: () => Promise<unknown>, runs = 40) => {
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

/** The same SQL each endpoint runs (count + page with details, or the counters), timed alone: the floor under the HTTP figures. */
export const measureFloors = async (db: Db, companyPk: number) => {
  const page = { ordering: '-date' as const, limit: 10, offset: 0 };
  const list = async (statuses: readonly TransactionStatus[], filter: Partial<TransactionListQuery>) => {
    const scope = { companyPk, statuses, hidden: false, restrictions: UNRESTRICTED };
    const where = transactionListWhere(scope, filter);
    await countList(db, scope, filter, where);
    const { rows, details } = await pageOfTransactions(db, companyPk, where, page);
    // A page that came back short would time nothing worth knowing.
    if (rows.length !== page.limit || details.length !== page.limit) throw new Error(`The floor's page held ${rows.length} rows, not ${page.limit}`);
  };
  return {
    clientActive: await time(() => list(CLIENT_ACTIVE_STATUSES, {})),
    categorizedFiltered: await time(() => list(CATEGORIZED_STATUSES, { ...CATEGORIZED_FILTER, markers: [...CATEGORIZED_FILTER.markers] })),
    counters: await time(async () => countsByList(await storedStatusCounts(db, companyPk))),
  };
};
