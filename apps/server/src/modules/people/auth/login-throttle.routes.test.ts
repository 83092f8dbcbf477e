import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { details } from '@herd/contract';
import { rateLimitHits } from '../../../db/schema/index.js';
import { type TestClient, clientMaker } from '../../../../test/client.js';
import { PASSWORD, codeFromEmail, createFirm, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 28);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const fail = (client: TestClient, email: string) => client.post('users/login/', { email, password: 'Wrong guess 99 walrus' });

/** Moves every failure of one email and address back in time, as if the wait had passed. */
const waitOut = (email: string, ip: string, seconds: number) =>
  t.db
    .update(rateLimitHits)
    .set({ createdAt: new Date(Date.now() - seconds * 1000) })
    .where(and(eq(rateLimitHits.bucket, 'login-failure:pair'), eq(rateLimitHits.key, `${email}|${ip}`)));

describe('failed sign-ins slow down the guesser, never lock out the person', () => {
  it('after 5 failures of one email from one address, asks that address to wait, longer each time', async () => {
    const firm = await createFirm(t.db);
    const guesser = newClient();
    for (let i = 0; i < 5; i++) expect((await fail(guesser, firm.adminEmail)).statusCode).toBe(400);
    const slowed = await guesser.post('users/login/', { email: firm.adminEmail, password: PASSWORD });
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBe(2);
    // The message says the same wait as the header, not a rounded "1 minute".
    expect(slowed.json().detail).toBe('Too many attempts. Try again in 2 seconds.');

    await waitOut(firm.adminEmail, guesser.ip, 3);
    expect((await fail(guesser, firm.adminEmail)).statusCode).toBe(400);
    const longer = await fail(guesser, firm.adminEmail);
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBe(4);
    expect(longer.json().detail).toBe('Too many attempts. Try again in 4 seconds.');
    expect([1, 60, 61, 125, 900].map(details.throttled)).toEqual([
      'Too many attempts. Try again in 1 second.',
      'Too many attempts. Try again in 1 minute.',
      'Too many attempts. Try again in 1 minute and 1 second.',
      'Too many attempts. Try again in 2 minutes and 5 seconds.',
      'Too many attempts. Try again in 15 minutes.',
    ]);
  });

  it('leaves the same person signing in from another address alone', async () => {
    const firm = await createFirm(t.db);
    const guesser = newClient();
    for (let i = 0; i < 12; i++) await fail(guesser, firm.adminEmail);
    expect((await fail(guesser, firm.adminEmail)).statusCode).toBe(429);
    expect((await newClient().post('users/login/', { email: firm.adminEmail, password: PASSWORD })).statusCode).toBe(200);
  });

  it('does not lock out an office behind one address when some of its people mistype', async () => {
    const office = newClient();
    for (let i = 0; i < 40; i++) expect((await fail(office, uniqueEmail('colleague'))).statusCode).toBe(400);
    const firm = await createFirm(t.db);
    expect((await office.post('users/login/', { email: firm.adminEmail, password: PASSWORD })).statusCode).toBe(200);
  });

  it('lets the person in by an emailed link while their password attempts wait', async () => {
    const firm = await createFirm(t.db);
    const browser = newClient();
    for (let i = 0; i < 8; i++) await fail(browser, firm.adminEmail);
    expect((await browser.post('users/login/', { email: firm.adminEmail, password: PASSWORD })).statusCode).toBe(429);
    expect((await browser.post('login/send-magic-link/', { email: firm.adminEmail })).statusCode).toBe(200);
    const code = codeFromEmail(await t.lastMailTo(firm.adminEmail), 'magic');
    expect((await browser.post('login/with-magic-link/', { code })).statusCode).toBe(200);
    expect((await browser.get('users/profile/')).statusCode).toBe(200);
  });

  it('clears the count of that email and address on a successful sign-in', async () => {
    const firm = await createFirm(t.db);
    const browser = newClient();
    for (let i = 0; i < 4; i++) await fail(browser, firm.adminEmail);
    expect((await browser.post('users/login/', { email: firm.adminEmail, password: PASSWORD })).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await fail(browser, firm.adminEmail)).statusCode).toBe(400);
  });
});
