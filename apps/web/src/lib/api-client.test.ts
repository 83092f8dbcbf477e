import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, TEST_CSRF_TOKEN } from '../../test/fake-api';
import { api, httpClient, queryString, readCsrfToken } from './api-client';
import { ApiError } from './api-errors';

const originalAdapter = httpClient.defaults.adapter;
afterEach(() => {
  httpClient.defaults.adapter = originalAdapter;
});

describe('api client', () => {
  it('sends cookies, JSON Accept and no timeout', () => {
    expect(httpClient.defaults.withCredentials).toBe(true);
    expect(httpClient.defaults.baseURL).toBe('/api/v1/');
    expect(httpClient.defaults.timeout).toBe(0);
    expect(String(httpClient.defaults.headers.Accept)).toBe('application/json');
  });

  it('puts the csrftoken cookie into X-CSRFToken on unsafe methods only', async () => {
    const fake = createFakeApi()
      .on('GET', 'users/profile/', { status: 200, data: {} })
      .on('POST', 'users/logout/', { status: 204 })
      .on('PATCH', 'users/profile/update/', { status: 200, data: {} })
      .on('DELETE', 'things/1/', { status: 204 })
      .install();
    document.cookie = 'csrftoken=abc%20123; path=/';
    await api.get('users/profile/');
    await api.post('users/logout/');
    await api.patch('users/profile/update/', { first_name: 'A' });
    await api.del('things/1/', { pks: '1,2' });
    const [get, post, patch, del] = fake.requests;
    expect(get?.headers.get('X-CSRFToken')).toBeFalsy();
    expect(post?.headers.get('X-CSRFToken')).toBe('abc 123');
    expect(patch?.headers.get('X-CSRFToken')).toBe('abc 123');
    expect(patch?.body).toEqual({ first_name: 'A' });
    expect(del?.headers.get('X-CSRFToken')).toBe('abc 123');
    expect(del?.params).toEqual({ pks: '1,2' });
    expect(del?.body).toBeUndefined();
  });

  it('reads the __Host- prefixed CSRF cookie an HTTPS server hands out, before the plain one', () => {
    expect(readCsrfToken('sessionid=x; __Host-csrftoken=secure%2Dtoken; csrftoken=stale')).toBe('secure-token');
    expect(readCsrfToken('csrftoken=plain')).toBe('plain');
    expect(readCsrfToken('other=1')).toBeNull();
  });

  it('fetches a CSRF cookie first when an unsafe call comes before any GET', async () => {
    const fake = createFakeApi()
      .on('GET', 'generic/client-config/', { status: 200, data: { sentry_dsn: null, gtm_id: null, environment: 'test', quickbooks_signup: true } })
      .on('POST', 'users/login/', { status: 200, data: {} })
      .install();
    await api.post('users/login/', { email: 'a@b.co', password: 'x' });
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/v1/generic/client-config/', 'POST /api/v1/users/login/']);
    expect(fake.requests[1]?.headers.get('X-CSRFToken')).toBe(TEST_CSRF_TOKEN);
  });

  it('rejects with a normalised ApiError', async () => {
    createFakeApi()
      .on('POST', 'users/login/', { status: 400, data: { detail: 'Unable to sign in with the email and password provided.' } })
      .install();
    document.cookie = 'csrftoken=t; path=/';
    const error: unknown = await api.post('users/login/', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).detail).toBe('Unable to sign in with the email and password provided.');
  });

  it('rejects transport failures with the transport messages', async () => {
    // What fetch does when no answer comes (offline, connection refused).
    httpClient.defaults.adapter = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(api.get('users/profile/')).rejects.toThrow(/^Network Error$/);
    httpClient.defaults.adapter = () => new Promise(() => undefined);
    await expect(api.get('users/profile/', undefined, { timeout: 1500 })).rejects.toThrow(/^timeout of 1500 ms exceeded$/);
    const controller = new AbortController();
    controller.abort();
    httpClient.defaults.adapter = () => new Promise(() => undefined);
    await expect(api.get('users/profile/', undefined, { signal: controller.signal })).rejects.toThrow(/^Request aborted$/);
  });

  it('sends JSON with its content type, a form as it is, and answers 204 with nothing', async () => {
    const fake = createFakeApi()
      .on('POST', 'users/login/', { status: 200, data: { ok: true } })
      .on('POST', 'files/upload/', { status: 204 })
      .install();
    document.cookie = 'csrftoken=t; path=/';
    await expect(api.post('users/login/', { email: 'a@b.co' })).resolves.toEqual({ ok: true });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.csv');
    await expect(api.post('files/upload/', form)).resolves.toBeUndefined();
    const [json, multipart] = fake.requests;
    expect(json?.headers.get('Content-Type')).toBe('application/json');
    expect(json?.body).toEqual({ email: 'a@b.co' });
    // The browser sets the multipart boundary itself.
    expect(multipart?.headers.get('Content-Type')).toBeNull();
    expect(multipart?.body).toBe(form);
    expect(multipart?.headers.get('X-CSRFToken')).toBe('t');
  });

  it('writes the query as the server reads it: empty values left out, lists as repeated key[]', () => {
    expect(queryString({ page: 2, search: 'a b', gone: undefined, none: null, flag: false, ids: [1, 2] })).toBe('?page=2&search=a+b&flag=false&ids%5B%5D=1&ids%5B%5D=2');
    expect(queryString({})).toBe('');
  });
});
