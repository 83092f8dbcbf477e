import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirm, PASSWORD } from '../apps/server/test/factories.js';
import { createTestApp, type TestApp } from '../apps/server/test/harness.js';
import { signInAs } from './sign-in.js';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
});

describe('the benchmark’s sign-in', () => {
  it('signs in as the web app does and writes with the session’s own CSRF token', async () => {
    const firm = await createFirm(t.db);
    const session = await signInAs(base, firm.adminEmail, PASSWORD);
    expect((await fetch(`${base}/api/v1/users/profile/`, { headers: { cookie: session.cookie } })).status).toBe(200);
    // A write carries the token the login handed out (tied to the session), as the web app's writes do.
    const write = await fetch(`${base}/api/v1/accounting/accountant/client-companies/create/`, {
      method: 'POST',
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Co', connection_kind: 'CSV' }),
    });
    expect(write.status).toBe(201);
  });

  it('says why when the password is wrong', async () => {
    const firm = await createFirm(t.db);
    await expect(signInAs(base, firm.adminEmail, 'not the password')).rejects.toThrow(/bench sign-in failed: 400/);
  });
});
