import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedListCount } from '../modules/books/transactions/transactions.queries.js';
import { loadDetails } from '../modules/books/transactions/transactions-details.queries.js';
import { unfilteredPage } from '../modules/books/transactions/transactions-page.queries.js';
import { fromPglite, type Database } from './client.js';

/*
 * As `npm start` opens it: an empty embedded database, migrated after it was
 * opened. PGlite learns its array types when it opens, before the migrations
 * create the enums, so a JS array bound to `$n::transaction_status[]` went
 * out as `READY` and failed ("malformed array literal"). The test databases
 * are copies of a migrated one and never saw this.
 */
let database: Database;

beforeAll(async () => {
  database = fromPglite(await PGlite.create());
  await database.migrate();
});
afterAll(async () => database?.close());

describe('prepared statements on a freshly migrated embedded database', () => {
  it('bind lists of enum names and of integers', async () => {
    expect(await storedListCount(database.db, 1, { statuses: ['READY', 'SYNC_ERROR'], hidden: false })).toBe(0);
    expect(await loadDetails(database.db, 1, [1, 2])).toEqual([]);
    const list = { companyPk: 1, statuses: ['READY', 'SYNC_ERROR'] as const, hidden: false };
    expect(await unfilteredPage(database.db, list, { ordering: '-date', limit: 10, offset: 0 })).toEqual({ rows: [], details: [], count: null });
  });
});
