import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientMaker } from '../../../../test/client.js';
import { createFirm, emailsTo, uniqueEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const newClient = clientMaker(() => t.app, 29);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** What an observer sees of an answer: its status, body and headers, less the ones that differ on every answer. */
const observable = (res: { statusCode: number; body: string; headers: Record<string, unknown> }) => {
  const { date: _date, 'set-cookie': _cookie, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
};

describe.each([
  { path: 'login/send-magic-link/', template: 'MAGIC_LINK' },
  { path: 'users/reset-password/', template: 'PASSWORD_RESET' },
])('$path answers known and unknown emails alike', ({ path, template }) => {
  it('gives the same answer, and looks the email up only after answering', async () => {
    await t.runJobs();
    const firm = await createFirm(t.db);
    const ghost = uniqueEmail('ghost');
    const known = await newClient().post(path, { email: firm.adminEmail });
    const unknown = await newClient().post(path, { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(observable(unknown)).toEqual(observable(known));
    // Nothing was looked up or written while answering: the mail waits in a job.
    expect(await emailsTo(t.db, firm.adminEmail)).toHaveLength(0);

    expect(await t.runJobs()).toBe(2);
    expect((await emailsTo(t.db, firm.adminEmail)).map((m) => m.template)).toEqual([template]);
    expect(await emailsTo(t.db, ghost)).toHaveLength(0);
  });
});
