import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/client.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';

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
    expect(res.json()).toEqual({ sentry_dsn: 'https://key@example.ingest.sentry.io/1', gtm_id: null, environment: 'test' });
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
