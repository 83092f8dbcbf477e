import { afterEach, describe, expect, it } from 'vitest';
import { api, httpClient, type HttpAdapter } from './api-client';
import { ApiError, answerError, normaliseError } from './api-errors';

const answer = (status: number, data: unknown, headers: Record<string, string> = {}): ApiError => answerError({ status, data, headers: new Headers(headers) });

const originalAdapter = httpClient.defaults.adapter;
afterEach(() => {
  httpClient.defaults.adapter = originalAdapter;
});

/** What a call rejects with when the adapter does `fail`. */
const failure = async (fail: HttpAdapter, timeout = 0) => {
  httpClient.defaults.adapter = fail;
  return normaliseError(await api.get('users/profile/', undefined, { timeout }).catch((e: unknown) => e));
};

describe('normaliseError', () => {
  it('keeps the server detail and status', () => {
    const error = normaliseError(answer(400, { detail: 'Unable to sign in with the email and password provided.' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.detail).toBe('Unable to sign in with the email and password provided.');
    expect(error.message).toBe('Unable to sign in with the email and password provided.');
    expect(error.fields).toEqual({});
  });

  it('collects field errors, with the first one as the message', () => {
    const error = normaliseError(answer(400, { email: ['An account with this email already exists.'], password: ['Password is required.', 'x'] }));
    expect(error.detail).toBeNull();
    expect(error.fields).toEqual({
      email: ['An account with this email already exists.'],
      password: ['Password is required.', 'x'],
    });
    expect(error.message).toBe('An account with this email already exists.');
  });

  it('reads Retry-After of a throttled answer', () => {
    const error = normaliseError(answer(429, { detail: 'Too many attempts. Try again in 1 minute.' }, { 'retry-after': '42' }));
    expect(error.status).toBe(429);
    expect(error.retryAfterSeconds).toBe(42);
  });

  it('falls back to the status when the body says nothing', () => {
    const error = normaliseError(answer(502, '<html>Bad gateway</html>'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Request failed with status code 502');
  });

  it('turns a failure without answer into "Network Error"', async () => {
    const error = await failure(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(error.status).toBeNull();
    expect(error.message).toBe('Network Error');
  });

  it('turns a timeout into "timeout of N ms exceeded" with the configured timeout', async () => {
    const never: HttpAdapter = () => new Promise(() => undefined);
    const error = await failure(never, 50);
    expect(error.message).toBe('timeout of 50 ms exceeded');
    const clarified = await failure(never, 25);
    expect(clarified.message).toBe('timeout of 25 ms exceeded');
  });

  it('turns aborted and cancelled requests into "Request aborted"', async () => {
    const controller = new AbortController();
    httpClient.defaults.adapter = () => new Promise(() => undefined);
    const pending = api.get('users/profile/', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(normaliseError(await pending).message).toBe('Request aborted');
    expect((await failure(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')))).message).toBe('Request aborted');
    expect(normaliseError(new DOMException('The operation was aborted.', 'AbortError')).message).toBe('Request aborted');
  });

  it('passes an ApiError through unchanged', () => {
    const original = new ApiError({ message: 'x', status: 418 });
    expect(normaliseError(original)).toBe(original);
  });
});
