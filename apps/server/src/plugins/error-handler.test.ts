import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { details } from '@herd/contract';
import { openTestDatabase } from '../../test/harness.js';
import type { Database } from '../db/client.js';
import { isDataException } from '../lib/pg-errors.js';
import { registerErrorHandler } from './error-handler.js';

/**
 * The backstop behind validation: a value the database refuses as a data
 * exception (SQLSTATE class 22) answers 400 with a plain message and is
 * logged, on whichever driver the run uses (PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set).
 */
let database: Database;
let app: FastifyInstance;
const logged: { level: number; msg: string; sqlState?: string }[] = [];

/** Statements each database refuses with a data exception. */
const refused: Record<string, ReturnType<typeof sql>> = {
  'numeric out of range (22003)': sql`select ${'2147483648'}::int4 as n`,
  'invalid text representation (22P02)': sql`select ${'abc'}::int4 as n`,
  'datetime field out of range (22008)': sql`select ${'2026-02-30'}::date as d`,
  'numeric field overflow (22003)': sql`select ${'99999999999999'}::numeric(14, 2) as a`,
  'NUL in text (22021 or 22P05)': sql`select ${'a\u0000b'}::text as t`,
};

beforeAll(async () => {
  database = await openTestDatabase();
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(JSON.parse(String(chunk)));
      done();
    },
  });
  app = Fastify({ logger: { level: 'warn', stream: logStream } });
  registerErrorHandler(app);
  app.get('/refused/:name', async (request) => database.db.execute(refused[(request.params as { name: string }).name]!));
  app.get('/crash', async () => {
    throw new Error('not a database error');
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('database data exceptions', () => {
  for (const name of Object.keys(refused)) {
    it(`answer 400 with a plain detail: ${name}`, async () => {
      const before = logged.length;
      const res = await app.inject({ method: 'GET', url: `/refused/${encodeURIComponent(name)}` });
      expect([res.statusCode, res.json()]).toEqual([400, { detail: details.valueNotStorable }]);
      const entry = logged.slice(before).find((l) => l.msg === 'the database refused a value of the request');
      expect(entry?.sqlState).toMatch(/^22/);
    });
  }

  it('leave any other error a 500 that shows nothing of the server', async () => {
    const res = await app.inject({ method: 'GET', url: '/crash' });
    expect([res.statusCode, res.json()]).toEqual([500, { detail: 'Something went wrong on our side. Please try again.' }]);
  });

  it('are told apart by their SQLSTATE class, through the driver’s wrapping', () => {
    expect(isDataException({ code: '22003' })).toBe(true);
    expect(isDataException({ message: 'wrapped', cause: { code: '22P02' } })).toBe(true);
    expect(isDataException({ code: '23505' })).toBe(false);
    expect(isDataException(new Error('plain'))).toBe(false);
  });
});
