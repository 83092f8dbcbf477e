import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../../test/client.js';
import { codeFromEmail } from '../../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sentryDsn: 'https://key@example.ingest.sentry.io/1', gtmId: null });
});
afterAll(async () => t?.close());

describe('service endpoints', () => {
  it('reports a healthy database and hands out the CSRF cookie', async () => {
    const res = await new TestClient(t.app).get('/api/healthcheck/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
    const csrf = res.cookies.find((c) => c.name === 'csrftoken');
    expect(csrf?.value).toMatch(/^[\w-]{40,}$/);
    expect(csrf?.httpOnly).toBeFalsy();
  });

  it('gives the web app its runtime settings', async () => {
    const res = await new TestClient(t.app).get('generic/client-config/');
    expect(res.json()).toEqual({
      sentry_dsn: 'https://key@example.ingest.sentry.io/1',
      gtm_id: null,
      environment: 'test',
      quickbooks_signup: true,
      xero: 'sandbox',
      quickbooks: 'sandbox',
      email_delivery: true,
      karbon_sandbox: true,
      texts: true,
    });
  });

  it('serves OpenAPI generated from the contract', async () => {
    const res = await new TestClient(t.app).get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/v1/users/login/', '/api/v1/users/accountant-signup/', '/api/v1/users/profile/', '/api/healthcheck/']),
    );
    expect(doc.paths['/api/v1/users/login/'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await new TestClient(t.app).get('no-such-endpoint/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('end-to-end outbox route', () => {
  it('does not exist unless HERD_E2E_OUTBOX is on', async () => {
    expect((await new TestClient(t.app).get('testing/outbox/?to=a@example.com')).statusCode).toBe(404);
  });

  it('returns the newest email to an address when on', async () => {
    const e2e = await createTestApp({ e2eOutbox: true });
    try {
      const client = new TestClient(e2e.app);
      await client.post('users/reset-password/', { email: 'nobody@example.com' });
      await e2e.runJobs();
      expect((await client.get('testing/outbox/?to=nobody@example.com')).statusCode).toBe(404);
      const signup = await client.post('users/accountant-signup/', {
        email: 'e2e@example.com',
        password: 'long-enough-pw',
        first_name: 'E',
        last_name: 'Two',
        company_name: 'E2E',
      });
      expect(signup.statusCode).toBe(200);
      await e2e.runJobs();
      // The sign-up link is kept usable for the end-to-end tests to follow, and it creates the account.
      const confirmation = await client.get('testing/outbox/?to=e2e@example.com');
      expect(confirmation.json()).toMatchObject({ template: 'SIGNUP_CONFIRM' });
      const code = codeFromEmail(confirmation.json().text, 'signup');
      expect((await client.post('users/accountant-signup/confirm/', { code })).statusCode).toBe(200);
      await client.post('login/send-magic-link/', { email: 'E2E@example.com' });
      // Sign-in links are written by a job once the request is answered.
      await e2e.runJobs();
      const mail = await client.get('testing/outbox/?to=E2E@example.com');
      expect(mail.json()).toMatchObject({ template: 'MAGIC_LINK', subject: 'Your sign-in link' });
      expect(mail.json().text).toContain('/auth/?magic=');
    } finally {
      await e2e.close();
    }
  });
});
