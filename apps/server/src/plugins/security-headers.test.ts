import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

const scriptSources = async (t: TestApp) => {
  const res = await new TestClient(t.app).get('/api/healthcheck/');
  const csp = String(res.headers['content-security-policy']);
  return /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
};

describe('Content-Security-Policy', () => {
  let plain: TestApp;
  let withTags: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ gtmId: null });
    withTags = await createTestApp({ gtmId: 'GTM-TEST123' });
  });
  afterAll(async () => {
    await plain?.close();
    await withTags?.close();
  });

  it('allows scripts from Herd only when no tag-manager id is configured', async () => {
    expect((await scriptSources(plain)).trim()).toBe("'self'");
  });

  it('allows the tag manager’s host when its id is set', async () => {
    expect(await scriptSources(withTags)).toContain('https://www.googletagmanager.com');
  });
});

describe('https-only headers', () => {
  let plain: TestApp;
  let secure: TestApp;
  beforeAll(async () => {
    plain = await createTestApp({ appUrl: 'http://192.168.1.20:3000' });
    secure = await createTestApp({ appUrl: 'https://herd.example.com' });
  });
  afterAll(async () => {
    await plain?.close();
    await secure?.close();
  });

  it('are not sent when Herd is served over plain http, where they would break every asset', async () => {
    const res = await new TestClient(plain.app).get('/api/healthcheck/');
    expect(String(res.headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('are sent when APP_URL is https', async () => {
    const res = await new TestClient(secure.app).get('/api/healthcheck/');
    expect(String(res.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    expect(String(res.headers['strict-transport-security'])).toContain('max-age=15552000');
  });
});
