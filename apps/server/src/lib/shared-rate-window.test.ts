import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fromPostgresUrl, type Database } from '../db/client.js';
import { openTestDatabase } from '../../test/harness.js';
import { createDatabaseFromTemplate, dropDatabase } from '../../test/postgres-admin.js';
import { SharedRateWindow } from './shared-rate-window.js';

/**
 * Two "processes": on PostgreSQL two pools on the same database, as two workers would have; on
 * PGlite (one connection by nature) two limiters on the one database.
 */
let processes: Database[] = [];
let cleanup = async () => {};

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('postgresTemplate');
  if (url && template) {
    const name = `herd_window_${randomBytes(5).toString('hex')}`;
    const dbUrl = await createDatabaseFromTemplate(url, name, template);
    processes = [fromPostgresUrl(dbUrl, 4), fromPostgresUrl(dbUrl, 4)];
    cleanup = async () => {
      await Promise.all(processes.map((p) => p.close()));
      await dropDatabase(url, name);
    };
  } else {
    const database = await openTestDatabase();
    processes = [database, database];
    cleanup = () => database.close();
  }
});
afterAll(async () => cleanup());

const LIMIT = 4;
const WINDOW_MS = 400;

const limiters = () => processes.map((p) => new SharedRateWindow(p.db, 'TEST', { limit: LIMIT, windowMs: WINDOW_MS }));

describe('a request window shared through the database', () => {
  it('keeps two independent limiters together within the limit: no window ever holds more than the limit', async () => {
    const [a, b] = limiters();
    const account = `realm-${randomBytes(4).toString('hex')}`;
    const started = Date.now();
    // Twelve requests at once, half from each limiter: three windows' worth.
    const times = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a! : b!).takeAt(account)));
    const sorted = times.map((t) => t.getTime()).sort((x, y) => x - y);
    for (let i = 0; i + LIMIT < sorted.length; i += 1) {
      // The request LIMIT places later came a whole window later (to the millisecond the database reports).
      expect(sorted[i + LIMIT]! - sorted[i]!).toBeGreaterThanOrEqual(WINDOW_MS - 1);
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * WINDOW_MS - 50);
  });

  it('keeps each account to its own window', async () => {
    const [a, b] = limiters();
    const full = `realm-${randomBytes(4).toString('hex')}`;
    await Promise.all(Array.from({ length: LIMIT }, () => a!.take(full)));
    const started = Date.now();
    await b!.take(`realm-${randomBytes(4).toString('hex')}`);
    expect(Date.now() - started).toBeLessThan(WINDOW_MS);
    // While the full one waits for its oldest request to leave the window.
    const waited = Date.now();
    await b!.take(full);
    expect(Date.now() - waited).toBeGreaterThan(WINDOW_MS / 4);
  });
});
